/**
 * Probe detection over a sliding window of one subject's formula signatures (the tripwire of
 * domain.md section 5, point 4). What tells a sweep from formulating:
 *
 * - a sweep or a bisection keeps the ingredient set and every other number fixed and moves ONE
 *   number (an amount, a blend fraction or the chassis share) through many values, stepping or
 *   halving, because each answer is read as one bit about where a label rank or a verdict flips;
 * - formulating changes several lines at once (a remedy, an added active, another architecture),
 *   or one line a few times until the verdict is compatible, and then moves on.
 *
 * So a sweep is a run of requests of one family that differ from the newest in the same single
 * coordinate only, reaching PROBE_LIMITS distinct values of it. The balancing line is no coordinate
 * (signature.ts), and a step that moves two numbers by opposite amounts (one line up, the line that
 * balances it down) is one step of the first. Requests of other families in between do not break the
 * run (interleaving a decoy is the obvious evasion); identical repeats add no value. A ladder is
 * many plain lines of one name in one request, each at its own amount, more than a formula has
 * phases.
 *
 * Preservation guidance exists to choose a preservative level, so there a handful of levels of one
 * line is a choice, not a probe: its own threshold is higher (choiceValues). Formula checks and
 * labels, and any run that moves the chassis share, keep the lower one. The thresholds and what a
 * prober can still do are in docs/decisions.md (issue 30).
 */
import type { Signature } from './signature';

export interface WindowEntry {
  family: string;
  coords: readonly number[];
  at: number;
  /** Sent to preservation guidance (where trying levels is the purpose) rather than a check or a label. */
  guidance?: boolean;
  /** What each coordinate is (Signature.keys); absent from older replicas, whose entries nameRun skips. */
  keys?: readonly string[];
}

export const PROBE_LIMITS = {
  /** Distinct values of the one moving number on checks and labels (or of the share anywhere) that make a sweep: refused at the 5th. */
  sweepValues: 5,
  /** Distinct values of one line in preservation guidance that make a sweep: 7 levels are a choice, the 8th is refused. */
  choiceValues: 8,
  /** Distinct values of one number on checks and labels, stepped evenly one way, that make a sweep: refused at the 4th. */
  steppedValues: 4,
  /** How far a step may stray from the mean step and still be "even" (a share of it). */
  stepSpread: 0.25,
  /**
   * How far a decoy may wander and still be a decoy, as a share of its largest value: a fragrance
   * nudged between 0.18 and 0.25 beside a sweep; a remedy moves a line further (5 to 3 %).
   */
  decoyBand: 0.3,
  /** Other numbers that may toggle between two values, or wander within decoyBand, along a sweep without hiding it (decoys): a third is formulating. */
  decoyLines: 2,
  /** Distinct points of two numbers moved together on checks and labels, all else fixed, that make a grid: refused at the 5th. */
  gridPoints: 5,
  /** Plain lines of one name (other than water) in one request that make a ladder: more than the phases of a formula. */
  ladderLines: 4,
  /**
   * Lines (or blend numbers) that may come and go between two requests for nameRun to compare them:
   * a probe adds or removes one or two; two formulas further apart are two products.
   */
  lineChanges: 2,
  /** Lines two requests must have in common (besides the share) for nameRun to compare them. */
  sharedLines: 3,
  /**
   * Lines added in one request to the formula the subject sent last (every line of it kept) whose
   * amounts follow one even step (0.1, 0.3, 0.5 ... 1.1): probe ingredients lined up, refused at
   * once. A formula of its own (a first request, another product) is never read so: its amounts
   * often sit on whole numbers (1, 2, 3, 4, 5, 6 %).
   */
  lineupLines: 6,
  /**
   * Distinct values of the chassis share in one product (productLines lines in common with the newest
   * request, at most productChanges come and go), whatever else moved: refused at the 6th. Each value
   * reads every component's label rank, so edits of other lines at each step (decoys) do not hide it;
   * a formulator tries a handful of shares (our honest sessions: three at most).
   */
  productShares: 6,
  productLines: 3,
  productChanges: 3,
  /**
   * Distinct compositions of one trade-name raw material (a blend of the same components under one
   * architecture): refused at the 3rd. A supplier's blend has one composition; a second is a typo
   * mended or another supplier's grade, a third steps the fraction of a component hidden inside it
   * (our honest sessions: one composition each; seven probing sessions of other hands: 3 to 9).
   */
  blendRecipes: 3,
  /** What the window holds per subject. */
  windowEntries: 32,
  windowMs: 30 * 60_000,
} as const;

