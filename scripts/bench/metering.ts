/**
 * The metering step on the real PostgreSQL: the gateway's RunLeases against a metering service
 * (gRPC on loopback, ledger in a fresh database), paced at a fixed rate of formula calls. Two mixes:
 * "steady" (200 end users calling again and again: most calls spend a held lease, some ask for a
 * new one), and "every call a new subject" (each call asks metering and opens a run: the worst case).
 */
import { createLogger, migrate, postgresSql, type Peers } from '@svc/kit';
import { freshDatabase } from '@svc/kit/testing';
import { accounts, meteringServer, migrations, SCHEMA } from '@svc/metering';
import { createClients } from '@svc/gateway/clients';
import { RunLeases } from '@svc/gateway/metering';

export interface MeteringResult {
  rate: number;
  seconds: number;
  n: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
  meterCalls: number;
  firstError?: string;
}

const pct = (xs: number[], p: number): number => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;

export async function meteringStep(o: { rate?: number; seconds?: number; warmupSeconds?: number; subjects?: number | 'new' } = {}): Promise<MeteringResult> {
  const rate = o.rate ?? 1_000;
  const seconds = o.seconds ?? 5;
  // The first calls of every subject open their runs at once; the measure starts after them.
  const warmup = o.warmupSeconds ?? 2;
  const db = await freshDatabase('bench_meter');
  const sql = postgresSql(db.url, { max: 10, applicationName: 'svc-bench-metering' });
  const log = createLogger('bench', 'silent');
  const server = meteringServer({ sql, log });
  try {
    await migrate(sql, SCHEMA, migrations);
    const accountId = (await accounts.createAccount(sql, { company: 'Bench', plan: 'platform' })).account.id;
    const port = await server.listen('127.0.0.1:0');
    const here = `127.0.0.1:${port}`;
    // Only metering is called; the other clients point at it too and stay idle.
    const clients = createClients({ library: here, envelope: here, preservation: here, label: here, metering: here, compliance: here } satisfies Peers);
    const leases = new RunLeases(clients, log);
    let meterCalls = 0;
    const times: number[] = [];
    let errors = 0;
    let failed = 0;
    let firstError: string | undefined;
    let i = 0;
    const total = rate * (seconds + warmup);
    const measureFrom = rate * warmup;
    const started = performance.now();
    const inFlight: Promise<void>[] = [];
    // Paced, not closed-loop: a slow step does not slow the arrivals down (it shows in the tail).
    await new Promise<void>((done) => {
      const tick = setInterval(() => {
        const due = Math.min(total, Math.floor(((performance.now() - started) / 1_000) * rate));
        for (; i < due; i++) {
          const subject = o.subjects === 'new' ? `new-${i}` : `user-${i % (o.subjects ?? 200)}`;
          const t0 = performance.now();
          const measured = i >= measureFrom;
          inFlight.push(
            leases
              .take(accountId, subject, `bench-${i}`)
              .then(() => void (measured && times.push(performance.now() - t0)))
              .catch((err: unknown) => {
                failed++;
                firstError ??= (err as Error).message;
                if (measured) errors++;
              }),
          );
        }
        if (i >= total) {
          clearInterval(tick);
          done();
        }
      }, 2);
    });
    await Promise.all(inFlight);
    await leases.stop();
    meterCalls = Number((await sql.query<{ n: string }>('SELECT count(*) AS n FROM metering.run_leases')).rows[0]?.n ?? 0);
    const reported = Number((await sql.query<{ n: string }>('SELECT coalesce(sum(calls), 0) AS n FROM metering.runs')).rows[0]?.n ?? 0);
    if (reported !== total - failed) throw new Error(`the ledger counted ${reported} calls, ${total - failed} were made`);
    clients.close();
    times.sort((a, b) => a - b);
    const r3 = (x: number) => Math.round(x * 1_000) / 1_000;
    return { rate, seconds, n: times.length, errors, p50: r3(pct(times, 50)), p99: r3(pct(times, 99)), max: r3(times.at(-1) ?? 0), meterCalls, ...(firstError ? { firstError } : {}) };
  } finally {
    await server.shutdown();
    await sql.close();
    await db.drop();
  }
}
