/**
 * Egress filter (domain.md section 5, control 5): the last check before a label, preservation or
 * knowledge answer (or a log line, or an event) leaves. It looks for two things only:
 *  - a chassis component name standing next to a number (in text, in an object that pairs a name
 *    with a numeric field, in an array [name, number], or a name used as a key of a number);
 *  - a canary token of the chassis file.
 * It is deliberately blunt: a false positive blocks one response, a false negative leaks a secret.
 * Findings name the place and the component, never the number or the token found.
 */
import { CANARY_SHAPE, normaliseName, remembered } from '@svc/formula';
import type { Chassis } from './chassis';

/** How far apart a name and a number may stand, in separator characters, and still be "next to". */
const GAP = 8;
/** Any token of the canary shape, held by this deployment or not: the filter behaves alike everywhere. */
const ANY_CANARY = CANARY_SHAPE;
/** Names a label writes in place of a chassis name on another market. */
const ALIASES: Record<string, string[]> = { AQUA: ['WATER'], WATER: ['AQUA'], PARFUM: ['FRAGRANCE'], FRAGRANCE: ['PARFUM'] };

export interface LeakFinding {
  kind: 'canary' | 'amount';
  /** Where in the value, e.g. `reasons[2].text` or `composition[1]`. */
  path: string;
  /** The component name involved (public: names are disclosed by the label's tail). */
  component?: string;
}

export interface LeakOptions {
  /**
   * Name/amount pairs the caller sent themselves (composition mode echoes the caller's own lines);
   * a match equal to one of them is not a finding.
   */
  allow?: ReadonlyArray<{ name: string; pct: number }>;
  /** More names to guard, e.g. the US label names of chassis components. */
  extraNames?: readonly string[];
  /**
   * The names the caller sent (line and blend names). Answers echo them, and a digit inside one
   * ("NIACINAMIDE 5%", "POLYSORBATE 20") would otherwise read as an amount beside whichever chassis
   * name the echo lands next to. Each one that holds a digit is blanked before the scan; a name
   * that trips the filter on its own is refused before this point (assertCallerNames).
   */
  callerNames?: readonly string[];
}

export class LeakError extends Error {
  override readonly name = 'LeakError';
  readonly findings: readonly LeakFinding[];
  constructor(findings: readonly LeakFinding[]) {
    const where = findings.slice(0, 5).map((f) => `${f.kind} at ${f.path}${f.component ? ` (${f.component})` : ''}`);
    super(`egress blocked: ${findings.length} possible chassis disclosure(s): ${where.join('; ')}`);
    this.findings = findings;
  }
}

interface Guard {
  names: Set<string>;
  pattern: RegExp;
  canaries: readonly string[];
}

const guards = new WeakMap<Chassis, Guard>();

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function guardOf(chassis: Chassis, extra: readonly string[] = []): Guard {
  const cached = extra.length === 0 ? guards.get(chassis) : undefined;
  if (cached) return cached;
  const names = new Set<string>();
  for (const n of [...chassis.allNames(), ...extra]) {
    const key = normaliseName(n);
    if (!key) continue;
    names.add(key);
    for (const a of ALIASES[key] ?? []) names.add(a);
  }
  // Longest first so that "POLYGLYCERYL-10 LAURATE" wins over a shorter name it contains.
  const alternatives = [...names].sort((a, b) => b.length - a.length).map((n) => escape(n).replace(/ /g, '\\s+'));
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  const g = { names, pattern, canaries: chassis.canaries };
  if (extra.length === 0) guards.set(chassis, g);
  return g;
}

const NUMBER_AFTER = new RegExp(`^[^\\p{L}\\p{N}\\n]{0,${GAP}}?(\\d+(?:[.,]\\d+)*)`, 'u');
const NUMBER_BEFORE = new RegExp(`(\\d+(?:[.,]\\d+)*)([^\\p{L}\\p{N}\\n]{0,${GAP}})$`, 'u');

function toNumber(token: string): number {
  // "1,5" is a decimal comma; "1,2" inside names never reaches here (it is bound to a hyphen).
  return Number(token.includes('.') ? token.replace(/,/g, '') : token.replace(',', '.'));
}

function allowed(name: string, value: number, opts: LeakOptions): boolean {
  if (!opts.allow) return false;
  const key = normaliseName(name).replace(/\s*\(NANO\)$/, '');
  return opts.allow.some((a) => normaliseName(a.name).replace(/\s*\(NANO\)$/, '') === key && Math.abs(a.pct - value) < 5e-5);
}

/**
 * A chassis name can be the last words of a caller's longer name ("ROSA DAMASCENA FLOWER WATER"
 * holds WATER): the number after it is then the caller's own amount for the whole name, allowed
 * exactly as it is for that name, and for no other value.
 */
function allowedAsTail(text: string, end: number, value: number, opts: LeakOptions): boolean {
  if (!opts.allow) return false;
  return opts.allow.some((a) => {
    const full = a.name.replace(/\s*\(nano\)$/i, '');
    if (Math.abs(a.pct - value) >= 5e-5 || full.length > end) return false;
    return normaliseName(text.slice(end - full.length, end)) === normaliseName(full) && (end - full.length === 0 || !/[\p{L}\p{N}]/u.test(text.charAt(end - full.length - 1)));
  });
}

/** Whether a number token belongs to a name (1,2-HEXANEDIOL, PEG-8, CI 77491) rather than an amount. */
function boundToName(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 3), start);
  const after = text.charAt(end);
  if (/[-\p{L}]$/u.test(before)) return true;
  if (/^[-\p{L}]/u.test(after)) return true;
  return /\bCI\s$/i.test(before);
}