export interface Probe {
  rule: 'probe.sweep' | 'probe.ladder';
}

/**
 * Two numbers are "the same" for a sweep when they differ by at most 2 % (or 0.01 absolute for
 * small ones): jittering a second amount a little at every step does not hide a sweep, and
 * formulating moves amounts by far more than that.
 */
export const JITTER = { relative: 0.02, absolute: 0.01 } as const;
const near = (x: number, y: number): boolean => x === y || Math.abs(x - y) <= Math.max(JITTER.absolute, JITTER.relative * Math.max(Math.abs(x), Math.abs(y)));
/**
 * The moving number of a sweep is read finer than the jitter: a bisection closes in by less than 2 %
 * (53.9, then 53.95), and only a client's rounding noise (3 and 3.0004) is one value.
 */
export const FINE = { relative: 0.0005, absolute: 0.001 } as const;
const same = (x: number, y: number): boolean => x === y || Math.abs(x - y) <= Math.max(FINE.absolute, FINE.relative * Math.max(Math.abs(x), Math.abs(y)));

/**
 * The one coordinate in which a and b differ beyond jitter: its index, -1 when none, null when the
 * shapes differ or more than one number moved. Two numbers moving by opposite amounts (a line and
 * the line that balances it) are one move, of the first.
 */
function movedCoordinate(a: readonly number[], b: readonly number[]): number | null {
  if (a.length !== b.length) return null;
  const out: number[] = [];
  for (let i = 0; i < a.length; i++) {
    if (near(a[i]!, b[i]!)) continue;
    if (out.length === 2) return null;
    out.push(i);
  }
  if (out.length === 0) return -1;
  if (out.length === 1) return out[0]!;
  const [i, j] = out as [number, number];
  return near(a[i]! - b[i]!, b[j]! - a[j]!) ? i : null;
}

export interface Run {
  /** The number that moves, -1 when none. */
  moving: number;
  /** Distinct values it took along the run, the newest included. */
  values: number;
  /** Of those, the values sent to checks and labels (the newest included when it is one). */
  formulaValues: number;
  /** The values sent to checks and labels in the order sent, repeats in a row once, the newest last (decoyRun only). */
  steps?: number[];
}

/**
 * The run the newest signature continues. Every other number stays within jitter of the newest
 * request's all along the run.
 */
export function sweepRun(window: readonly WindowEntry[], next: Signature, now: number, guidance = false): Run {
  const since = now - PROBE_LIMITS.windowMs;
  let moving = -1;
  const values = new Set<number>();
  const formulaValues = new Set<number>();
  // Near-repeats seen before the moving number is known still count their value of it once it is.
  const pending: WindowEntry[] = [];
  const count = (e: { coords: readonly number[]; guidance?: boolean }) => {
    const v = e.coords[moving]!;
    values.add(v);
    if (!e.guidance) formulaValues.add(v);
  };
  for (let i = window.length - 1; i >= 0; i--) {
    const e = window[i]!;
    if (e.at < since) break;
    if (e.family !== next.family) continue;
    const d = movedCoordinate(e.coords, next.coords);
    if (d === null || (d >= 0 && moving >= 0 && d !== moving)) break;
    if (d >= 0 && moving < 0) {
      moving = d;
      for (const p of pending) count(p);
      pending.length = 0;
    }
    if (moving >= 0) count(e);
    else pending.push(e);
  }
  if (moving < 0) return { moving, values: 0, formulaValues: 0 };
  count({ coords: next.coords, guidance });
  return { moving, values: values.size, formulaValues: formulaValues.size };
}

