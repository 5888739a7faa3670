/**
 * The run ledger in PostgreSQL, the truth of metering: runs, the leases of calls granted to gateways,
 * and the calls they report. Every change is written in one transaction with its outbox event.
 * A subject's decisions are serialised by an advisory lock on the subject (its concurrent first calls
 * open one run), and the month's pool is taken under its row lock (exact at its edge across
 * subjects), so different subjects of one account are metered in parallel. Overage runs are counted
 * on one of several rows, not the pool's, so that past its pool an account's new runs are not taken
 * one commit at a time. Times come from the caller's clock (injectable), never from the database's
 * `now()`.
 */
import { randomInt } from 'node:crypto';
import { enqueue, newId, type Sql, type SqlTx } from '@svc/kit';
import { EVENTS } from '@svc/protos';
import { decideRun, closesAt, monthOf, RUN_CALLS, type RunDecision } from './engine/runs';
import type { Plan } from './engine/plans';
import { seatsOf } from './seats';

/** A lease not reported on for this long after it expired gives its unspent calls back to its run. */
const RECLAIM_GRACE_MS = 30_000;
/** Rows an account's overage runs of a month are counted on: new overage runs take one at random. */
const OVERAGE_SLOTS = 8;

export interface RunRow {
  id: string;
  month: string;
  opens_at: Date;
  closes_at: Date;
  calls: number;
  granted: number;
  overage: boolean;
}

export interface MonthUsage {
  month: string;
  runsUsed: number;
  runsLimit: number;
  overageRuns: number;
}

export type MeterOutcome =
  | { allowed: true; run: RunRow; lease: { id: string; calls: number; ttlMs: number; runCallsBefore: number }; usage: MonthUsage }
  | { allowed: false; reason: 'quota_exhausted'; resetsAt: Date; usage: MonthUsage }
  | { allowed: false; reason: 'seat_required'; usage: MonthUsage };

/**
 * A month's usage. Its overage runs are those counted on its overage rows, plus those counted on the
 * pool row before they had rows of their own (migration 4 leaves that column for replicas of the
 * release before it; no release since writes it).
 */
const MONTH_USAGE = `SELECT p.runs_used,
       coalesce(p.overage_runs, 0) + coalesce((SELECT sum(runs) FROM metering.overage_slots WHERE account_id = $1 AND month = $2), 0) AS overage_runs,
       (SELECT sum(runs) FROM metering.top_ups WHERE account_id = $1 AND month = $2) AS top_ups
       FROM (SELECT 1) one LEFT JOIN metering.pools p ON p.account_id = $1 AND p.month = $2`;

/**
 * Counts an overage run on one of the month's overage rows and answers the month's total with it.
 * The total is read in the same statement, whose snapshot predates its own write: the row it took
 * is read from what the write returned, the others as committed.
 */
const COUNT_OVERAGE = `WITH took AS (
         INSERT INTO metering.overage_slots AS o (account_id, month, slot, runs) VALUES ($1, $2, $3, 1)
         ON CONFLICT (account_id, month, slot) DO UPDATE SET runs = o.runs + 1 RETURNING runs)
       SELECT (SELECT runs FROM took)
         + coalesce((SELECT sum(runs) FROM metering.overage_slots WHERE account_id = $1 AND month = $2 AND slot <> $3), 0)
         + coalesce((SELECT overage_runs FROM metering.pools WHERE account_id = $1 AND month = $2), 0) AS overage_runs`;

type MonthUsageRow = { runs_used: number | null; overage_runs: string | number | null; top_ups: string | null };

const usageFrom = (row: MonthUsageRow | undefined, plan: Plan, month: string): MonthUsage => ({
  month,
  runsUsed: Number(row?.runs_used ?? 0),
  runsLimit: plan.runs + Number(row?.top_ups ?? 0),
  overageRuns: Number(row?.overage_runs ?? 0),
});

