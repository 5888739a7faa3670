/**
 * The run ledger in PostgreSQL, the truth of metering: runs, the leases of calls granted to gateways,
 * and the calls they report. Every change is written in one transaction with its outbox event.
 * A subject's decisions are serialised by an advisory lock on the subject (its concurrent first calls
 * open one run), and the month's pool is taken under its row lock (exact at its edge across
 * subjects), so different subjects of one account are metered in parallel. Overage runs are counted
 * on one of several rows, not the pool's, so that past its pool an account's new runs are not taken
 * one commit at a time. Times come from the caller's clock (injectable), never from the database's
 * `now()`.
 *
 * A gateway spending a subject's run fast asks for the next one *ahead*, before the current run's
 * last calls are spent, so that the subject's calls do not wait for this ledger at each rollover.
 * A prepared run holds its pool run (or its overage row) from then on, but is shown nowhere and has
 * no run_opened event: it opens when the first call spent from its lease is reported (at the moment
 * that call was spent), or is given back, pool run and all, when its lease ends unspent.
 */
import { randomInt } from 'node:crypto';
import { enqueue, newId, type Sql, type SqlTx } from '@svc/kit';
import { EVENTS } from '@svc/protos';
import { decideRun, closesAt, monthOf, RUN_CALLS, runTakesCalls, type RunDecision } from './engine/runs';
import type { Plan } from './engine/plans';
import { seatsOf } from './seats';

/** A lease not reported on for this long after it expired gives its unspent calls back to its run. */
const RECLAIM_GRACE_MS = 30_000;
/**
 * Runs of the pool left free by prepared runs, beyond one for each run already held prepared: near
 * the pool's edge runs open only on a call, so runs held for calls that may not come do not refuse
 * (or bill as overage) another subject's call.
 */
export const AHEAD_POOL_MARGIN = 10;
/**
 * A prepared run whose lease expired unspent is given back this long after: its gateway died, or
 * cannot reach metering. Longer than a lease's grace, since calls spent from it and not reported by
 * then are lost with it (in the caller's favour).
 */
export const PREPARED_GRACE_MS = 5 * 60_000;
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
  prepared: boolean;
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
  | { allowed: false; reason: 'seat_required'; usage: MonthUsage }
  /** Asked ahead, and no run is prepared: the subject's next call decides as usual. */
  | { allowed: false; reason: 'not_needed'; usage: MonthUsage };

/**
 * A month's usage. Its overage runs are those counted on its overage rows, plus those counted on the
 * pool row before they had rows of their own (migration 4 leaves that column for replicas of the
 * release before it; no release since writes it). Runs prepared ahead are counted (they hold their
 * place) and also given apart, since they are not shown until they open.
 */
