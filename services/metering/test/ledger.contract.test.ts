/**
 * The run ledger on the real PostgreSQL, through the metering service's own gRPC handlers, with an
 * injectable clock: concurrent first calls, the pool's edge, the run window's edges, the month's
 * edges (29 February included), call reports that are repeated or late, and a deadlock with one.
 */
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, connect, createLogger, grpcHandled, migrate, pgliteSql, postgresSql, type Sql } from '@svc/kit';
import { freshDatabase } from '@svc/kit/testing';
import { proto } from '@svc/protos';
import type { MeterResponse__Output } from '@svc/protos/gen/svc/v1/MeterResponse';
import type { ReportCallsResponse__Output } from '@svc/protos/gen/svc/v1/ReportCallsResponse';
import type * as grpc from '@grpc/grpc-js';
import { migrations, SCHEMA } from '../src/migrations';
import { meteringServer } from '../src/server';
import { createAccount } from '../src/store';
import { planOf, type PlanId } from '../src/engine/plans';
import { AHEAD_POOL_MARGIN, PREPARED_GRACE_MS, giveBackAbandoned, meter as ledgerMeter, usageOf } from '../src/ledger';
import { runsUsed } from '../src/store';

let db: { url: string; drop(): Promise<void> };
let sql: Sql;
let client: grpc.Client;
let stop: () => Promise<void>;
let clock = new Date('2026-05-05T12:00:00.000Z');

beforeAll(async () => {
  db = await freshDatabase('meter');
  // 200 calls at once share 10 connections: on a loaded machine the last may wait longer than the
  // pool's 5 s for one and fail as unavailable; what is tested here is who wins, not how fast.
  sql = postgresSql(db.url, { max: 10, applicationName: 'metering-test', connectTimeoutMs: 0 });
  await migrate(sql, SCHEMA, migrations);
  const server = meteringServer({ sql, log: createLogger('metering', 'silent'), now: () => clock });
  const port = await server.listen('127.0.0.1:0');
  client = connect(proto.metering, `127.0.0.1:${port}`);
  stop = async () => {
    client.close();
    await server.shutdown();
  };
});

afterAll(async () => {
  await stop?.();
  await sql?.close();
  await db?.drop();
});

beforeEach(() => {
  clock = new Date('2026-05-05T12:00:00.000Z');
});

const meter = (accountId: string, endUser = '', want = 1) =>
  call<MeterResponse__Output>(client, 'Meter', { caller: { accountId, endUser, requestId: 'test' }, operation: 'check', want }, { deadlineMs: 20_000 });
const ahead = (accountId: string, endUser = '', spending: { spendingLeaseId?: string; spendingFirstUsedMs?: number } = {}) =>
  call<MeterResponse__Output>(client, 'Meter', { caller: { accountId, endUser, requestId: 'test' }, operation: 'check', want: 300, ahead: true, ...spending }, { deadlineMs: 20_000 });
const report = async (accountId: string, leaseId: string, used: number, more: { firstUsedMs?: number; done?: boolean } = {}) => {
  const r = await call<ReportCallsResponse__Output>(client, 'ReportCalls', { uses: [{ accountId, leaseId, used, ...more }] }, { deadlineMs: 10_000 });
  return { recorded: r.recorded[0] };
};
const account = async (plan: PlanId) => (await createAccount(sql, { company: `Co ${plan}`, plan })).account.id;
/** The month's counts as the ledger keeps them: the pool's row and the overage rows. */
const counted = async (accountId: string) => {
  const r = await sql.query<{ runs_used: number | null; overage: string | null; on_pool: number | null }>(
    "SELECT (SELECT runs_used FROM metering.pools WHERE account_id = $1 AND month = '2026-05') AS runs_used, (SELECT sum(runs) FROM metering.overage_slots WHERE account_id = $1 AND month = '2026-05') AS overage, (SELECT overage_runs FROM metering.pools WHERE account_id = $1 AND month = '2026-05') AS on_pool",
    [accountId],
  );
  // Overage runs are counted on their own rows; the pool row's column must not move any more.
  expect(Number(r.rows[0]?.on_pool ?? 0)).toBe(0);
  return { runsUsed: Number(r.rows[0]?.runs_used ?? 0), overageRuns: Number(r.rows[0]?.overage ?? 0) };
};
const runs = async (accountId: string) =>
  (await sql.query<{ id: string; month: string; overage: boolean; granted: number; calls: number; prepared: boolean; opens_at: Date; closes_at: Date }>('SELECT id, month, overage, granted, calls, prepared, opens_at, closes_at FROM metering.runs WHERE account_id = $1 ORDER BY opens_at', [accountId])).rows;
