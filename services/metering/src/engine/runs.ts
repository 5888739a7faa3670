/**
 * Runs as the specification sells them (section 8, domain.md section 6): a run opens on a subject's
 * first formula call when none is open, and covers the following 60 minutes or 300 calls, whichever
 * ends first. Runs come from the month's pool (the plan's runs plus top-ups); past it, a plan with an
 * overage price opens an overage run, any other is refused until the month resets. Pure: the clock
 * and the counts come in as arguments.
 */
import pack from '../data/plans.json' with { type: 'json' };
import type { Plan } from './plans';

export const RUN_MINUTES = pack.runWindow.minutes;
export const RUN_CALLS = pack.runWindow.calls;

/** The subject a run belongs to: the end user when the caller names one, else the account. */
export const subjectOf = (accountId: string, endUser: string): string => (endUser ? `user:${endUser}` : `account:${accountId}`);

/** When a run opened at `opensAt` closes: exactly 60 minutes later (the instant itself is outside). */
export const closesAt = (opensAt: Date): Date => new Date(opensAt.getTime() + RUN_MINUTES * 60_000);

/** The UTC calendar month a moment falls in, as YYYY-MM. A run counts in the month it opened in. */
export const monthOf = (d: Date): string => d.toISOString().slice(0, 7);

/** The first instant of the next UTC month: when an exhausted pool is full again. */
export function monthResetsAt(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

export interface OpenRun {
  closesAt: Date;
  /** Calls of the run already granted to leases (spent or reserved). */
  granted: number;
}

/** A run still takes calls at `now` while its window lasts and its calls are not all granted. */
export const runTakesCalls = (run: OpenRun, now: Date): boolean => now.getTime() < run.closesAt.getTime() && run.granted < RUN_CALLS;

export type RunDecision =
  | { kind: 'join'; grant: number }
  | { kind: 'open'; overage: boolean; grant: number }
  | { kind: 'refuse'; reason: 'quota_exhausted'; resetsAt: Date };

/**
 * What a formula call needing `want` calls gets: calls of the subject's open run, a new run from the
 * pool, an overage run, or a refusal. `poolUsed` counts this month's runs from the pool (overage runs
 * aside); `poolSize` is the plan's runs plus this month's top-ups.
 */
export function decideRun(a: { plan: Plan; open: OpenRun | null; poolUsed: number; poolSize: number; want: number; now: Date }): RunDecision {
  const want = Math.max(1, Math.min(RUN_CALLS, Math.floor(a.want)));
  if (a.open && runTakesCalls(a.open, a.now)) return { kind: 'join', grant: Math.min(want, RUN_CALLS - a.open.granted) };
  if (a.poolUsed < a.poolSize) return { kind: 'open', overage: false, grant: want };
  if (a.plan.overagePrice !== null) return { kind: 'open', overage: true, grant: want };
  return { kind: 'refuse', reason: 'quota_exhausted', resetsAt: monthResetsAt(a.now) };
}