/** A number's spread along the rows as a share of its largest value. */
function spread(rows: ReadonlyArray<{ coords: readonly number[] }>, k: number): number {
  const v = rows.map((r) => r.coords[k]!);
  const hi = Math.max(...v.map(Math.abs));
  return hi ? (Math.max(...v) - Math.min(...v)) / hi : 0;
}

/**
 * Whether number k's values along the rows go to and fro within decoyBand of its largest, and within
 * half the moving number's spread: a decoy nudged back and forth beside a sweep. A trend one way (a
 * remedy lowering a line step by step), or a second line tuned as much as the first (an emulsifier
 * and its co-emulsifier), is formulating.
 */
function jiggles(rows: ReadonlyArray<{ coords: readonly number[] }>, k: number, moving: number): boolean {
  const s = spread(rows, k);
  if (s > PROBE_LIMITS.decoyBand || s > spread(rows, moving) / 2) return false;
  const v = rows.map((r) => r.coords[k]!);
  let dir = 0;
  for (let i = 1; i < v.length; i++) {
    if (near(v[i]!, v[i - 1]!)) continue;
    const d = Math.sign(v[i]! - v[i - 1]!);
    if (dir && d !== dir) return true;
    dir = d;
  }
  return false;
}

/** Adds v to the distinct values held unless one is within jitter of it (or the same, when fine); returns whether it was new. */
function addDistinct(values: number[], v: number, fine = false): boolean {
  for (const u of values) if (Object.is(u, v) || (fine ? same(u, v) : near(u, v))) return false;
  values.push(v);
  return true;
}

/**
 * The sweep a decoy hides. An edit of another line now and then (a fragrance 0.1, then 0.12, then
 * 0.1 again) breaks the unbroken run of sweepRun, so this reads every request of the family in the
 * window at once: the number that took the most values is the moving one when every other number
 * took at most two values (a decoy toggled back and forth) or moved against it all along (the line
 * that balances it), and at most decoyLines of them moved at all. Formulating moves other lines to
 * new values as it goes (a remedy, the next active), and is no run here.
 */
