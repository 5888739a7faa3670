/**
 * Standing as a caller reads it (spec section 3, issue 30): how many strikes today, until when a
 * suspension runs, and what the next refusal would do. One function for the refusal body and for
 * GET /account, so both say the same thing; the ladder itself is the compliance service's
 * (services/compliance/src/engine/ladder.ts), whose constants these are.
 */

/** Refusals per UTC day that only warn; the next one suspends. */
export const WARNINGS_PER_DAY = 3;

export interface StandingFacts {
  state: 'active' | 'suspended' | 'banned';
  /** ISO time the suspension ends, or ''. */
  until: string;
  strikesToday: number;
  /** 0 never suspended, 1 after the 1-hour step, 2 after the 7-day step, 3 banned. */
  level: number;
}

export interface ShownStanding {
  state: 'active' | 'suspended' | 'banned';
  strikes_today: number;
  /** Warnings a UTC day holds before a suspension. */
  of: number;
  suspended_until: string | null;
  next_step: string;
}

export function nextStep(s: StandingFacts): string {
  if (s.state === 'banned') return 'the key is banned for good; only the operator can lift it (contact support)';
  if (s.state === 'suspended') return `wait until ${s.until}; after that, any further refusal suspends for ${s.level >= 2 ? 'good (a ban)' : '7 days'}`;
  if (s.level >= 2) return 'the next refusal bans the key for good';
  if (s.level === 1) return 'the next refusal suspends for 7 days';
  if (s.strikesToday >= WARNINGS_PER_DAY) return 'the next refusal today suspends for 1 hour';
  return `the next refusal today is warning ${s.strikesToday + 1} of ${WARNINGS_PER_DAY}; strikes start again at 0 each UTC day`;
}

export function shownStanding(s: StandingFacts): ShownStanding {
  return { state: s.state, strikes_today: s.strikesToday, of: WARNINGS_PER_DAY, suspended_until: s.state === 'suspended' && s.until ? s.until : null, next_step: nextStep(s) };
}