const openedEvents = async (accountId: string) =>
  (await sql.query<{ data: { runId: string; opensAt: string; closesAt: string } }>("SELECT data FROM metering.outbox WHERE subject = 'usage.run_opened' AND data->>'accountId' = $1 ORDER BY id", [accountId])).rows.map((r) => r.data);

describe('concurrent first calls', () => {
  it('200 concurrent first calls of one subject open exactly one run', async () => {
    const id = await account('lab');
    const out = await Promise.all(Array.from({ length: 200 }, () => meter(id, 'chemist-1')));
    expect(out.every((r) => r.allowed)).toBe(true);
    expect(new Set(out.map((r) => r.lease?.runId)).size).toBe(1);
    const rows = await runs(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.granted).toBe(200);
    // Every lease is a distinct grant of one call, numbered 0 to 199 before it: none given twice.
    expect(new Set(out.map((r) => r.lease?.runCallsBefore)).size).toBe(200);
  });

  it('at runsLimit - 1, 50 concurrent calls of 50 new subjects give one success and 49 refusals', async () => {
    const id = await account('free');
    for (let i = 0; i < 4; i++) expect((await meter(id, `earlier-${i}`)).allowed).toBe(true);
    const out = await Promise.all(Array.from({ length: 50 }, (_, i) => meter(id, `new-${i}`)));
    expect(out.filter((r) => r.allowed)).toHaveLength(1);
    const refused = out.filter((r) => !r.allowed);
    expect(refused).toHaveLength(49);
    expect(new Set(refused.map((r) => r.reason))).toEqual(new Set(['quota_exhausted']));
    expect(refused[0]!.resetsAt).toBe('2026-06-01T00:00:00.000Z');
    expect(await runs(id)).toHaveLength(5);
    const [pool] = (await sql.query<{ runs_used: number }>('SELECT runs_used FROM metering.pools WHERE account_id = $1', [id])).rows;
    expect(pool?.runs_used).toBe(5);
  });
});

describe('the pool', () => {
  it('a top-up adds runs this month; the platform plan opens overage runs instead of refusing', async () => {
    const free = await account('free');
    for (let i = 0; i < 5; i++) await meter(free, `s${i}`);
    expect((await meter(free, 'sixth')).allowed).toBe(false);
    await sql.query("INSERT INTO metering.top_ups (id, account_id, month, runs) VALUES ('tu_test', $1, '2026-05', 10)", [free]);
    const after = await meter(free, 'sixth');
    expect(after.allowed).toBe(true);
    expect(after.usage).toMatchObject({ runsUsed: 6, runsLimit: 15, runsLeft: 9 });

    const platform = await account('platform');
    // The month's pool as 1,500 runs earlier in May would have left it.
    await sql.query("INSERT INTO metering.pools (account_id, month, runs_used) VALUES ($1, '2026-05', 1500)", [platform]);
    const over = await meter(platform, 'late');
    expect(over.allowed).toBe(true);
    expect(over.usage).toMatchObject({ runsUsed: 1500, runsLimit: 1500, runsLeft: 0, overageRuns: 1 });
    expect((await runs(platform)).filter((r) => r.overage)).toHaveLength(1);
    expect(await counted(platform)).toEqual({ runsUsed: 1500, overageRuns: 1 });
  });

  it('past the pool, 200 concurrent new subjects open 200 overage runs, each counted once', async () => {
    const platform = await account('platform');
    await sql.query("INSERT INTO metering.pools (account_id, month, runs_used) VALUES ($1, '2026-05', 1500)", [platform]);
    const out = await Promise.all(Array.from({ length: 200 }, (_, i) => meter(platform, `late-${i}`)));
    expect(out.every((r) => r.allowed)).toBe(true);
    expect(new Set(out.map((r) => r.lease?.runId)).size).toBe(200);
    // Each answer counts its own run and those committed before it (not those still in flight).
    for (const r of out) expect(Number(r.usage?.overageRuns)).toBeGreaterThanOrEqual(1);
    for (const r of out) expect(Number(r.usage?.overageRuns)).toBeLessThanOrEqual(200);
    // At most 10 decisions are in flight at once (the service's connections), so the last misses at most 9.
    expect(Math.max(...out.map((r) => Number(r.usage?.overageRuns)))).toBeGreaterThanOrEqual(191);
    expect((await runs(platform)).filter((r) => r.overage)).toHaveLength(200);
    expect(await counted(platform)).toEqual({ runsUsed: 1500, overageRuns: 200 });
    // The pool is not taken by them; the account's usage reads the same counts.
    expect((await meter(platform, 'late-0')).usage).toMatchObject({ runsUsed: 1500, overageRuns: 200 });
  });

  it('an open run goes on after the pool is empty', async () => {
    const id = await account('free');
    const first = await meter(id, 'a');
    for (let i = 0; i < 4; i++) await meter(id, `b${i}`);
    const again = await meter(id, 'a');
    expect(again.allowed).toBe(true);
    expect(again.lease?.runId).toBe(first.lease?.runId);
  });
});