export function decoyRun(window: readonly WindowEntry[], next: Signature, now: number, guidance = false, least: number = PROBE_LIMITS.sweepValues): Run {
  const none: Run = { moving: -1, values: 0, formulaValues: 0 };
  const since = now - PROBE_LIMITS.windowMs;
  const rows: Array<{ coords: readonly number[]; guidance?: boolean }> = [{ coords: next.coords, guidance }];
  for (let i = window.length - 1; i >= 0; i--) {
    const e = window[i]!;
    if (e.at < since) break;
    if (e.family === next.family && e.coords.length === next.coords.length) rows.push(e);
  }
  if (rows.length < least) return none;
  const n = next.coords.length;
  // Other numbers are read through the jitter (noise on a second line is no move), the moving one
  // finely: every value of it is one more reading, and a bisection closes in by less than the jitter.
  // Most numbers of a formula never move: only those that do are counted.
  const distinct: number[][] = Array.from({ length: n }, () => []);
  const fine: number[][] = Array.from({ length: n }, () => []);
  for (let i = 0; i < n; i++) {
    const v0 = next.coords[i]!;
    if (rows.every((r) => r.coords[i] === v0)) continue;
    for (const r of rows) {
      addDistinct(distinct[i]!, r.coords[i]!);
      addDistinct(fine[i]!, r.coords[i]!, true);
    }
  }
  // The moving number: one that moved beyond the jitter through 3 values or more if any (noise on
  // another line is finer), else the one with the most fine values (a bisection inside the jitter
  // beside a decoy toggled between two values).
  const rank = (i: number) => (distinct[i]!.length >= 3 ? 1e6 * distinct[i]!.length : 0) + fine[i]!.length;
  let moving = 0;
  for (let i = 1; i < n; i++) if (rank(i) > rank(moving)) moving = i;
  if (fine[moving]!.length < least) return none;
  // Only a request that brings a new value of it reads anything: a repeat, or a return to a value
  // already sent, is refused by no run here (its rows may have aged out of what once broke the run).
  const v = next.coords[moving]!;
  if (rows.slice(1).some((r) => same(r.coords[moving]!, v))) return none;
  // The share is what a prober moves first (each value reads every component's label rank): moved
  // through sweepValues values, it may carry one line moved along with it (a share and a
  // surfactant stepped together); a second such line is formulating, as for any other number.
  let free = moving === 0 && fine[0]!.length >= PROBE_LIMITS.sweepValues ? 1 : 0;
  let decoys = 0;
  for (let k = 0; k < n; k++) {
    if (k === moving || distinct[k]!.length < 2) continue;
    const sum = next.coords[moving]! + next.coords[k]!;
    if (rows.every((r) => near(r.coords[moving]! + r.coords[k]!, sum))) continue;
    if (distinct[k]!.length > 2 && !jiggles(rows, k, moving)) {
      if (free-- > 0) continue;
      return none;
    }
    if (++decoys > PROBE_LIMITS.decoyLines) return none;
  }
  const formula: number[] = [];
  const steps: number[] = [];
  // rows run newest first: the steps are collected oldest first.
  for (let i = rows.length - 1; i >= 0; i--) {
    const r = rows[i]!;
    if (r.guidance) continue;
    const x = r.coords[moving]!;
    addDistinct(formula, x, true);
    // Read finely, as its values are: a staircase of jitter-sized steps (2.00, 2.01, 2.02, 2.03 %)
    // is one step per request, not one value.
    if (!steps.length || !same(steps[steps.length - 1]!, x)) steps.push(x);
  }
  return { moving, values: fine[moving]!.length, formulaValues: formula.length, steps: guidance ? [] : steps };
}

/**
 * Whether a run ends in an even staircase: the last steppedValues values sent to checks and labels
 * go one way by steps of one size (2.5, 3, 3.5, 4 %), the newest request among them. That is how a
 * sweep reads a threshold; formulating moves a line back and forth, or by steps that shrink as the
 * verdict comes close (8, 6, 5, 4.5). Preservation guidance, where levels are a choice, is no step.
 */
export function isStepped(run: Run): boolean {
  const k = PROBE_LIMITS.steppedValues;
  const s = run.steps ?? [];
  if (run.moving < 0 || s.length < k) return false;
  const last = s.slice(-k);
  const d = last.slice(1).map((v, i) => v - last[i]!);
  const mean = (last[k - 1]! - last[0]!) / (k - 1);
  if (mean === 0 || !d.every((x) => Math.sign(x) === Math.sign(mean))) return false;
  return d.every((x) => Math.abs(x - mean) <= PROBE_LIMITS.stepSpread * Math.abs(mean));
}

/**
 * A grid: two numbers crossed (three shares at each of two glycerin levels) rather than one swept.
 * Every request of the family in the window is read at once; when exactly two numbers ever moved
 * and the newest request brings a point of them not sent before, the points sent to checks and
 * labels are counted. Formulating moves a third line sooner or later (a remedy, an active), or
 * comes back to points it has tried.
 */