async function monthUsage(tx: Sql | SqlTx, accountId: string, plan: Plan, month: string): Promise<MonthUsage> {
  const r = await tx.query<MonthUsageRow>(MONTH_USAGE, [accountId, month]);
  return usageFrom(r.rows[0], plan, month);
}

export const usageOf = (sql: Sql, accountId: string, plan: Plan, now: Date): Promise<MonthUsage> => monthUsage(sql, accountId, plan, monthOf(now));

/** Gives the unspent calls of the run's long-expired leases back to it (a gateway that stopped reporting). */
async function reclaimExpired(tx: SqlTx, runId: string, now: Date): Promise<number> {
  const r = await tx.query<{ unused: number }>(
    `UPDATE metering.run_leases SET reclaimed = true
      WHERE run_id = $1 AND NOT reclaimed AND expires_at < $2
      RETURNING granted - used AS unused`,
    [runId, new Date(now.getTime() - RECLAIM_GRACE_MS)],
  );
  const unused = r.rows.reduce((s, x) => s + Number(x.unused), 0);
  if (unused > 0) await tx.query('UPDATE metering.runs SET granted = granted - $2 WHERE id = $1', [runId, unused]);
  return unused;
}

/**
 * A lease of up to `want` calls for the subject: in its open run, or in a new run when none is open
 * (from the pool, or as overage), or a refusal when the pool is empty.
 */
export async function meter(sql: Sql, a: MeterArgs): Promise<MeterOutcome | null> {
  // A subject that lost the pool's last run to another subject between its read and its write
  // decides again, and then sees the pool as it is (empty: refused, or an overage run).
  for (let attempt = 0; ; attempt++) {
    try {
      return await sql.transaction((tx) => meterIn(tx, a));
    } catch (err) {
      if (!(err instanceof PoolTaken || isRetryable(err)) || attempt >= 3) throw err;
    }
  }
}

interface MeterArgs {
  accountId: string;
  /** x-svc-user, empty when not sent: with enrolled seats it must be one of them. */
  endUser: string;
  planOf: (id: string) => Plan;
  subject: string;
  want: number;
  now: Date;
  leaseTtlMs: number;
}

class PoolTaken extends Error {}

/**
 * A deadlock or serialisation failure PostgreSQL broke by failing this transaction (a late report
 * meeting a reclaim on the same run): nothing of it was written, so it is decided again.
 */
const isRetryable = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
};