describe('the run window', () => {
  it('covers the 60th minute and not the instant after; a call then opens a new run', async () => {
    const id = await account('lab');
    clock = new Date('2026-05-05T08:00:00.000Z');
    const first = await meter(id);
    clock = new Date('2026-05-05T08:59:59.999Z');
    const last = await meter(id);
    expect(last.lease?.runId).toBe(first.lease?.runId);
    expect(last.lease?.ttlMs).toBe(1);
    clock = new Date('2026-05-05T09:00:00.000Z');
    const next = await meter(id);
    expect(next.lease?.runId).not.toBe(first.lease?.runId);
    expect(next.usage?.run?.opensAt).toBe('2026-05-05T09:00:00.000Z');
    expect(next.usage?.run?.closesAt).toBe('2026-05-05T10:00:00.000Z');
  });

  it('takes its 300th call and opens a new run for the 301st', async () => {
    const id = await account('lab');
    const first = await meter(id, '', 299);
    expect(first.lease?.calls).toBe(299);
    const at300 = await meter(id, '', 5);
    expect(at300.lease).toMatchObject({ runId: first.lease?.runId, calls: 1, runCallsBefore: 299 });
    // Leased is not spent: the run shows the calls reported spent (none yet).
    expect(at300.usage?.run).toMatchObject({ calls: 0, callsLeft: 300 });
    const at301 = await meter(id);
    expect(at301.lease?.runId).not.toBe(first.lease?.runId);
    expect(at301.usage).toMatchObject({ runsUsed: 2 });
  });
});

describe('the month (UTC)', () => {
  it.each([
    ['2026-05-31T23:59:59.999Z', '2026-06-01T00:00:00.000Z'],
    ['2028-02-29T23:59:59.999Z', '2028-03-01T00:00:00.000Z'],
  ])('an empty pool at %s refuses until %s, when a new pool opens', async (before, after) => {
    const id = await account('free');
    clock = new Date(before);
    for (let i = 0; i < 5; i++) expect((await meter(id, `u${i}`)).allowed).toBe(true);
    const refused = await meter(id, 'one-more');
    expect(refused).toMatchObject({ allowed: false, reason: 'quota_exhausted', resetsAt: after });
    clock = new Date(after);
    const next = await meter(id, 'one-more');
    expect(next.allowed).toBe(true);
    expect(next.usage).toMatchObject({ month: after.slice(0, 7), runsUsed: 1, runsLimit: 5 });
    const months = (await runs(id)).map((r) => r.month);
    expect(months.filter((m) => m === before.slice(0, 7))).toHaveLength(5);
    expect(months.filter((m) => m === after.slice(0, 7))).toHaveLength(1);
  });

  it('a run opened at the last millisecond of a month counts in that month and goes on into the next', async () => {
    const id = await account('lab');
    clock = new Date('2028-02-29T23:59:59.999Z');
    const opened = await meter(id, 'night-owl');
    clock = new Date('2028-03-01T00:30:00.000Z');
    const later = await meter(id, 'night-owl');
    expect(later.lease?.runId).toBe(opened.lease?.runId);
    expect(later.usage).toMatchObject({ month: '2028-03', runsUsed: 0 });
    expect((await runs(id)).map((r) => r.month)).toEqual(['2028-02']);
  });
});