const MONTH_USAGE = `SELECT p.runs_used,
       coalesce(p.overage_runs, 0) + coalesce((SELECT sum(runs) FROM metering.overage_slots WHERE account_id = $1 AND month = $2), 0) AS overage_runs,
       (SELECT sum(runs) FROM metering.top_ups WHERE account_id = $1 AND month = $2) AS top_ups,
       (SELECT count(*) FILTER (WHERE NOT overage) FROM metering.runs WHERE account_id = $1 AND month = $2 AND prepared) AS prepared_pool,
       (SELECT count(*) FILTER (WHERE overage) FROM metering.runs WHERE account_id = $1 AND month = $2 AND prepared) AS prepared_overage
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

type MonthUsageRow = { runs_used: number | null; overage_runs: string | number | null; top_ups: string | null; prepared_pool: string | number | null; prepared_overage: string | number | null };

/** The month as shown: runs opened, without those prepared ahead that have not opened yet. */
const usageFrom = (row: MonthUsageRow | undefined, plan: Plan, month: string): MonthUsage => ({
  month,
  runsUsed: Number(row?.runs_used ?? 0) - Number(row?.prepared_pool ?? 0),
  runsLimit: plan.runs + Number(row?.top_ups ?? 0),
  overageRuns: Number(row?.overage_runs ?? 0) - Number(row?.prepared_overage ?? 0),
});

async function monthUsage(tx: Sql | SqlTx, accountId: string, plan: Plan, month: string): Promise<MonthUsage> {
  const r = await tx.query<MonthUsageRow>(MONTH_USAGE, [accountId, month]);
  return usageFrom(r.rows[0], plan, month);
}

export const usageOf = (sql: Sql, accountId: string, plan: Plan, now: Date): Promise<MonthUsage> => monthUsage(sql, accountId, plan, monthOf(now));

/**
 * Gives the unspent calls of the run's dead leases back to it: long expired (a gateway that stopped
 * reporting), or held by an earlier start of the gateway asking (it died with them: a restarted
 * gateway rejoins its subject's run at once instead of opening another).
 */
async function reclaimExpired(tx: SqlTx, runId: string, now: Date, holder: Holder): Promise<number> {
  const r = await tx.query<{ unused: number }>(
    `UPDATE metering.run_leases SET reclaimed = true
      WHERE run_id = $1 AND NOT reclaimed
        AND (expires_at < $2 OR ($3 <> '' AND holder = $3 AND holder_incarnation <> $4))
      RETURNING granted - used AS unused`,
    [runId, new Date(now.getTime() - RECLAIM_GRACE_MS), holder.name, holder.incarnation],
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
      return await sql.transaction(async (tx) => {
        if (a.callerGone?.()) throw new CallerGone();
        const out = await meterIn(tx, a);
        // Runs from the pool are taken one at a time, under the pool row's lock: a caller whose
        // deadline passed while it waited its turn would be counted a run it never receives. Rolled
        // back instead; an overloaded ledger then spends its turns on callers still waiting.
        if (out?.allowed && a.callerGone?.()) throw new CallerGone();
        return out;
      });
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
  /** The subject's next run, prepared before its current one is spent (see the top of this file). */
  ahead?: boolean;
  /** With ahead: the lease the gateway spends now, and when its first call was spent (ms). */
  spendingLeaseId?: string;
  spendingFirstUsedMs?: number;
  /** True once the caller no longer waits for the answer (its deadline passed, or it cancelled). */
  callerGone?: () => boolean;
  /** The gateway asking and which start of it (see Holder); unknown when absent. */
  holder?: Holder;
}

/** A gateway by a name that outlives its restarts (one live process per name), and the start of it. */
export interface Holder {
  name: string;
  incarnation: string;
}

const NO_HOLDER: Holder = { name: '', incarnation: '' };

class PoolTaken extends Error {}
/** The caller stopped waiting before the decision was committed: nothing of it was written. */
export class CallerGone extends Error {
  constructor() {
    super('the caller stopped waiting; nothing was metered');
  }
}

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
  const [, acct, seats, open, pool, prepared] = await Promise.all([
    // One decision at a time per subject (its concurrent first calls open one run), others in parallel.
    tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`metering.run:${a.accountId}:${a.subject}`]),
    tx.query<{ plan: string }>("SELECT plan FROM metering.accounts WHERE id = $1 AND status = 'active'", [a.accountId]),
    seatsOf(tx, a.accountId, a.endUser),
    // A prepared run is its gateway's until it opens (or is given back): never joined here.
    // Asked ahead, the open run and the prepared ones are only read (the subject's lock orders the
    // asks; opening the one being spent is conditional on it being still prepared): locking them
    // would lock runs in another order than a report, which opens and gives back prepared runs and
    // counts calls on runs in id order.
    tx.query<RunRow>(
      `SELECT id, month, opens_at, closes_at, calls, granted, overage, prepared FROM metering.runs
        WHERE account_id = $1 AND subject = $2 AND closes_at > $3 AND NOT prepared ORDER BY opens_at DESC LIMIT 1${a.ahead ? '' : ' FOR UPDATE'}`,
      [a.accountId, a.subject, a.now],
    ),
    tx.query<MonthUsageRow>(MONTH_USAGE, [a.accountId, month]),
    a.ahead
      ? tx.query<PreparedRun & { lease_id: string; granted: number; closes_at: Date; expires_at: Date }>(
          `SELECT r.id, r.account_id, r.month, r.overage, r.opens_at, r.closes_at, r.granted, l.id AS lease_id, l.expires_at
             FROM metering.runs r JOIN metering.run_leases l ON l.run_id = r.id
            WHERE r.account_id = $1 AND r.subject = $2 AND r.prepared`,
          [a.accountId, a.subject],
        )
      : null,
  ]);
  if (!acct.rows[0]) return null;
  const plan = a.planOf(acct.rows[0].plan);
  const usage = usageFrom(pool.rows[0], plan, month);
  // The pool as taken, prepared runs included: they hold their place. And the runs held prepared,
  // which the usage shown leaves out.
  const poolUsed = Number(pool.rows[0]?.runs_used ?? 0);
  const held = { pool: Number(pool.rows[0]?.prepared_pool ?? 0), overage: Number(pool.rows[0]?.prepared_overage ?? 0) };
  // An account that enrols its end users meters only them (spec section 5, rule 5).
  if (plan.seats && seats.enforced && !(a.endUser && seats.enrolled)) return { allowed: false, reason: 'seat_required', usage };
  let run = open.rows[0] ?? null;
  if (a.ahead) {
    // The run the gateway spends now may be one it was prepared, spent faster than its calls are
    // reported: it opens now, at its first call, so that the next one can be prepared.
    const spending = prepared?.rows.find((p) => a.spendingLeaseId && p.lease_id === a.spendingLeaseId);
    if (spending) {
      const opened = await openPrepared(tx, spending, a.spendingFirstUsedMs, a.now);
      if (opened) {
        run = { ...opened, calls: 0, granted: spending.granted };
        // Shown from now on: no longer held.
        if (opened.overage) {
          held.overage -= 1;
          usage.overageRuns += 1;
        } else {
          held.pool -= 1;
          usage.runsUsed += 1;
        }
      }
    }
    // Prepared only for a subject whose open run has no calls left to grant (the gateway holds its
    // last ones), one at a time (a prepared run whose lease ran out only waits to be given back),
    // within the month the lease ends in (a run counts in the month it opens in) and, for a pool
    // run, away from the pool's edge.
    const others = prepared?.rows.filter((p) => p !== spending && new Date(p.expires_at).getTime() > a.now.getTime()) ?? [];
    const needed = run && !runTakesCalls({ closesAt: new Date(run.closes_at), granted: run.granted }, a.now) && others.length === 0;
    if (!needed || monthOf(new Date(a.now.getTime() + a.leaseTtlMs)) !== month) return { allowed: false, reason: 'not_needed', usage };
    run = null;
  }
  if (run && run.granted >= RUN_CALLS) run.granted -= await reclaimExpired(tx, run.id, a.now, a.holder ?? NO_HOLDER);
  const decision: RunDecision = decideRun({
    plan,
    open: run ? { closesAt: new Date(run.closes_at), granted: run.granted } : null,
    poolUsed,
    poolSize: usage.runsLimit,
    want: a.ahead ? RUN_CALLS : a.want,
    now: a.now,
  });
  // A refusal shows the pool as taken: runs held prepared included, since they are why it is empty.
  if (decision.kind === 'refuse') return { allowed: false, reason: decision.reason, resetsAt: decision.resetsAt, usage: { ...usage, runsUsed: poolUsed } };
  // Near the edge the pool's last runs go to calls, not to runs that may never get one.
  const poolEdge = a.ahead ? usage.runsLimit - AHEAD_POOL_MARGIN - held.pool : usage.runsLimit;
  if (a.ahead && decision.kind === 'open' && !decision.overage && poolUsed >= poolEdge) return { allowed: false, reason: 'not_needed', usage };
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
  const fresh: RunRow = { id: newId('run'), month, opens_at: opensAt, closes_at: closesAt(opensAt), calls: 0, granted: decision.grant, overage: decision.overage, prepared: a.ahead === true };
  const ttlMs = leaseTtl(a, fresh);
  const slot = fresh.overage ? randomInt(OVERAGE_SLOTS) : null;
  // The run (with its first lease's grant), its event, the lease and its count, sent together. The
  // pool is last, so its row lock is held only until the commit: the pool is taken under it and is
  // exact at its edge across subjects, while opening runs stays parallel up to here. An overage run
  // has no edge to respect and takes one of the overage rows instead, so those are not serialised.
  // A prepared run's event waits for its first call (reportCalls).
  const [, , , counted] = await Promise.all([
    tx.query(
      'INSERT INTO metering.runs (id, account_id, subject, month, opens_at, closes_at, calls, granted, overage, prepared, overage_slot) VALUES ($1, $2, $3, $4, $5, $6, 0, $7, $8, $9, $10)',
      [fresh.id, a.accountId, a.subject, month, fresh.opens_at, fresh.closes_at, decision.grant, fresh.overage, fresh.prepared, slot],
    ),
    fresh.prepared ? null : enqueue(tx, 'metering', 'usage.run_opened', runOpened(fresh, a.accountId)),
    insertLease(tx, leaseId, fresh.id, a, decision.grant, ttlMs),
    fresh.overage
      ? tx.query<{ overage_runs: string }>(COUNT_OVERAGE, [a.accountId, month, slot])
      : tx.query<{ runs_used: number }>(
          `INSERT INTO metering.pools AS p (account_id, month, runs_used) VALUES ($1, $2, 1)
           ON CONFLICT (account_id, month) DO UPDATE SET runs_used = p.runs_used + 1 WHERE p.runs_used < $3
           RETURNING runs_used`,
          [a.accountId, month, poolEdge],
        ),
  ]);
  const row = counted.rows[0] as { runs_used?: number; overage_runs?: string } | undefined;
  if (!row) throw new PoolTaken();
  // Shown as opened: the runs prepared before this one are not (read before it was written).
  if (fresh.overage) usage.overageRuns = Number(row.overage_runs) - held.overage;
  else usage.runsUsed = Number(row.runs_used) - held.pool;
  return { allowed: true, run: fresh, lease: { id: leaseId, calls: decision.grant, ttlMs, runCallsBefore: 0 }, usage };
}

const runOpened = (run: Pick<RunRow, 'id' | 'month' | 'opens_at' | 'closes_at' | 'overage'>, accountId: string) =>
  EVENTS['usage.run_opened'].parse({
    runId: run.id, accountId, month: run.month, overage: run.overage, opensAt: new Date(run.opens_at).toISOString(), closesAt: new Date(run.closes_at).toISOString(),
  });

/** A lease never outlives its run: a call after the 60th minute belongs to a new run. */
const leaseTtl = (a: MeterArgs, run: RunRow): number => Math.max(0, Math.min(a.leaseTtlMs, new Date(run.closes_at).getTime() - a.now.getTime()));

const insertLease = (tx: SqlTx, id: string, runId: string, a: MeterArgs, granted: number, ttlMs: number) =>
  tx.query('INSERT INTO metering.run_leases (id, run_id, account_id, granted, expires_at, holder, holder_incarnation) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    id, runId, a.accountId, granted, new Date(a.now.getTime() + ttlMs), a.holder?.name ?? '', a.holder?.incarnation ?? '',
  ]);

/** What a gateway says of a lease: the calls spent from it so far, when the first was, whether it is done. */
export interface LeaseUse {
  accountId: string;
  leaseId: string;
  used: number;
  /** Ms since the epoch; 0 or absent: not said (the report's time stands in). */
  firstUsedMs?: number;
  /** The gateway spends no more of it. */
  done?: boolean;
}

type ReportedLease = { id: string; account_id: string; run_id: string; granted: number; used: number; reclaimed: boolean; month: string; prepared: boolean; opens_at: Date; overage: boolean; overage_slot: number | null };

/**
 * Counts the calls gateways spent from leases. `used` is a lease's running total, so a report
 * repeated after a timeout, or one overtaken by a later one, counts nothing twice. A total above the
 * grant is capped: a gateway cannot spend what it was not granted. One transaction for the batch;
 * leases are locked in id order and runs written in id order, so two batches never wait on each
 * other in a cycle; only the leases the batch names for their own account are locked. Per use: the
 * calls newly counted, or -1 when no such lease belongs to that account.
 *
 * The first calls counted on a prepared run open it, at the moment the first was spent; a prepared
 * run whose lease is done with no call spent is given back.
 *
 * The batch's leases are read in one statement and its writes sent together: on the embedded
 * database a statement is a crossing to its thread, and this transaction holds the database's one
 * connection, so a statement per lease would hold every run decision up behind it under load.
 */
export async function reportCalls(sql: Sql, uses: readonly LeaseUse[], now: Date = new Date()): Promise<number[]> {
  const order = uses.map((u, i) => ({ u, i })).sort((x, y) => (x.u.leaseId < y.u.leaseId ? -1 : x.u.leaseId > y.u.leaseId ? 1 : x.i - y.i));
  return sql.transaction(async (tx) => {
    const r = await tx.query<ReportedLease>(
      `SELECT l.id, l.account_id, l.run_id, l.granted, l.used, l.reclaimed, r.month, r.prepared, r.opens_at, r.overage, r.overage_slot
         FROM metering.run_leases l JOIN metering.runs r ON r.id = l.run_id
        WHERE (l.id, l.account_id) IN (SELECT * FROM unnest($1::text[], $2::text[])) ORDER BY l.id FOR UPDATE OF l`,
      [uses.map((u) => u.leaseId), uses.map((u) => u.accountId)],
    );
    const leases = new Map(r.rows.map((l) => [l.id, { ...l, before: Number(l.used), used: Number(l.used), granted: Number(l.granted) }]));
    const out: number[] = new Array<number>(uses.length).fill(0);
    const runs = new Map<string, { calls: number; regranted: number }>();
    const writes: Promise<unknown>[] = [];
    const givenBack: ReportedLease[] = [];
    const opening = new Map<string, { lease: ReportedLease; firstUsedMs: number | undefined }>();
    for (const { u, i } of order) {
      const lease = leases.get(u.leaseId);
      if (!lease || lease.account_id !== u.accountId) {
        out[i] = -1;
        continue;
      }
      const total = Math.min(Math.max(0, Math.floor(u.used)), lease.granted);
      const delta = total - lease.used;
      if (delta <= 0) {
        if (u.done && lease.prepared && lease.used === 0 && !givenBack.includes(lease)) givenBack.push(lease);
        continue;
      }
      out[i] = delta;
      lease.used = total;
      if (lease.prepared) {
        lease.prepared = false;
        opening.set(lease.run_id, { lease, firstUsedMs: u.firstUsedMs });
      }
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
    // Runs in id order (a prepared one opened just before its count), after every lease of the batch.
    for (const [id, run] of [...runs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const o = opening.get(id);
      if (o) writes.push(openPrepared(tx, { id, account_id: o.lease.account_id, month: o.lease.month, overage: o.lease.overage, opens_at: o.lease.opens_at }, o.firstUsedMs, now));
      writes.push(tx.query('UPDATE metering.runs SET calls = calls + $2, granted = granted + $3 WHERE id = $1', [id, run.calls, run.regranted]));
    }
    // Pool rows last and in one order, after every lease of the batch is locked.
    givenBack.sort((a, b) => (`${a.account_id}:${a.month}` < `${b.account_id}:${b.month}` ? -1 : 1));
    for (const lease of givenBack) writes.push(giveBack(tx, lease));
    await Promise.all(writes);
    return out;
  });
}

/** A prepared run as read for opening it: `opens_at` is when it was prepared. */
interface PreparedRun {
  id: string;
  account_id: string;
  month: string;
  overage: boolean;
  opens_at: Date;
}

/**
 * A prepared run opens with its first call: its window starts when that call was spent (never before
 * it was prepared, never after now), and its run_opened event is written with it, once: a run that
 * was opened meanwhile (by the gateway's next ask, or its report) is left as it is. Returns the run
 * as opened, or null.
 */
async function openPrepared(tx: SqlTx, p: PreparedRun, firstUsedMs: number | undefined, now: Date): Promise<Pick<RunRow, 'id' | 'month' | 'opens_at' | 'closes_at' | 'overage' | 'prepared'> | null> {
  const prepared = new Date(p.opens_at).getTime();
  const opensAt = new Date(Math.min(now.getTime(), Math.max(prepared, firstUsedMs || now.getTime())));
  const run = { id: p.id, month: p.month, opens_at: opensAt, closes_at: closesAt(opensAt), overage: p.overage, prepared: false };
  const r = await tx.query('UPDATE metering.runs SET prepared = false, opens_at = $2, closes_at = $3 WHERE id = $1 AND prepared RETURNING id', [run.id, run.opens_at, run.closes_at]);
  if (r.rows.length === 0) return null;
  await enqueue(tx, 'metering', 'usage.run_opened', runOpened(run, p.account_id));
  return run;
}

/**
 * A prepared run that got no call goes, with its lease, and its pool run (or overage count) comes
 * back: one statement, so that a run opened meanwhile (by its gateway's next ask) is left whole and
 * nothing is given back for it.
 */
function giveBack(tx: SqlTx, lease: ReportedLease): Promise<unknown> {
  const gone = `WITH run AS (DELETE FROM metering.runs WHERE id = $1 AND prepared RETURNING id),
                    lease AS (DELETE FROM metering.run_leases WHERE id = $2 AND EXISTS (SELECT 1 FROM run))`;
  return lease.overage
    ? tx.query(`${gone} UPDATE metering.overage_slots SET runs = runs - 1 WHERE account_id = $3 AND month = $4 AND slot = $5 AND EXISTS (SELECT 1 FROM run)`, [lease.run_id, lease.id, lease.account_id, lease.month, lease.overage_slot])
    : tx.query(`${gone} UPDATE metering.pools SET runs_used = runs_used - 1 WHERE account_id = $3 AND month = $4 AND EXISTS (SELECT 1 FROM run)`, [lease.run_id, lease.id, lease.account_id, lease.month]);
}

/**
 * Gives back the prepared runs whose lease expired unspent and unreported past PREPARED_GRACE_MS:
 * their gateway stopped, or lost the lease, before saying so. Rows another transaction holds are
 * left for the next pass. Returns how many runs were given back.
 */
export async function giveBackAbandoned(sql: Sql, now: Date, limit = 200): Promise<number> {
  return sql.transaction(async (tx) => {
    const r = await tx.query<ReportedLease>(
      `SELECT l.id, l.account_id, l.run_id, l.granted, l.used, l.reclaimed, r.month, r.prepared, r.opens_at, r.overage, r.overage_slot
         FROM metering.runs r JOIN metering.run_leases l ON l.run_id = r.id
        WHERE r.prepared AND l.used = 0 AND l.expires_at < $1
        ORDER BY r.account_id, r.month, l.id LIMIT $2 FOR UPDATE OF l, r SKIP LOCKED`,
      [new Date(now.getTime() - PREPARED_GRACE_MS), limit],
    );
    await Promise.all(r.rows.map((lease) => giveBack(tx, lease)));
    return r.rows.length;
  });
}

/** The newest run of a subject open at `now` (prepared runs are not open), for answers that open none. */
export async function openRun(sql: Sql, accountId: string, subject: string, now: Date): Promise<RunRow | null> {
  const r = await sql.query<RunRow>(
    `SELECT id, month, opens_at, closes_at, calls, granted, overage, prepared FROM metering.runs
      WHERE account_id = $1 AND subject = $2 AND closes_at > $3 AND NOT prepared ORDER BY opens_at DESC LIMIT 1`,
    [accountId, subject, now],
  );
  return r.rows[0] ?? null;
}
