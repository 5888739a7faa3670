/**
 * Crash safety of metering, with the service as a real child process killed by SIGKILL at the two
 * moments that matter: after the ledger's commit and before its event is published, and after the
 * publish, once the usage consumer has committed but before it acknowledged. After each restart the
 * ledger, the events on the bus and the usage counters agree exactly: no run lost, none counted twice.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect as natsConnect } from 'nats';
import { call, connect, freePort, migrate, postgresSql, type Sql } from '@svc/kit';
import { dropNamespaceStream, freshDatabase, freshNamespace, realServer } from '@svc/kit/testing';
import { proto } from '@svc/protos';
import type { MeterResponse__Output } from '@svc/protos/gen/svc/v1/MeterResponse';
import { accounts, countersOf, migrations, SCHEMA } from '@svc/metering';

const ROOT = resolve(import.meta.dirname, '..');
const db = await freshDatabase('metering_crash');
const namespace = freshNamespace('crash');
const [redisUrl, natsUrl] = await Promise.all([realServer('redis'), realServer('nats')]);
let sql: Sql;
let child: ChildProcess | undefined;
let accountId = '';

async function startMetering(port: number, fault = ''): Promise<{ exited: Promise<string | null> }> {
  child = spawn(process.execPath, ['--import', 'tsx', 'services/metering/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, SVC_DATABASE_URL: db.url, SVC_REDIS_URL: redisUrl, SVC_NATS_URL: natsUrl, SVC_NAMESPACE: namespace, SVC_GRPC_PORT: String(port), SVC_LOG_LEVEL: 'info', SVC_METERING_FAULT: fault },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc = child;
  const exited = new Promise<string | null>((res) => proc.once('exit', (_code, signal) => res(signal)));
  await new Promise<void>((res, rej) => {
    let out = '';
    const timer = setTimeout(() => rej(new Error(`metering did not start: ${out}`)), 60_000);
    const onData = (b: Buffer) => {
      out += b.toString();
      if (out.includes('metering gRPC listening')) {
        clearTimeout(timer);
        res();
      }
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', onData);
    proc.once('exit', () => rej(new Error(`metering exited while starting: ${out}`)));
  });
  return { exited };
}

async function stopMetering(): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const proc = child;
  const gone = new Promise((res) => proc.once('exit', res));
  proc.kill('SIGTERM');
  await gone;
}

const meter = (port: number, endUser: string) => {
  const client = connect(proto.metering, `127.0.0.1:${port}`);
  return call<MeterResponse__Output>(client, 'Meter', { caller: { accountId, endUser, requestId: `crash-${endUser}` }, operation: 'check', want: 10 }, { deadlineMs: 10_000 }).finally(() => client.close());
};

/** The run_opened events in the namespace's stream, as the bus holds them. */
async function runEvents(): Promise<number> {
  const nc = await natsConnect({ servers: natsUrl });
  try {
    const jsm = await nc.jetstreamManager();
    const info = await jsm.streams.info(`${namespace.toUpperCase()}_EVENTS`, { subjects_filter: `${namespace}.usage.>` });
    return Number(info.state.subjects?.[`${namespace}.usage.run_opened`] ?? 0);
  } finally {
    await nc.close();
  }
}

async function agreeWithin(ms: number, expected: number): Promise<{ ledger: number; unpublished: number; events: number; counters: number }> {
  const month = new Date().toISOString().slice(0, 7);
  const end = Date.now() + ms;
  let seen = { ledger: -1, unpublished: -1, events: -1, counters: -1 };
  while (Date.now() < end) {
    const ledger = Number((await sql.query<{ n: string }>('SELECT count(*) AS n FROM metering.runs WHERE account_id = $1', [accountId])).rows[0]!.n);
    const unpublished = Number((await sql.query<{ n: string }>('SELECT count(*) AS n FROM metering.outbox WHERE published_at IS NULL')).rows[0]!.n);
    seen = { ledger, unpublished, events: await runEvents(), counters: (await countersOf(sql, accountId, month)).runs };
    if (seen.ledger === expected && seen.unpublished === 0 && seen.events === expected && seen.counters === expected) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return seen;
}

beforeAll(async () => {
  sql = postgresSql(db.url, { max: 2, applicationName: 'crash-test' });
  await migrate(sql, SCHEMA, migrations);
  accountId = (await accounts.createAccount(sql, { company: 'Crash Co', plan: 'lab' })).account.id;
});

afterAll(async () => {
  await stopMetering();
  await sql?.close();
  await dropNamespaceStream(namespace).catch(() => {});
  await db.drop();
}, 60_000);

describe('metering killed with SIGKILL', () => {
  it('between the commit and the publish: the run is in the ledger, and its event leaves after the restart, once', async () => {
    const port = await freePort();
    const { exited } = await startMetering(port, 'after_commit');
    await expect(meter(port, 'first')).rejects.toBeTruthy();
    expect(await exited).toBe('SIGKILL');
    // Committed, not published: the ledger has the run, the bus has no event yet.
    expect(Number((await sql.query<{ n: string }>('SELECT count(*) AS n FROM metering.runs WHERE account_id = $1', [accountId])).rows[0]!.n)).toBe(1);
    expect(await runEvents()).toBe(0);
    await startMetering(port);
    expect(await agreeWithin(20_000, 1)).toEqual({ ledger: 1, unpublished: 0, events: 1, counters: 1 });
    // The subject's run is the one the lost answer opened: a retry joins it, it opens no second run.
    const retry = await meter(port, 'first');
    expect(retry.allowed).toBe(true);
    expect(retry.usage?.runsUsed).toBe(1);
    await stopMetering();
  }, 90_000);

  it('after the publish, before the consumer acknowledged: the redelivered event is not counted twice', async () => {
    const port = await freePort();
    const { exited } = await startMetering(port, 'before_ack');
    // The answer leaves before the consumer dies on the published event.
    expect((await meter(port, 'second')).allowed).toBe(true);
    expect(await exited).toBe('SIGKILL');
    const month = new Date().toISOString().slice(0, 7);
    expect((await countersOf(sql, accountId, month)).runs).toBe(2);
    await startMetering(port);
    // The consumer's acknowledgement was lost: the bus redelivers after its wait (30 s), and the
    // event id already applied keeps the counters where they are.
    const seen = await agreeWithin(5_000, 2);
    expect(seen).toEqual({ ledger: 2, unpublished: 0, events: 2, counters: 2 });
    await new Promise((r) => setTimeout(r, 33_000));
    const pending = await redeliveryPending();
    expect(pending).toBe(0);
    expect(await agreeWithin(1_000, 2)).toEqual({ ledger: 2, unpublished: 0, events: 2, counters: 2 });
    const applied = Number((await sql.query<{ n: string }>("SELECT count(*) AS n FROM metering.consumed_events")).rows[0]!.n);
    expect(applied).toBe(2);
  }, 120_000);
});

/** Messages the usage consumer still has to acknowledge: 0 once the redelivery was handled. */
async function redeliveryPending(): Promise<number> {
  const nc = await natsConnect({ servers: natsUrl });
  try {
    const jsm = await nc.jetstreamManager();
    const stream = `${namespace.toUpperCase()}_EVENTS`;
    let pending = 0;
    for await (const c of jsm.consumers.list(stream)) pending += c.num_ack_pending + c.num_pending;
    return pending;
  } finally {
    await nc.close();
  }
}