describe('call reports', () => {
  it('count running totals once, whatever is repeated, late or too large', async () => {
    const id = await account('lab');
    const m = await meter(id, 'r', 20);
    const lease = m.lease!.id;
    expect((await report(id, lease, 7)).recorded).toBe(7);
    expect((await report(id, lease, 7)).recorded).toBe(0);
    expect((await report(id, lease, 3)).recorded).toBe(0);
    expect((await report(id, lease, 12)).recorded).toBe(5);
    expect((await report(id, lease, 500)).recorded).toBe(8);
    expect((await runs(id))[0]!.calls).toBe(20);
  });

  it("another account's id cannot report on a lease", async () => {
    const a = await account('lab');
    const b = await account('lab');
    const m = await meter(a, '', 10);
    expect((await report(b, m.lease!.id, 5)).recorded).toBe(-1);
    expect((await runs(a))[0]!.calls).toBe(0);
  });

  it('a batch counts each lease once, in one transaction, in any order', async () => {
    const id = await account('lab');
    const leases = await Promise.all(['x', 'y', 'z'].map((u) => meter(id, u, 10)));
    const uses = leases.map((m, i) => ({ accountId: id, leaseId: m.lease!.id, used: i + 2 }));
    const r = await call<ReportCallsResponse__Output>(client, 'ReportCalls', { uses: [...uses, uses[0], { ...uses[1], used: 1 }, { ...uses[2], used: 9 }] }, { deadlineMs: 10_000 });
    expect(r.recorded).toEqual([2, 3, 4, 0, 0, 5]);
    expect((await runs(id)).reduce((s, x) => s + x.calls, 0)).toBe(14);
    // One event per count, with the running total it counted up to.
    const events = await sql.query<{ data: { leaseId: string; used: number; delta: number } }>("SELECT data FROM metering.outbox WHERE subject = 'usage.calls_recorded' AND data->>'accountId' = $1 ORDER BY id", [id]);
    expect(events.rows.map((e) => [e.data.leaseId, e.data.used, e.data.delta]).sort()).toEqual(
      [[uses[0]!.leaseId, 2, 2], [uses[1]!.leaseId, 3, 3], [uses[2]!.leaseId, 4, 4], [uses[2]!.leaseId, 9, 5]].sort(),
    );
    const tooMany = Array.from({ length: 501 }, () => uses[0]);
    await expect(call(client, 'ReportCalls', { uses: tooMany }, { deadlineMs: 10_000 })).rejects.toMatchObject({ code: 3 });
  });

  it('the unspent calls of a lease a gateway stopped reporting on go back to the run', async () => {
    const id = await account('lab');
    const full = await meter(id, '', 300);
    await report(id, full.lease!.id, 100);
    // Its gateway is gone: past the lease's time and the grace, the run takes the other 200 back.
    clock = new Date(clock.getTime() + 31_000 + 30_001);
    const next = await meter(id, '', 50);
    expect(next.lease).toMatchObject({ runId: full.lease?.runId, calls: 50, runCallsBefore: 100 });
    expect(await runs(id)).toHaveLength(1);
    // The gateway was only late: the calls it spent count, and the run's grant takes them back.
    expect((await report(id, full.lease!.id, 150)).recorded).toBe(50);
    expect(await runs(id)).toMatchObject([{ calls: 150, granted: 200 }]);
  });
});

describe('deadlocks', () => {
  it('a decision that PostgreSQL fails to end a deadlock with a late report is decided again', async () => {
    const id = await account('lab');
    const full = await meter(id, '', 300);
    await report(id, full.lease!.id, 100);
    clock = new Date(clock.getTime() + 31_000 + 30_001);
    // A late report's order: the lease first, then its run. The decision's order: the run, then
    // its expired leases (to give them back). Started in that order, the decision waits first,
    // so PostgreSQL's deadlock check fails the decision.
    const other = new pg.Client({ connectionString: db.url });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT id FROM metering.run_leases WHERE id = $1 FOR UPDATE', [full.lease!.id]);
      const deciding = meter(id, '', 50);
      // Until the decision waits on the lease lock: then the report's next step closes the cycle.
      for (let i = 0; i < 200; i++) {
        const w = await sql.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
        if (w.rows[0]!.n > 0) break;
        await new Promise((ok) => setTimeout(ok, 25));
      }
      const reporting = other.query('UPDATE metering.runs SET calls = calls WHERE id = $1', [full.lease!.runId]).then(() => other.query('COMMIT'));
      const [decided] = await Promise.all([deciding, reporting.catch(() => other.query('ROLLBACK'))]);
      expect(decided.lease).toMatchObject({ runId: full.lease?.runId, calls: 50, runCallsBefore: 100 });
    } finally {
      await other.end();
    }
  });
});

