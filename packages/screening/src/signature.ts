/**
 * Canonical formula signatures for probe detection. A signature splits a formula request into
 * what stays fixed while a prober works (the family: architecture and the ingredient set, blends
 * included) and the numbers a prober moves (the chassis share and every amount, in one fixed
 * order). pH is left out: adjusting pH is ordinary formulating and reveals no composition.
 *
 * The input is the request's own shape, not the formula library's parsed one: a line is
 * {n, pct} or {pct, blend: [{n, f}]}.
 *
 * Two ordinary ways of writing a formula leave the signature alone (issue 30):
 * - the balancing line (water, the line a `balance` remedy moves) is not a coordinate: a step that
 *   moves one amount and water with it is one step of one number, and a balanced sweep is seen;
 * - plain lines of one name (water or glycerin written once per phase) count as one line at their
 *   total, so splitting a line into phases is neither a new family nor a ladder.
 */
import { WATER_LABEL_WORDS, remembered } from '@svc/formula';

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

/** Spellings of water, the line a formula balances with (remedies.ts WATER_LABEL_WORDS and the usual others). */
export const BALANCING_NAMES: ReadonlySet<string> = new Set([
  ...WATER_LABEL_WORDS,
  'EAU',
  'AQUA/WATER',
  'WATER/AQUA',
  'AQUA (WATER)',
  'WATER (AQUA)',
  'AQUA/WATER/EAU',
  'DEIONIZED WATER',
  'DEIONISED WATER',
  'DEMINERALIZED WATER',
  'DEMINERALISED WATER',
  'PURIFIED WATER',
  'DISTILLED WATER',
]);

export interface Signature {
  /** Hash of the architecture and the ingredient set (with multiplicity), order-free. */
  family: string;
  /** share first, then each line's pct and blend fractions in the family's canonical order. */
  coords: number[];
  /**
   * What each coordinate is, as a hash of the architecture (the chassis share) or of the architecture
   * and its line (`<hash>.<i>` for a blend's i-th fraction): lets a line be followed across families,
   * when lines come and go; another architecture is another chassis, never compared.
   */
  keys: string[];
  /** The most plain lines sharing one name other than water in this request (a ladder inside one request). */
  sameNameLines: number;
}

const canonical = (n: string): string => n.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').trim().replace(/\s+/g, ' ').toUpperCase();
/** Names repeat across requests (a formula is sent again and again): each is canonicalised once. */
const key = remembered(canonical);
/** An item's key under an architecture, as it travels between replicas: a hash, never a name. */
const lineKeys = new Map<string, Map<string, string>>();
function lineKey(architecture: string, k: string): string {
  let m = lineKeys.get(architecture);
  if (!m) {
    if (lineKeys.size >= 16) lineKeys.clear();
    lineKeys.set(architecture, (m = new Map()));
  }
  let h = m.get(k);
  if (h === undefined) {
    // Bounded like the other memos: names repeat, but a caller may send endless new ones.
    if (m.size >= 50_000) m.clear();
    m.set(k, (h = hash53(`${architecture}|${k}`)));
  }
  return h;
}

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

function keysOf(architecture: string, items: ReadonlyArray<{ k: string; nums: readonly number[] }>): string[] {
  const keys = [lineKey(architecture, '')];
  const seen = new Map<string, number>();
  for (const i of items) {
    // Two blends of the same components are two lines: the second of a key is numbered.
    const n = seen.get(i.k) ?? 0;
    seen.set(i.k, n + 1);
    const h = n ? `${lineKey(architecture, i.k)}#${n}` : lineKey(architecture, i.k);
    keys.push(h);
    for (let j = 1; j < i.nums.length; j++) keys.push(`${h}.${j}`);
  }
  return keys;
}

export function signatureOf(f: FormulaLike): Signature {
  const plain = new Map<string, { pct: number; lines: number }>();
  const items: Array<{ k: string; nums: number[] }> = [];
  let water = false;
  for (const l of f.lines) {
    if (l.blend) {
      const comps = l.blend.map((b) => ({ k: key(b.n), f: b.f === 'trace' ? 0 : b.f })).sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : a.f - b.f));
      items.push({ k: `[${comps.map((c) => c.k).join('+')}]`, nums: [l.pct, ...comps.map((c) => c.f)] });
      continue;
    }
    const k = key(l.n ?? '');
    if (BALANCING_NAMES.has(k)) {
      water = true;
      continue;
    }
    const held = plain.get(k);
    if (held) {
      held.pct += l.pct;
      held.lines++;
    } else plain.set(k, { pct: l.pct, lines: 1 });
  }
  for (const [k, v] of plain) items.push({ k, nums: [Math.round(v.pct * 1e6) / 1e6] });
  items.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : (a.nums[0] ?? 0) - (b.nums[0] ?? 0)));
  let sameNameLines = 0;
  for (const v of plain.values()) sameNameLines = Math.max(sameNameLines, v.lines);
  return {
    family: hash53(`${f.architecture}|${water ? 'AQUA|' : ''}${items.map((i) => i.k).join('|')}`),
    coords: [f.share, ...items.flatMap((i) => i.nums)],
    keys: keysOf(f.architecture, items),
    sameNameLines,
  };
}