export function gridPoints(window: readonly WindowEntry[], next: Signature, now: number): number {
  const since = now - PROBE_LIMITS.windowMs;
  const rows: Array<readonly number[]> = [next.coords];
  for (let i = window.length - 1; i >= 0; i--) {
    const e = window[i]!;
    if (e.at < since) break;
    if (e.family === next.family && e.coords.length === next.coords.length && !e.guidance) rows.push(e.coords);
  }
  if (rows.length < PROBE_LIMITS.gridPoints) return 0;
  const moved: number[] = [];
  for (let k = 0; k < next.coords.length; k++) {
    if (rows.every((r) => near(r[k]!, next.coords[k]!))) continue;
    if (moved.length === 2) return 0;
    moved.push(k);
  }
  if (moved.length !== 2) return 0;
  const [a, b] = moved as [number, number];
  // Only a new point reads anything: rows[0] is the newest, so it is new when no other row holds it.
  if (rows.slice(1).some((r) => same(r[a]!, next.coords[a]!) && same(r[b]!, next.coords[b]!))) return 0;
  const points: Array<readonly number[]> = [];
  for (const r of rows) if (!points.some((p) => same(p[a]!, r[a]!) && same(p[b]!, r[b]!))) points.push(r);
  // Crossed, not traced: two values of each number were each tried with two or more of the other. A
  // line of points (two amounts moved together) or an L (one settled, then the other) is formulating.
  const crossed = (k: number, o: number) => {
    const seen: number[] = [];
    let n = 0;
    for (const p of points) {
      if (seen.some((v) => same(v, p[k]!))) continue;
      seen.push(p[k]!);
      const others: number[] = [];
      for (const q of points) if (same(q[k]!, p[k]!)) addDistinct(others, q[o]!, true);
      if (others.length >= 2) n++;
    }
    return n >= 2;
  };
  return crossed(a, b) && crossed(b, a) ? points.length : 0;
}

/** Each entry's numbers by what they are, built once per entry. */
const byKey = new WeakMap<object, Map<string, number>>();
function valuesOf(e: { keys?: readonly string[]; coords: readonly number[] }): Map<string, number> {
  let m = byKey.get(e);
  if (!m) {
    m = new Map();
    for (let i = 0; i < e.coords.length; i++) m.set(e.keys![i]!, e.coords[i]!);
    byKey.set(e, m);
  }
  return m;
}

/**
 * A sweep that adds and removes lines between its steps (each ingredient set its own family): the
 * requests of every family in the window are compared with the newest on the lines they share, and
 * one that differs in a single one of them (or in it and a line balancing it) is a step of that
 * line. Checks and labels only, and only when more than one family is in the window (one family is
 * sweepRun's and decoyRun's). A request that moved another shared line is formulating and not
 * counted.
 */
export function nameRun(window: readonly WindowEntry[], next: Signature, now: number): Run {
  const none: Run = { moving: -1, values: 0, formulaValues: 0 };
  const since = now - PROBE_LIMITS.windowMs;
  const rows: WindowEntry[] = [];
  let families = false;
  for (let i = window.length - 1; i >= 0; i--) {
    const e = window[i]!;
    if (e.at < since) break;
    if (e.guidance || !e.keys || e.keys.length !== e.coords.length) continue;
    rows.push(e);
    families ||= e.family !== next.family;
  }
  if (!families || rows.length < PROBE_LIMITS.steppedValues - 1) return none;
  const mine = valuesOf(next);
  // Per row, the shared line that moved: '' when none did, null when several did (formulating),
  // undefined when the two formulas are too far apart to compare (another product, not a step).
  const moved = rows.map((r): string | null | undefined => {
    const theirs = valuesOf(r);
    let a = '';
    let b = '';
    let changes = 0;
    let shared = 0;
    for (const k of theirs.keys()) if (!mine.has(k) && ++changes > PROBE_LIMITS.lineChanges) return undefined;
    let several = false;
    for (const [k, v] of mine) {
      const u = theirs.get(k);
      if (u === undefined) {
        if (++changes > PROBE_LIMITS.lineChanges) return undefined;
        continue;
      }
      shared++;
      if (near(u, v)) continue;
      if (!a) a = k;
      else if (!b) b = k;
      else several = true;
    }
    // The share and at least sharedLines lines in common: small formulas of other products share too little.
    if (shared <= PROBE_LIMITS.sharedLines) return undefined;
    if (several) return null;
    if (!b) return a;
    return near(theirs.get(a)! - mine.get(a)!, mine.get(b)! - theirs.get(b)!) ? a : null;
  });
  const count = new Map<string, number>();
  for (const m of moved) if (m) count.set(m, (count.get(m) ?? 0) + 1);
  let line = '';
  for (const [k, n] of count) if (n > (count.get(line) ?? 0)) line = k;
  if (!line) return none;
  // Every other shared line stays still along the run (as in sweepRun): a request that moved
  // another, or several, is formulating, and there is no sweep to follow. The run must also cross
  // families, or it is sweepRun's and decoyRun's.
  let crosses = false;
  for (let i = 0; i < rows.length; i++) {
    const m = moved[i];
    if (m === undefined) continue;
    if (m === null || (m !== line && m !== '')) return none;
    crosses ||= rows[i]!.family !== next.family;
  }
  if (!crosses) return none;
  const v = mine.get(line)!;
  const values: number[] = [v];
  const steps: number[] = [];
  for (let i = rows.length - 1; i >= 0; i--) {
    if (moved[i] === undefined) continue;
    const u = valuesOf(rows[i]!).get(line);
    if (u === undefined) continue;
    if (same(u, v)) return none;
    addDistinct(values, u, true);
    if (!steps.length || !near(steps[steps.length - 1]!, u)) steps.push(u);
  }
  steps.push(v);
  return { moving: line === next.keys[0] ? 0 : 1, values: values.length, formulaValues: values.length, steps };
}