async function meterIn(tx: SqlTx, a: MeterArgs): Promise<MeterOutcome | null> {
  const month = monthOf(a.now);
  // What the decision reads, sent together: they run in this order on the transaction's one
  // connection (the subject's lock first, so the rest is read under it), and the answers come back
  // in one crossing instead of five; under load each crossing waits its turn behind the requests
  // in flight, while every call of the subject waits for this decision.
  const [, acct, seats, open, pool] = await Promise.all([
    // One decision at a time per subject (its concurrent first calls open one run), others in parallel.
    tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`metering.run:${a.accountId}:${a.subject}`]),
    tx.query<{ plan: string }>("SELECT plan FROM metering.accounts WHERE id = $1 AND status = 'active'", [a.accountId]),
    seatsOf(tx, a.accountId, a.endUser),
    tx.query<RunRow>(
      `SELECT id, month, opens_at, closes_at, calls, granted, overage FROM metering.runs
        WHERE account_id = $1 AND subject = $2 AND closes_at > $3 ORDER BY opens_at DESC LIMIT 1 FOR UPDATE`,
      [a.accountId, a.subject, a.now],
    ),
    tx.query<MonthUsageRow>(MONTH_USAGE, [a.accountId, month]),
  ]);
  if (!acct.rows[0]) return null;
  const plan = a.planOf(acct.rows[0].plan);
  const usage = usageFrom(pool.rows[0], plan, month);
  // An account that enrols its end users meters only them (spec section 5, rule 5).
  if (plan.seats && seats.enforced && !(a.endUser && seats.enrolled)) return { allowed: false, reason: 'seat_required', usage };
  let run = open.rows[0] ?? null;
  if (run && run.granted >= RUN_CALLS) run.granted -= await reclaimExpired(tx, run.id, a.now);
  const decision: RunDecision = decideRun({
    plan,
    open: run ? { closesAt: new Date(run.closes_at), granted: run.granted } : null,
    poolUsed: usage.runsUsed,
    poolSize: usage.runsLimit,
    want: a.want,
    now: a.now,
  });
  if (decision.kind === 'refuse') return { allowed: false, reason: decision.reason, resetsAt: decision.resetsAt, usage };
  const leaseId = newId('lease');
  if (decision.kind === 'join') {
    const current = run as RunRow;
    const ttlMs = leaseTtl(a, current);
    await Promise.all([
      tx.query('UPDATE metering.runs SET granted = granted + $2 WHERE id = $1', [current.id, decision.grant]),
      insertLease(tx, leaseId, current.id, a, decision.grant, ttlMs),
    ]);
    const lease = { id: leaseId, calls: decision.grant, ttlMs, runCallsBefore: current.granted };
    current.granted += decision.grant;
    return { allowed: true, run: current, lease, usage };
  }
  const opensAt = a.now;
  const fresh: RunRow = { id: newId('run'), month, opens_at: opensAt, closes_at: closesAt(opensAt), calls: 0, granted: decision.grant, overage: decision.overage };
  const ttlMs = leaseTtl(a, fresh);
  // The run (with its first lease's grant), its event, the lease and its count, sent together. The
  // pool is last, so its row lock is held only until the commit: the pool is taken under it and is
  // exact at its edge across subjects, while opening runs stays parallel up to here. An overage run
  // has no edge to respect and takes one of the overage rows instead, so those are not serialised.
  const [, , , counted] = await Promise.all([
    tx.query(
      'INSERT INTO metering.runs (id, account_id, subject, month, opens_at, closes_at, calls, granted, overage) VALUES ($1, $2, $3, $4, $5, $6, 0, $7, $8)',
      [fresh.id, a.accountId, a.subject, month, fresh.opens_at, fresh.closes_at, decision.grant, fresh.overage],
    ),
    enqueue(tx, 'metering', 'usage.run_opened', EVENTS['usage.run_opened'].parse({
      runId: fresh.id, accountId: a.accountId, month, overage: fresh.overage, opensAt: fresh.opens_at.toISOString(), closesAt: fresh.closes_at.toISOString(),
    })),
    insertLease(tx, leaseId, fresh.id, a, decision.grant, ttlMs),
    fresh.overage
      ? tx.query<{ overage_runs: string }>(COUNT_OVERAGE, [a.accountId, month, randomInt(OVERAGE_SLOTS)])
      : tx.query<{ runs_used: number }>(
          `INSERT INTO metering.pools AS p (account_id, month, runs_used) VALUES ($1, $2, 1)
           ON CONFLICT (account_id, month) DO UPDATE SET runs_used = p.runs_used + 1 WHERE p.runs_used < $3
           RETURNING runs_used`,
          [a.accountId, month, usage.runsLimit],
        ),
  ]);
  const row = counted.rows[0] as { runs_used?: number; overage_runs?: string } | undefined;
  if (!row) throw new PoolTaken();
  if (fresh.overage) usage.overageRuns = Number(row.overage_runs);
  else usage.runsUsed = Number(row.runs_used);
  return { allowed: true, run: fresh, lease: { id: leaseId, calls: decision.grant, ttlMs, runCallsBefore: 0 }, usage };
}

/** A lease never outlives its run: a call after the 60th minute belongs to a new run. */
const leaseTtl = (a: MeterArgs, run: RunRow): number => Math.max(0, Math.min(a.leaseTtlMs, new Date(run.closes_at).getTime() - a.now.getTime()));

const insertLease = (tx: SqlTx, id: string, runId: string, a: MeterArgs, granted: number, ttlMs: number) =>
  tx.query('INSERT INTO metering.run_leases (id, run_id, account_id, granted, expires_at) VALUES ($1, $2, $3, $4, $5)', [id, runId, a.accountId, granted, new Date(a.now.getTime() + ttlMs)]);

