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

/** The coordinate in which a and b differ when it is the only one, -1 when equal, -2 otherwise. */
function soleDifference(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) return -2;
  let at = -1;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (at !== -1) return -2;
    at = i;
  }
  return at;
}

/**
 * The run the newest signature continues: the one number that moves (-1 when none) and how many
 * distinct values it has taken, the newest included.
 */
export function sweepRun(window: readonly WindowEntry[], next: Signature, now: number): { moving: number; values: number } {
  const since = now - PROBE_LIMITS.windowMs;
  let moving = -1;
  const values = new Set<number>();
  for (let i = window.length - 1; i >= 0; i--) {
    const e = window[i]!;
    if (e.at < since) break;
    if (e.family !== next.family) continue;
    const d = soleDifference(e.coords, next.coords);
    if (d === -2 || (d >= 0 && moving >= 0 && d !== moving)) break;
    if (d >= 0) {
      moving = d;
      values.add(e.coords[d]!);
    }
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
