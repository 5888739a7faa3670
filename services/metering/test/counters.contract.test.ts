/**
 * The usage counters apply each event once, in one statement: a repeated event id moves nothing,
 * on PGlite (the embedded start) and on the real PostgreSQL alike.
 */
import { describe, expect, it } from 'vitest';
import { migrate } from '@svc/kit';
import { sqlImplementations } from '@svc/kit/testing';
import { applyUsage, countersOf } from '../src/counters';
import { migrations, SCHEMA } from '../src/service';

describe.each(sqlImplementations('counters'))('usage counters (%s)', (_name, make) => {
  it('counts runs, overage runs and calls per account and month, each event id once', async () => {
    const { sql, done } = await make();
    try {
      await migrate(sql, SCHEMA, migrations);
      // Fresh or seen before, as the runs-opened metric counts them.
      expect(await applyUsage(sql, 'e1', 'acct_a', '2026-11', { runs: 1 })).toBe(true);
      expect(await applyUsage(sql, 'e1', 'acct_a', '2026-11', { runs: 1 })).toBe(false);
      await applyUsage(sql, 'e2', 'acct_a', '2026-11', { calls: 300 });
      await applyUsage(sql, 'e3', 'acct_a', '2026-11', { overage: 1 });
      expect((await Promise.all([applyUsage(sql, 'e4', 'acct_a', '2026-11', { calls: 7 }), applyUsage(sql, 'e4', 'acct_a', '2026-11', { calls: 7 })])).sort()).toEqual([false, true]);
      await applyUsage(sql, 'e5', 'acct_a', '2026-12', { runs: 1 });
      await applyUsage(sql, 'e6', 'acct_b', '2026-11', { calls: 1 });
      expect(await countersOf(sql, 'acct_a', '2026-11')).toEqual({ runs: 1, overageRuns: 1, calls: 307 });
      expect(await countersOf(sql, 'acct_a', '2026-12')).toEqual({ runs: 1, overageRuns: 0, calls: 0 });
      expect(await countersOf(sql, 'acct_b', '2026-11')).toEqual({ runs: 0, overageRuns: 0, calls: 1 });
    } finally {
      await done();
    }
  });
});
