/**
 * The strike ladder of spec section 3, as a pure function of a subject's ledger state, a refusal
 * and the time. The service applies it inside a transaction holding the subject's row lock, so
 * concurrent refusals are applied one after another to the state each left behind.
 *
 * - Strikes are counted per UTC day: the first refusal of a new day starts the count at 1.
 * - The 1st to 3rd refusal of the day warn. The 4th suspends for 1 hour.
 * - Once suspended (level 1), each further refusal suspends for 7 days (level 2); a refusal after
 *   the 7-day step bans for good (level 3). The level never decays by itself; an operator's lift
 *   resets it.
 * - A refusal that lands while the subject is already suspended (requests that were in flight when
 *   the suspension began) is counted but does not escalate: four concurrent refusals make exactly
 *   one transition.
 */
import { WARNINGS_PER_DAY } from '@svc/screening';

/** Warnings per UTC day, shared with the standing shown to callers. */
export { WARNINGS_PER_DAY };

export const HOUR_MS = 60 * 60_000;
export const WEEK_MS = 7 * 24 * HOUR_MS;

export interface LadderState {
  /** UTC day (YYYY-MM-DD) that strikesToday counts. */
  day: string;
  strikesToday: number;
  /** 0 never suspended, 1 after the 1-hour step, 2 after the 7-day step, 3 banned. */
  level: 0 | 1 | 2 | 3;
  /** Epoch ms the current suspension ends, or null. */
  suspendedUntil: number | null;
}

export type Outcome = 'warning' | 'suspended_hour' | 'suspended_week' | 'banned' | 'while_suspended' | 'while_banned';

export type StandingState = 'active' | 'suspended' | 'banned';

export const FRESH: LadderState = Object.freeze({ day: '', strikesToday: 0, level: 0, suspendedUntil: null }) as LadderState;

export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export function standingOf(s: LadderState, now: number): { state: StandingState; until: number | null; strikesToday: number } {
  const strikesToday = s.day === utcDay(now) ? s.strikesToday : 0;
  if (s.level === 3) return { state: 'banned', until: null, strikesToday };
  if (s.suspendedUntil !== null && s.suspendedUntil > now) return { state: 'suspended', until: s.suspendedUntil, strikesToday };
  return { state: 'active', until: null, strikesToday };
}

export function applyRefusal(s: LadderState, now: number): { state: LadderState; outcome: Outcome } {
  const day = utcDay(now);
  const strikesToday = (s.day === day ? s.strikesToday : 0) + 1;
  const counted: LadderState = { ...s, day, strikesToday };
  const standing = standingOf(s, now).state;
  if (standing === 'banned') return { state: counted, outcome: 'while_banned' };
  if (standing === 'suspended') return { state: counted, outcome: 'while_suspended' };
  if (s.level === 2) return { state: { ...counted, level: 3, suspendedUntil: null }, outcome: 'banned' };
  if (s.level === 1) return { state: { ...counted, level: 2, suspendedUntil: now + WEEK_MS }, outcome: 'suspended_week' };
  if (strikesToday > WARNINGS_PER_DAY) return { state: { ...counted, level: 1, suspendedUntil: now + HOUR_MS }, outcome: 'suspended_hour' };
  return { state: counted, outcome: 'warning' };
}

/** An operator's lift: the subject is active again, with a clean slate. */
export const lifted = (): LadderState => ({ ...FRESH });