describe('deadlocks with a run prepared ahead', () => {
  it('asking ahead does not lock the open run, which a report opening the prepared one locks after it', async () => {
    const id = await account('lab');
    const current = await meter(id, '', 300);
    const next = await ahead(id);
    // A report's order: the prepared run (opened), then the runs it counts calls on, the open one
    // among them. Holding the open run as such a report would, an ask naming the prepared lease answers.
    const other = new pg.Client({ connectionString: db.url });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('UPDATE metering.runs SET calls = calls WHERE id = $1', [current.lease!.runId]);
      const third = await Promise.race([
        ahead(id, '', { spendingLeaseId: next.lease!.id, spendingFirstUsedMs: clock.getTime() }),
        new Promise<null>((ok) => setTimeout(() => ok(null), 3_000)),
      ]);
      expect(third).toMatchObject({ allowed: true });
      await other.query('COMMIT');
    } finally {
      await other.end();
    }
  });
});

describe('a caller that stops waiting', () => {
  it('is not counted a run when its deadline passes while it waits for the pool row', async () => {
    const id = await account('lab');
    await meter(id, 'first');
    const deadlineAnswers = async () => (await grpcHandled.get()).values.find((v) => v.labels.method === 'Meter' && v.labels.code === 'DEADLINE_EXCEEDED')?.value ?? 0;
    const answeredBefore = await deadlineAnswers();
    const before = await counted(id);
    // Another subject's run being taken holds the pool row until its commit.
    const other = new pg.Client({ connectionString: db.url });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query("SELECT runs_used FROM metering.pools WHERE account_id = $1 AND month = '2026-05' FOR UPDATE", [id]);
      const late = call<MeterResponse__Output>(client, 'Meter', { caller: { accountId: id, endUser: 'late', requestId: 'test' }, operation: 'check', want: 1 }, { deadlineMs: 400 });
      await expect(late).rejects.toMatchObject({ code: 4 });
      await other.query('COMMIT');
    } finally {
      await other.end();
    }
    // The subject's next call waits for the abandoned decision (the subject's lock) and so sees what
    // it left: no run to join, no lease granted, nothing counted.
    const next = await meter(id, 'late');
    expect(next.lease).toMatchObject({ runCallsBefore: 0 });
    const leases = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM metering.run_leases WHERE run_id = $1', [next.lease!.runId]);
    expect(leases.rows[0]!.n).toBe(1);
    expect(await counted(id)).toEqual({ runsUsed: before.runsUsed + 1, overageRuns: 0 });
    expect((await openedEvents(id)).filter((e) => e.runId === next.lease!.runId)).toHaveLength(1);
    expect(await runs(id)).toHaveLength(2);
    // Metering answered the abandoned decision as such (not as a failure of its own, logged as one).
    expect(await deadlineAnswers()).toBe(answeredBefore + 1);
  });
});

describe('bad input', () => {
  it('a call without an account, or for an unknown one, is refused', async () => {
    await expect(meter('')).rejects.toMatchObject({ code: 3 });
    await expect(meter('acct_nope')).rejects.toMatchObject({ code: 5 });
    expect((await report('acct_nope', 'lease_nope', 1)).recorded).toBe(-1);
  });
});