/**
 * The distinct values of the chassis share over the requests of the newest one's product (the same
 * architecture, most lines kept), the newest included; 0 when the newest brings no new value (a
 * repeat, or a return to a share already sent, reads nothing new).
 */
export function productShares(window: readonly WindowEntry[], next: Signature, now: number): number {
  const since = now - PROBE_LIMITS.windowMs;
  const mine = valuesOf(next);
  const v = next.coords[0]!;
  const values: number[] = [v];
  for (let i = window.length - 1; i >= 0; i--) {
    const e = window[i]!;
    if (e.at < since) break;
    if (!e.keys || e.keys.length !== e.coords.length || e.keys[0] !== next.keys[0]) continue;
    const theirs = valuesOf(e);
    let shared = 0;
    let changes = 0;
    for (const k of theirs.keys()) if (mine.has(k)) shared++;
    else changes++;
    changes += mine.size - shared;
    // shared counts the share's own key: the lines in common are one fewer.
    if (shared - 1 < PROBE_LIMITS.productLines || changes > PROBE_LIMITS.productChanges) continue;
    if (same(e.coords[0]!, v)) return 0;
    addDistinct(values, e.coords[0]!, true);
  }
  return values.length;
}

/** Each blend's fractions in a signature, keyed by the blend's line key (keysOf: `<line>.<i>` is its i-th fraction). */
function blendFractions(keys: readonly string[], coords: readonly number[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 1; i < keys.length; i++) {
    const k = keys[i]!;
    const dot = k.lastIndexOf('.');
    if (dot < 0) continue;
    const line = k.slice(0, dot);
    const f = String(Math.round(coords[i]! * 1e6));
    out.set(line, out.has(line) ? `${out.get(line)}|${f}` : f);
  }
  return out;
}

/**
 * The most distinct compositions one blend of the newest request was sent with over the window, the
 * newest included; 0 when the newest sends no composition not sent before (a repeat reads nothing new).
 */
export function blendRecipes(window: readonly WindowEntry[], next: Signature, now: number): number {
  const mine = blendFractions(next.keys, next.coords);
  if (mine.size === 0) return 0;
  const since = now - PROBE_LIMITS.windowMs;
  const seen = new Map<string, Set<string>>([...mine.keys()].map((line) => [line, new Set<string>()]));
  for (let i = window.length - 1; i >= 0; i--) {
    const e = window[i]!;
    if (e.at < since) break;
    if (!e.keys || e.keys.length !== e.coords.length) continue;
    for (const [line, f] of blendFractions(e.keys, e.coords)) seen.get(line)?.add(f);
  }
  let most = 0;
  for (const [line, f] of mine) {
    const before = seen.get(line)!;
    if (!before.has(f)) most = Math.max(most, before.size + 1);
  }
  return most;
}