/**
 * Counts the calls gateways spent from leases. `used` is a lease's running total, so a report
 * repeated after a timeout, or one overtaken by a later one, counts nothing twice. A total above the
 * grant is capped: a gateway cannot spend what it was not granted. One transaction for the batch;
 * leases are locked in id order and runs written in id order, so two batches never wait on each
 * other in a cycle; only the leases the batch names for their own account are locked. Per use: the
 * calls newly counted, or -1 when no such lease belongs to that account.
 *
 * The batch's leases are read in one statement and its writes sent together: on the embedded
 * database a statement is a crossing to its thread, and this transaction holds the database's one
 * connection, so a statement per lease would hold every run decision up behind it under load.
 */
export async function reportCalls(sql: Sql, uses: readonly { accountId: string; leaseId: string; used: number }[]): Promise<number[]> {
  const order = uses.map((u, i) => ({ u, i })).sort((x, y) => (x.u.leaseId < y.u.leaseId ? -1 : x.u.leaseId > y.u.leaseId ? 1 : x.i - y.i));
  return sql.transaction(async (tx) => {
    const r = await tx.query<{ id: string; account_id: string; run_id: string; granted: number; used: number; reclaimed: boolean; month: string }>(
      `SELECT l.id, l.account_id, l.run_id, l.granted, l.used, l.reclaimed, r.month FROM metering.run_leases l JOIN metering.runs r ON r.id = l.run_id
        WHERE (l.id, l.account_id) IN (SELECT * FROM unnest($1::text[], $2::text[])) ORDER BY l.id FOR UPDATE OF l`,
      [uses.map((u) => u.leaseId), uses.map((u) => u.accountId)],
    );
    const leases = new Map(r.rows.map((l) => [l.id, { ...l, before: Number(l.used), used: Number(l.used), granted: Number(l.granted) }]));
    const out: number[] = new Array<number>(uses.length).fill(0);
    const runs = new Map<string, { calls: number; regranted: number }>();
    const writes: Promise<unknown>[] = [];
    for (const { u, i } of order) {
      const lease = leases.get(u.leaseId);
      if (!lease || lease.account_id !== u.accountId) {
        out[i] = -1;
        continue;
      }
      const total = Math.min(Math.max(0, Math.floor(u.used)), lease.granted);
      const delta = total - lease.used;
      if (delta <= 0) continue;
      out[i] = delta;
      lease.used = total;
      const run = runs.get(lease.run_id) ?? { calls: 0, regranted: 0 };
      run.calls += delta;
      // Calls reported after their lease was reclaimed were real: the run's grant takes them back.
      if (lease.reclaimed) run.regranted += delta;
      runs.set(lease.run_id, run);
      writes.push(enqueue(tx, 'metering', 'usage.calls_recorded', EVENTS['usage.calls_recorded'].parse({
        runId: lease.run_id, accountId: u.accountId, month: lease.month, leaseId: u.leaseId, used: total, delta,
      })));
    }
    for (const [id, l] of leases) if (l.used !== l.before) writes.push(tx.query('UPDATE metering.run_leases SET used = $2 WHERE id = $1', [id, l.used]));
    for (const [id, run] of [...runs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) writes.push(tx.query('UPDATE metering.runs SET calls = calls + $2, granted = granted + $3 WHERE id = $1', [id, run.calls, run.regranted]));
    await Promise.all(writes);
    return out;
  });
}

/** The newest run of a subject still open at `now`, for the usage object of answers that open none. */
export async function openRun(sql: Sql, accountId: string, subject: string, now: Date): Promise<RunRow | null> {
  const r = await sql.query<RunRow>(
    `SELECT id, month, opens_at, closes_at, calls, granted, overage FROM metering.runs
      WHERE account_id = $1 AND subject = $2 AND closes_at > $3 ORDER BY opens_at DESC LIMIT 1`,
    [accountId, subject, now],
  );
  return r.rows[0] ?? null;
}
