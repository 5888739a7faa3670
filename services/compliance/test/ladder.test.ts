/**
 * The ladder engine on its own, against the same reference model as the service test, over many
 * more random sequences (no I/O): refusals, clock moves across UTC days and past suspensions, lifts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FRESH, applyRefusal, standingOf, utcDay, type LadderState } from '../src/engine/ladder';
import { DAY, HOUR, Model, WEEK } from './ladder-reference';

type Step = { kind: 'refuse' } | { kind: 'advance'; ms: number } | { kind: 'lift' };
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.constant({ kind: 'refuse' as const }) },
  { weight: 3, arbitrary: fc.constantFrom(1, 60_000, 30 * 60_000, HOUR + 1, 3 * HOUR, DAY, WEEK + 1).map((ms) => ({ kind: 'advance' as const, ms })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'lift' as const }) },
);

describe('the ladder engine', () => {
  it('agrees with the reference model on every step', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 0, 1) }), fc.array(step, { maxLength: 60 }), (start, steps) => {
        let now = start;
        let s: LadderState = { ...FRESH };
        const m = new Model();
        for (const st of steps) {
          if (st.kind === 'advance') now += st.ms;
          else if (st.kind === 'lift') {
            s = { ...FRESH };
            m.lift();
          } else {
            const r = applyRefusal(s, now);
            expect(r.outcome).toBe(m.refuse(now));
            s = r.state;
          }
          const v = standingOf(s, now);
          expect({ state: v.state, until: v.until === null ? '' : new Date(v.until).toISOString() }).toEqual(m.state(now));
          expect(v.strikesToday).toBe(m.count(now));
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('counts the day in UTC', () => {
    expect(utcDay(Date.UTC(2026, 10, 23, 23, 59, 59))).toBe('2026-11-23');
    expect(utcDay(Date.UTC(2026, 10, 24, 0, 0, 0))).toBe('2026-11-24');
  });
});