describe('the migration that moved overage runs off the pool row', () => {
  it('keeps the month counted before it, and the next overage run counts on from there', async () => {
    const old = await freshDatabase('meter_mig');
    const osql = postgresSql(old.url, { max: 2, applicationName: 'metering-migration-test' });
    try {
      // A database of the release before: every migration but 4 and 5 (seats, id 10, came before them).
      await migrate(osql, SCHEMA, migrations.filter((m) => m.id < 4 || m.id >= 10));
      const id = (await createAccount(osql, { company: 'Before', plan: 'platform' })).account.id;
      await osql.query("INSERT INTO metering.pools (account_id, month, runs_used, overage_runs) VALUES ($1, '2026-05', 1500, 7)", [id]);
      await migrate(osql, SCHEMA, migrations);
      const now = new Date('2026-05-20T00:00:00Z');
      expect(await usageOf(osql, id, planOf('platform'), now)).toEqual({ month: '2026-05', runsUsed: 1500, runsLimit: 1500, overageRuns: 7 });
      const out = await ledgerMeter(osql, { accountId: id, endUser: '', planOf, subject: 'account:after', want: 1, now, leaseTtlMs: 60_000 });
      expect(out).toMatchObject({ allowed: true, run: { overage: true }, usage: { runsUsed: 1500, overageRuns: 8 } });
      // The column stays for replicas of the release before, still writing it during a rolling update.
      await osql.query("UPDATE metering.pools SET overage_runs = overage_runs + 1 WHERE account_id = $1 AND month = '2026-05'", [id]);
      expect((await usageOf(osql, id, planOf('platform'), now)).overageRuns).toBe(9);
    } finally {
      await osql.close();
      await old.drop();
    }
  });
});

describe('overage runs on the embedded database', () => {
  it('are counted on their rows and answered with the month total, as on PostgreSQL', async () => {
    const lite = await pgliteSql();
    try {
      await migrate(lite, SCHEMA, migrations);
      const id = (await createAccount(lite, { company: 'Embedded', plan: 'platform' })).account.id;
      await lite.query("INSERT INTO metering.pools (account_id, month, runs_used) VALUES ($1, '2026-05', 1500)", [id]);
      const now = new Date('2026-05-20T00:00:00Z');
      const open = (subject: string) => ledgerMeter(lite, { accountId: id, endUser: '', planOf, subject, want: 1, now, leaseTtlMs: 60_000 });
      const seen = await Promise.all(['a', 'b', 'c'].map((s) => open(`account:${s}`)));
      expect(seen.map((r) => r && r.allowed && r.run.overage)).toEqual([true, true, true]);
      expect(seen.map((r) => r?.usage.overageRuns).sort()).toEqual([1, 2, 3]);
      expect(await usageOf(lite, id, planOf('platform'), now)).toMatchObject({ runsUsed: 1500, overageRuns: 3 });
    } finally {
      await lite.close();
    }
  });
});

