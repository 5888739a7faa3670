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
 * coordinate only, reaching SWEEP_VALUES distinct values of it. Requests of other families in
 * between do not break the run (interleaving a decoy is the obvious evasion). A ladder is many
 * plain lines of one name in one request, each at its own amount: one request asking for several
 * label ranks at once.
 */
import type { Signature } from './signature';

export interface WindowEntry {
  family: string;
  coords: readonly number[];
  at: number;
}

export const PROBE_LIMITS = {
  /** Distinct values of the one moving number that make a sweep: refused at the 6th request of it. */
  sweepValues: 6,
  /** Plain lines of one name in one request that make a ladder. */
  ladderLines: 3,
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

/** The coordinates in which a and b differ beyond jitter (at most 2 are reported), or null when the shapes differ. */
function bigDifferences(a: readonly number[], b: readonly number[]): number[] | null {
  if (a.length !== b.length) return null;
  const out: number[] = [];
  for (let i = 0; i < a.length && out.length < 2; i++) if (!near(a[i]!, b[i]!)) out.push(i);
  return out;
}

/**
 * The run the newest signature continues: the one number that moves (-1 when none) and how many
 * distinct values it has taken, the newest included. Every other number stays within jitter of the
 * newest request's all along the run.
 */
export function sweepRun(window: readonly WindowEntry[], next: Signature, now: number): { moving: number; values: number } {
  const since = now - PROBE_LIMITS.windowMs;
  let moving = -1;
  const values = new Set<number>();
  // Near-repeats seen before the moving number is known still count their value of it once it is.
  const pending: Array<readonly number[]> = [];
  for (let i = window.length - 1; i >= 0; i--) {
    const e = window[i]!;
    if (e.at < since) break;
    if (e.family !== next.family) continue;
    const d = bigDifferences(e.coords, next.coords);
    if (d === null || d.length > 1 || (d.length === 1 && moving >= 0 && d[0] !== moving)) break;
    if (d.length === 1) {
      moving = d[0]!;
      values.add(e.coords[moving]!);
      for (const p of pending) values.add(p[moving]!);
      pending.length = 0;
    } else if (moving >= 0) values.add(e.coords[moving]!);
    else pending.push(e.coords);
  }
  if (moving < 0) return { moving, values: 0 };
  values.add(next.coords[moving]!);
  return { moving, values: values.size };
}

/** Whether the newest signature completes a probe, given the subject's window before it. */
export function detectProbe(window: readonly WindowEntry[], next: Signature, now: number): Probe | null {
  if (next.sameNameLines >= PROBE_LIMITS.ladderLines) return { rule: 'probe.ladder' };
  return sweepRun(window, next, now).values >= PROBE_LIMITS.sweepValues ? { rule: 'probe.sweep' } : null;
}

/** The window with the newest entry added, oldest and expired entries dropped. */
export function pushEntry(window: readonly WindowEntry[], entry: WindowEntry): WindowEntry[] {
  const since = entry.at - PROBE_LIMITS.windowMs;
  const kept = window.filter((e) => e.at >= since);
  kept.push(entry);
  return kept.length > PROBE_LIMITS.windowEntries ? kept.slice(kept.length - PROBE_LIMITS.windowEntries) : kept;
}
