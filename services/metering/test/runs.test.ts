import { describe, expect, it } from 'vitest';
import { closesAt, decideRun, monthOf, monthResetsAt, RUN_CALLS, RUN_MINUTES, runTakesCalls, subjectOf } from '../src/engine/runs';
import { planOf } from '../src/engine/plans';

const at = (iso: string) => new Date(iso);

describe('the run window', () => {
  it('is 60 minutes or 300 calls, from the plans pack', () => {
    expect(RUN_MINUTES).toBe(60);
    expect(RUN_CALLS).toBe(300);
  });

  it('takes calls through its 60th minute, and not at the 60-minute instant', () => {
    const opens = at('2026-03-10T08:00:00.000Z');
    const run = { closesAt: closesAt(opens), granted: 10 };
    expect(runTakesCalls(run, at('2026-03-10T08:59:59.999Z'))).toBe(true);
    expect(runTakesCalls(run, at('2026-03-10T09:00:00.000Z'))).toBe(false);
  });

  it('takes its 300th call and not a 301st', () => {
    const run = (granted: number) => ({ closesAt: at('2026-03-10T09:00:00Z'), granted });
    const now = at('2026-03-10T08:30:00Z');
    expect(decideRun({ plan: planOf('lab'), open: run(299), poolUsed: 1, poolSize: 100, want: 50, now })).toEqual({ kind: 'join', grant: 1 });
    expect(decideRun({ plan: planOf('lab'), open: run(300), poolUsed: 1, poolSize: 100, want: 50, now })).toEqual({ kind: 'open', overage: false, grant: 50 });
  });

  it('belongs to the subject: the end user when one is named, else the account', () => {
    expect(subjectOf('acct_1', 'u-7')).toBe('user:u-7');
    expect(subjectOf('acct_1', '')).toBe('account:acct_1');
    expect(subjectOf('acct_1', '')).not.toBe(subjectOf('acct_1', 'account:acct_1'));
  });
});

describe('the month (UTC)', () => {
  it.each([
    ['2026-01-31T23:59:59.999Z', '2026-01', '2026-02-01T00:00:00.000Z'],
    ['2026-02-01T00:00:00.000Z', '2026-02', '2026-03-01T00:00:00.000Z'],
    ['2028-02-29T23:59:59.999Z', '2028-02', '2028-03-01T00:00:00.000Z'],
    ['2028-03-01T00:00:00.000Z', '2028-03', '2028-04-01T00:00:00.000Z'],
    ['2026-12-31T23:59:59.999Z', '2026-12', '2027-01-01T00:00:00.000Z'],
  ])('%s is in %s, whose pool resets at %s', (now, month, reset) => {
    expect(monthOf(at(now))).toBe(month);
    expect(monthResetsAt(at(now)).toISOString()).toBe(reset);
  });
});

describe('the pool', () => {
  const now = at('2026-05-05T12:00:00Z');
  it('opens a run from the pool while it lasts, top-ups included', () => {
    expect(decideRun({ plan: planOf('free'), open: null, poolUsed: 4, poolSize: 5, want: 50, now }).kind).toBe('open');
    expect(decideRun({ plan: planOf('free'), open: null, poolUsed: 14, poolSize: 15, want: 50, now })).toEqual({ kind: 'open', overage: false, grant: 50 });
  });

  it('refuses past the pool with the reset time, except on a plan with overage', () => {
    expect(decideRun({ plan: planOf('scale'), open: null, poolUsed: 400, poolSize: 400, want: 1, now })).toEqual({ kind: 'refuse', reason: 'quota_exhausted', resetsAt: at('2026-06-01T00:00:00Z') });
    expect(decideRun({ plan: planOf('platform'), open: null, poolUsed: 1500, poolSize: 1500, want: 1, now })).toEqual({ kind: 'open', overage: true, grant: 1 });
  });

  it('lets an open run go on after the pool is empty', () => {
    const open = { closesAt: at('2026-05-05T12:30:00Z'), granted: 5 };
    expect(decideRun({ plan: planOf('free'), open, poolUsed: 5, poolSize: 5, want: 10, now })).toEqual({ kind: 'join', grant: 10 });
  });

  it('grants at least one call and never more than a run', () => {
    expect(decideRun({ plan: planOf('free'), open: null, poolUsed: 0, poolSize: 5, want: 0, now })).toMatchObject({ grant: 1 });
    expect(decideRun({ plan: planOf('free'), open: null, poolUsed: 0, poolSize: 5, want: 10_000, now })).toMatchObject({ grant: RUN_CALLS });
  });
});
