/**
 * Canonical formula signatures for probe detection. A signature splits a formula request into
 * what stays fixed while a prober works (the family: architecture and the ingredient set, blends
 * included) and the numbers a prober moves (the chassis share and every amount, in one fixed
 * order). pH is left out: adjusting pH is ordinary formulating and reveals no composition.
 *
 * The input is the request's own shape, not the formula library's parsed one: a line is
 * {n, pct} or {pct, blend: [{n, f}]}.
 */
import { remembered } from '@svc/formula';

export interface SignatureLine {
  n?: string;
  pct: number;
  blend?: ReadonlyArray<{ n: string; f: number | 'trace' }>;
}

export interface FormulaLike {
  /** basePct on /check, nbPct on label and preservation: the same quantity (the chassis share). */
  share: number;
  architecture: string;
  lines: readonly SignatureLine[];
}

export interface Signature {
  /** Hash of the architecture and the ingredient set (with multiplicity), order-free. */
  family: string;
  /** share first, then each line's pct and blend fractions in the family's canonical order. */
  coords: number[];
  /** The most plain lines sharing one name in this request (a ladder inside one request). */
  sameNameLines: number;
}

const canonical = (n: string): string => n.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').trim().replace(/\s+/g, ' ').toUpperCase();
/** Names repeat across requests (a formula is sent again and again): each is canonicalised once. */
const key = remembered(canonical);

/** FNV-1a over the string, 53 bits: fast, pure, and collisions only merge two families' windows. */
export function hash53(s: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 16777619);
    h2 = Math.imul(h2 ^ c, 2246822519);
  }
  return ((h2 >>> 0) & 0x1fffff).toString(36) + (h1 >>> 0).toString(36);
}

export function signatureOf(f: FormulaLike): Signature {
  const items = f.lines.map((l) => {
    if (l.blend) {
      const comps = l.blend.map((b) => ({ k: key(b.n), f: b.f === 'trace' ? 0 : b.f })).sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : a.f - b.f));
      return { k: `[${comps.map((c) => c.k).join('+')}]`, nums: [l.pct, ...comps.map((c) => c.f)] };
    }
    return { k: key(l.n ?? ''), nums: [l.pct] };
  });
  // Same-name lines are told apart by their amounts, so a reordered request has the same coords.
  items.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : (a.nums[0] ?? 0) - (b.nums[0] ?? 0)));
  const counts = new Map<string, number>();
  for (const l of f.lines) {
    if (l.blend) continue;
    const k = key(l.n ?? '');
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return {
    family: hash53(`${f.architecture}|${items.map((i) => i.k).join('|')}`),
    coords: [f.share, ...items.flatMap((i) => i.nums)],
    sameNameLines: Math.max(0, ...counts.values()),
  };
}