describe('the next run, prepared ahead', () => {
  const shown = async (id: string, plan: PlanId) => ({ usage: await usageOf(sql, id, planOf(plan), clock), admin: await runsUsed(sql, id, '2026-05') });

  it('holds its pool run unseen, and opens when its first call is reported, at that call', async () => {
    const id = await account('lab');
    const current = await meter(id, '', 300);
    const next = await ahead(id);
    expect(next).toMatchObject({ allowed: true, lease: { calls: 300, runCallsBefore: 0 } });
    expect(next.lease!.runId).not.toBe(current.lease!.runId);
    // Its own answer shows it opened (its first call is the one that will show it); nothing else does yet.
    expect(next.usage).toMatchObject({ runsUsed: 2, runsLeft: 98 });
    expect(await shown(id, 'lab')).toMatchObject({ usage: { runsUsed: 1 }, admin: { runs: 1 } });
    expect(await counted(id)).toEqual({ runsUsed: 2, overageRuns: 0 });
    expect((await openedEvents(id)).map((e) => e.runId)).toEqual([current.lease!.runId]);
    // One at a time per subject; a call of the subject through another gateway opens a run of its own.
    expect(await ahead(id)).toMatchObject({ allowed: false, reason: 'not_needed' });
    const elsewhere = await meter(id, '', 1);
    expect([current.lease!.runId, next.lease!.runId]).not.toContain(elsewhere.lease!.runId);

    const firstCall = clock.getTime() + 4_000;
    clock = new Date(clock.getTime() + 10_000);
    expect((await report(id, next.lease!.id, 5, { firstUsedMs: firstCall })).recorded).toBe(5);
    const opened = (await runs(id)).find((r) => r.id === next.lease!.runId)!;
    expect(opened).toMatchObject({ prepared: false, calls: 5 });
    expect(new Date(opened.opens_at).getTime()).toBe(firstCall);
    expect(new Date(opened.closes_at).getTime()).toBe(firstCall + 60 * 60_000);
    expect((await openedEvents(id)).find((e) => e.runId === next.lease!.runId)).toMatchObject({ opensAt: new Date(firstCall).toISOString() });
    expect(await shown(id, 'lab')).toMatchObject({ usage: { runsUsed: 3 }, admin: { runs: 3 } });
  });

  it('opens when the gateway asks for the next while spending it, before its calls are reported, and once', async () => {
    const id = await account('lab');
    await meter(id, '', 300);
    const second = await ahead(id);
    const firstCall = clock.getTime() + 100;
    clock = new Date(clock.getTime() + 250);
    // A run spent faster than the gateway reports: naming the lease it spends opens it, and the third is prepared.
    expect(await ahead(id, '', { spendingLeaseId: 'lease_not_this_one', spendingFirstUsedMs: firstCall })).toMatchObject({ allowed: false, reason: 'not_needed' });
    const third = await ahead(id, '', { spendingLeaseId: second.lease!.id, spendingFirstUsedMs: firstCall });
    expect(third.allowed).toBe(true);
    const [, b, c] = await runs(id);
    expect(b).toMatchObject({ id: second.lease!.runId, prepared: false });
    expect(new Date(b!.opens_at).getTime()).toBe(firstCall);
    expect(c).toMatchObject({ id: third.lease!.runId, prepared: true });
    // Its calls are then reported as any run's, and its run_opened event is not written again.
    expect((await report(id, second.lease!.id, 300, { firstUsedMs: firstCall + 5, done: true })).recorded).toBe(300);
    expect((await openedEvents(id)).filter((e) => e.runId === second.lease!.runId)).toHaveLength(1);
    expect(new Date((await runs(id))[1]!.opens_at).getTime()).toBe(firstCall);
    expect(await shown(id, 'lab')).toMatchObject({ usage: { runsUsed: 2 } });
  });

  it('opens no earlier than it was prepared and no later than the report, whatever the gateway says', async () => {
    const id = await account('lab');
    await meter(id, '', 300);
    const prepared = clock.getTime();
    const next = await ahead(id);
    clock = new Date(prepared + 3_000);
    await report(id, next.lease!.id, 1, { firstUsedMs: prepared - 60_000 });
    const second = await ahead(id);
    expect(second.allowed).toBe(true);
    clock = new Date(prepared + 6_000);
    await report(id, second.lease!.id, 1, { firstUsedMs: prepared + 3_600_000 });
    const [, a, b] = await runs(id);
    expect([new Date(a!.opens_at).getTime(), new Date(b!.opens_at).getTime()]).toEqual([prepared, prepared + 6_000]);
  });

  it('is given back with its pool run when its lease is done unspent, or abandoned past its time and the grace', async () => {
    const id = await account('lab');
    await meter(id, '', 300);
    const given = await ahead(id);
    expect((await report(id, given.lease!.id, 0, { done: true })).recorded).toBe(0);
    expect(await runs(id)).toHaveLength(1);
    expect(await counted(id)).toEqual({ runsUsed: 1, overageRuns: 0 });

    const abandoned = await ahead(id);
    expect(abandoned.allowed).toBe(true);
    // Not before its lease's time and the grace are over (the pass sees every account's runs).
    clock = new Date(clock.getTime() + 30_000 + PREPARED_GRACE_MS - 1_000);
    await giveBackAbandoned(sql, clock);
    expect(await runs(id)).toHaveLength(2);
    clock = new Date(clock.getTime() + 2_000);
    expect(await giveBackAbandoned(sql, clock)).toBeGreaterThanOrEqual(1);
    expect(await runs(id)).toHaveLength(1);
    expect(await counted(id)).toEqual({ runsUsed: 1, overageRuns: 0 });
    // A report that comes after that finds no lease; no run was ever shown as opened.
    expect((await report(id, abandoned.lease!.id, 3)).recorded).toBe(-1);
    expect(await openedEvents(id)).toHaveLength(1);
  });

  it('past the pool, holds an overage run and gives that back', async () => {
    const id = await account('platform');
    await sql.query("INSERT INTO metering.pools (account_id, month, runs_used) VALUES ($1, '2026-05', 1500)", [id]);
    await meter(id, '', 300);
    const next = await ahead(id);
    expect(next).toMatchObject({ allowed: true, usage: { overageRuns: 2 } });
    expect(await counted(id)).toEqual({ runsUsed: 1500, overageRuns: 2 });
    expect((await usageOf(sql, id, planOf('platform'), clock)).overageRuns).toBe(1);
    await report(id, next.lease!.id, 0, { done: true });
    expect(await counted(id)).toEqual({ runsUsed: 1500, overageRuns: 1 });
  });

  it('is not prepared while the open run has calls to grant, near the pool edge, or across the month end', async () => {
    const partly = await account('lab');
    await meter(partly, '', 100);
    expect(await ahead(partly)).toMatchObject({ allowed: false, reason: 'not_needed' });
    expect(await ahead(await account('lab'))).toMatchObject({ allowed: false, reason: 'not_needed' });

    const edge = await account('lab');
    await sql.query("INSERT INTO metering.pools (account_id, month, runs_used) VALUES ($1, '2026-05', $2)", [edge, 100 - AHEAD_POOL_MARGIN - 1]);
    await meter(edge, '', 300);
    expect(await ahead(edge)).toMatchObject({ allowed: false, reason: 'not_needed' });
    expect(await counted(edge)).toEqual({ runsUsed: 100 - AHEAD_POOL_MARGIN, overageRuns: 0 });
    // The last runs still go to calls.
    expect((await meter(edge, 'another')).allowed).toBe(true);

    const late = await account('lab');
    clock = new Date('2026-05-31T23:59:45.000Z');
    await meter(late, '', 300);
    expect(await ahead(late)).toMatchObject({ allowed: false, reason: 'not_needed' });
    clock = new Date('2026-05-31T23:59:00.000Z');
    const lateButIn = await account('lab');
    await meter(lateButIn, '', 300);
    expect((await ahead(lateButIn)).allowed).toBe(true);
  });

  it('each run held prepared leaves one more run of the pool free, and a refusal counts the runs held', async () => {
    const id = await account('lab');
    await sql.query("INSERT INTO metering.pools (account_id, month, runs_used) VALUES ($1, '2026-05', $2)", [id, 100 - AHEAD_POOL_MARGIN - 2]);
    await meter(id, 'a', 300);
    expect((await ahead(id, 'a')).allowed).toBe(true);
    await meter(id, 'b', 300);
    expect(await ahead(id, 'b')).toMatchObject({ allowed: false, reason: 'not_needed' });
    // Other subjects take the rest; the next is refused, and its answer says why the pool is empty.
    for (let i = 0; i < AHEAD_POOL_MARGIN - 1; i++) expect((await meter(id, `rest-${i}`)).allowed).toBe(true);
    expect(await counted(id)).toEqual({ runsUsed: 100, overageRuns: 0 });
    expect(await meter(id, 'late')).toMatchObject({ allowed: false, reason: 'quota_exhausted', usage: { runsUsed: 100, runsLimit: 100, runsLeft: 0 } });
    expect((await usageOf(sql, id, planOf('lab'), clock)).runsUsed).toBe(99);
  });

  it('one whose lease ran out unspent does not stop the next being prepared', async () => {
    const id = await account('lab');
    await meter(id, '', 300);
    const stale = await ahead(id);
    expect(await ahead(id)).toMatchObject({ allowed: false, reason: 'not_needed' });
    clock = new Date(clock.getTime() + 31_000);
    await meter(id, '', 300);
    const fresh = await ahead(id);
    expect(fresh.allowed).toBe(true);
    expect(fresh.lease!.runId).not.toBe(stale.lease!.runId);
  });

  it('200 concurrent asks of one subject prepare one run', async () => {
    const id = await account('lab');
    await meter(id, 'rush', 300);
    const out = await Promise.all(Array.from({ length: 200 }, () => ahead(id, 'rush')));
    expect(out.filter((r) => r.allowed)).toHaveLength(1);
    expect((await runs(id)).filter((r) => r.prepared)).toHaveLength(1);
    expect(await counted(id)).toEqual({ runsUsed: 2, overageRuns: 0 });
  });
});