/** The longest run of sorted distinct amounts spaced by one step (to a millionth). */
export function evenRun(amounts: readonly number[]): number {
  const v = [...new Set(amounts.map((a) => Math.round(a * 1e6)))].sort((a, b) => a - b);
  let best = Math.min(v.length, 2);
  for (let i = 2, run = 2; i < v.length; i++) {
    run = v[i]! - v[i - 1]! === v[i - 1]! - v[i - 2]! ? run + 1 : 2;
    if (run > best) best = run;
  }
  return best;
}

/**
 * The lines the newest request added to the subject's last formula of the same architecture, when it
 * kept every line of it, read as a lineup: the longest evenly stepped run of their amounts (0 when
 * nothing was kept or added).
 */
export function lineupAdded(window: readonly WindowEntry[], next: Signature, now: number): number {
  const since = now - PROBE_LIMITS.windowMs;
  let last: WindowEntry | undefined;
  for (let i = window.length - 1; i >= 0 && !last; i--) {
    const e = window[i]!;
    if (e.at < since) break;
    if (e.keys && e.keys.length === e.coords.length && e.keys[0] === next.keys[0]) last = e;
  }
  // Most requests add nothing: only one with lineupLines more numbers than the last is read further.
  if (!last || last.keys!.length < 2 || next.keys.length < last.keys!.length + PROBE_LIMITS.lineupLines) return 0;
  const mine = new Set(next.keys);
  if (!last.keys!.every((k) => mine.has(k))) return 0;
  const theirs = new Set(last.keys);
  const added: number[] = [];
  for (let i = 1; i < next.keys.length; i++) if (!theirs.has(next.keys[i]!) && !next.keys[i]!.includes('.')) added.push(next.coords[i]!);
  return added.length >= PROBE_LIMITS.lineupLines ? evenRun(added) : 0;
}

/** Whether a run is a sweep: the share or a checked line through sweepValues values, or any line through choiceValues. */
export function isSweep(run: Run): boolean {
  if (run.moving < 0) return false;
  if (run.moving === 0) return run.values >= PROBE_LIMITS.sweepValues;
  return run.formulaValues >= PROBE_LIMITS.sweepValues || run.values >= PROBE_LIMITS.choiceValues;
}

/** Whether the newest signature completes a probe, given the subject's window before it. */
export function detectProbe(window: readonly WindowEntry[], next: Signature, now: number, guidance = false): Probe | null {
  if (next.sameNameLines >= PROBE_LIMITS.ladderLines || lineupAdded(window, next, now) >= PROBE_LIMITS.lineupLines) return { rule: 'probe.ladder' };
  if (isSweep(sweepRun(window, next, now, guidance)) || productShares(window, next, now) >= PROBE_LIMITS.productShares) return { rule: 'probe.sweep' };
  if (blendRecipes(window, next, now) >= PROBE_LIMITS.blendRecipes) return { rule: 'probe.sweep' };
  if (!guidance && gridPoints(window, next, now) >= PROBE_LIMITS.gridPoints) return { rule: 'probe.sweep' };
  const run = decoyRun(window, next, now, guidance, PROBE_LIMITS.steppedValues);
  if (isSweep(run) || isStepped(run)) return { rule: 'probe.sweep' };
  if (guidance) return null;
  const named = nameRun(window, next, now);
  return isSweep(named) || isStepped(named) ? { rule: 'probe.sweep' } : null;
}

/** The window with the newest entry added, oldest and expired entries dropped. */
export function pushEntry(window: readonly WindowEntry[], entry: WindowEntry): WindowEntry[] {
  const since = entry.at - PROBE_LIMITS.windowMs;
  const kept = window.filter((e) => e.at >= since);
  kept.push(entry);
  return kept.length > PROBE_LIMITS.windowEntries ? kept.slice(kept.length - PROBE_LIMITS.windowEntries) : kept;
}