/**
 * One pattern of the caller's names that hold a digit, as written and as printed (normalised):
 * none when no name holds a digit, the common case, which then costs nothing. A name that is itself
 * a guarded name, or trips the filter on its own, is never blanked.
 */
function callerPattern(names: readonly string[] | undefined, g: Guard): RegExp | null {
  if (!names?.length) return null;
  const forms = new Set<string>();
  for (const n of names) {
    // A bare number is never blanked: it could hide a number the service itself wrote.
    if (!/\d/.test(n) || !/\p{L}/u.test(n)) continue;
    const trimmed = n.trim().replace(/\s+/g, ' ');
    const key = normaliseName(n);
    if (g.names.has(key)) continue;
    // A name that trips the filter on its own ("GLYCERIN 7") stays scanned wherever it appears.
    const alone: LeakFinding[] = [];
    scanText(trimmed, '', g, {}, alone);
    if (alone.length) continue;
    for (const f of [trimmed, key]) if (f) forms.add(f);
  }
  if (forms.size === 0) return null;
  const alternatives = [...forms].sort((a, b) => b.length - a.length).map((f) => escape(f).replace(/ /g, '\\s+'));
  return new RegExp(alternatives.join('|'), 'giu');
}

function scanText(text: string, path: string, g: Guard, opts: LeakOptions, out: LeakFinding[], caller: RegExp | null = null): void {
  const lower = text.toLowerCase();
  if (ANY_CANARY.test(text) || g.canaries.some((c) => lower.includes(c))) out.push({ kind: 'canary', path });
  if (!/\d/.test(text)) return;
  // Blanked with a letter, so an echoed name neither carries a number nor ends a list item with one.
  if (caller) text = text.replace(caller, (m) => 'x'.repeat(m.length));
  if (!/\d/.test(text)) return;
  g.pattern.lastIndex = 0;
  for (let m = g.pattern.exec(text); m; m = g.pattern.exec(text)) {
    const name = m[0];
    const start = m.index;
    const end = start + name.length;
    const after = NUMBER_AFTER.exec(text.slice(end, end + GAP + 40));
    if (after?.[1]) {
      const numStart = end + after[0].length - after[1].length;
      const value = toNumber(after[1]);
      if (!boundToName(text, numStart, end + after[0].length) && !allowed(name, value, opts) && !allowedAsTail(text, end, value, opts)) {
        out.push({ kind: 'amount', path, component: normaliseName(name) });
        continue;
      }
    }
    const head = text.slice(Math.max(0, start - GAP - 40), start);
    const before = NUMBER_BEFORE.exec(head);
    if (before?.[1]) {
      const numStart = Math.max(0, start - GAP - 40) + before.index;
      // "PEPTIDE COMPLEX 7, GLYCERIN": the number ends the previous item of a list, not an amount.
      const listItem = before[2] === ', ' && /\p{L} $/u.test(text.slice(Math.max(0, numStart - 2), numStart));
      if (!listItem && !boundToName(text, numStart, numStart + before[1].length) && !allowed(name, toNumber(before[1]), opts)) {
        out.push({ kind: 'amount', path, component: normaliseName(name) });
      }
    }
  }
}

// Responses repeat the same few hundred names; normalising each one again on every response was
// the filter's main cost. Bounded so that free text cannot grow it without limit.
const nameKey = remembered((value) => normaliseName(value).replace(/\s*\(NANO\)$/, ''));

function guardedName(value: unknown, g: Guard): string | null {
  if (typeof value !== 'string') return null;
  const key = nameKey(value);
  return g.names.has(key) ? key : null;
}

function join(path: string, key: string | number): string {
  return typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;
}

function walk(value: unknown, path: string, g: Guard, opts: LeakOptions, out: LeakFinding[], depth: number, caller: RegExp | null): void {
  if (depth > 64) return;
  if (typeof value === 'string') {
    scanText(value, path || '(value)', g, opts, out, caller);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      walk(v, join(path, i), g, opts, out, depth + 1, caller);
      const next = value[i + 1];
      const name = guardedName(v, g);
      const prev = i > 0 ? value[i - 1] : undefined;
      for (const n of [next, prev]) {
        if (name && typeof n === 'number' && Number.isFinite(n) && !allowed(name, n, opts)) {
          out.push({ kind: 'amount', path: join(path, i), component: name });
          break;
        }
      }
    });
    return;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    const numbers = entries.filter(([, v]) => typeof v === 'number' && Number.isFinite(v)).map(([, v]) => v as number);
    for (const [k, v] of entries) {
      const p = join(path, k);
      scanText(k, `${p} (key)`, g, opts, out, caller);
      const keyName = guardedName(k, g);
      if (keyName && typeof v === 'number' && !allowed(keyName, v, opts)) out.push({ kind: 'amount', path: p, component: keyName });
      const name = guardedName(v, g);
      if (name && numbers.some((n) => !allowed(name, n, opts))) out.push({ kind: 'amount', path: path || '(value)', component: name });
      walk(v, p, g, opts, out, depth + 1, caller);
    }
  }
}

/** Every place where `value` may disclose the chassis; empty when it is clean. */
export function findLeaks(value: unknown, chassis: Chassis, opts: LeakOptions = {}): LeakFinding[] {
  const g = guardOf(chassis, opts.extraNames);
  const out: LeakFinding[] = [];
  walk(value, '', g, opts, out, 0, callerPattern(opts.callerNames, g));
  return out;
}

/** Throws LeakError when `value` (text or any JSON-like object) may disclose the chassis. */
export function assertNoLeak(value: unknown, chassis: Chassis, opts: LeakOptions = {}): void {
  const findings = findLeaks(value, chassis, opts);
  if (findings.length > 0) throw new LeakError(findings);
}
