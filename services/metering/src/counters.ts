/**
 * The usage counters: a projection of the svc.usage.* events (runs, overage runs and calls per
 * account and month), kept by a durable consumer. Each event is applied at most once: its id is
 * recorded in the same transaction as the counters it moves, so a redelivery after a crash (the
 * process died after the commit, before the acknowledgement) changes nothing. The ledger stays the
 * truth; the counters are what a dashboard or a billing export reads without scanning it.
 */
import { meteringRunsOpened, type Bus, type Logger, type Sql, type Subscription } from '@svc/kit';
import { subscribeEvent } from '@svc/protos';
import { faultPoint } from './faults';

const GROUP = 'metering-usage-counters';

/**
 * One statement, so one atomic step without a transaction around it: the event id is recorded and
 * the counters moved together, or, for an id seen before, neither (the insert of the counters reads
 * only the id just recorded).
 */
export async function applyUsage(sql: Sql, eventId: string, accountId: string, month: string, d: { runs?: number; overage?: number; calls?: number }): Promise<boolean> {
  const r = await sql.query(
    `WITH fresh AS (INSERT INTO metering.consumed_events (id) VALUES ($1) ON CONFLICT (id) DO NOTHING RETURNING id)
     INSERT INTO metering.usage_counters (account_id, month, runs, overage_runs, calls)
     SELECT $2::text, $3::text, $4::int, $5::int, $6::int FROM fresh
     ON CONFLICT (account_id, month) DO UPDATE SET runs = usage_counters.runs + EXCLUDED.runs, overage_runs = usage_counters.overage_runs + EXCLUDED.overage_runs, calls = usage_counters.calls + EXCLUDED.calls`,
    [eventId, accountId, month, d.runs ?? 0, d.overage ?? 0, d.calls ?? 0],
  );
  faultPoint('before_ack');
  // A row moved only for an id not seen before: a redelivered event is not counted again.
  return r.rowCount > 0;
}

export async function startUsageCounters(sql: Sql, bus: Bus, log: Logger): Promise<Subscription> {
  const invalid = (info: { subject: string; id: string; problem: string }) => log.warn(info, 'invalid usage event skipped');
  const subs = await Promise.all([
    subscribeEvent(bus, 'usage.run_opened', async (e, id) => {
      if (await applyUsage(sql, id, e.accountId, e.month, e.overage ? { overage: 1 } : { runs: 1 })) meteringRunsOpened.inc({ kind: e.overage ? 'overage' : 'pool' });
    }, invalid, { group: `${GROUP}-runs` }),
    subscribeEvent(bus, 'usage.calls_recorded', async (e, id) => void (await applyUsage(sql, id, e.accountId, e.month, { calls: e.delta })), invalid, { group: `${GROUP}-calls` }),
  ]);
  return { stop: async () => void (await Promise.all(subs.map((s) => s.stop()))) };
}

export async function countersOf(sql: Sql, accountId: string, month: string): Promise<{ runs: number; overageRuns: number; calls: number }> {
  const r = await sql.query<{ runs: number; overage_runs: number; calls: number }>('SELECT runs, overage_runs, calls FROM metering.usage_counters WHERE account_id = $1 AND month = $2', [accountId, month]);
  const row = r.rows[0];
  return { runs: Number(row?.runs ?? 0), overageRuns: Number(row?.overage_runs ?? 0), calls: Number(row?.calls ?? 0) };
}
