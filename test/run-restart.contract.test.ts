/**
 * Runs survive a restart, on the real PostgreSQL: a gateway that dies (kill -9: no report, no
 * goodbye) with its subject's run fully leased comes back as the same gateway and rejoins that run;
 * the customer is not sold a second one. Another gateway, which cannot know the first one is gone,
 * still leaves its leases alone until they expire.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, migrate, postgresSql, type Peers, type Sql } from '@svc/kit';
import { freshDatabase } from '@svc/kit/testing';
import { accounts, meteringServer, migrations, SCHEMA } from '@svc/metering';
import { createClients, type Clients } from '@svc/gateway/clients';
import { RunLeases } from '@svc/gateway/metering';

let sql: Sql;
let db: Awaited<ReturnType<typeof freshDatabase>>;
let here = '';
let stopServer: () => Promise<void>;
const opened: Clients[] = [];
const log = createLogger('gateway', 'silent');

beforeAll(async () => {
  db = await freshDatabase('run_restart');
  sql = postgresSql(db.url);
  await migrate(sql, SCHEMA, migrations);
  const server = meteringServer({ sql, log: createLogger('metering', 'silent') });
  here = `127.0.0.1:${await server.listen('127.0.0.1:0')}`;
  stopServer = () => server.shutdown();
}, 60_000);

afterAll(async () => {
  for (const c of opened) c.close();
  await stopServer?.();
  await sql?.close();
  await db?.drop();
});

/** A gateway's clients: closing them is the gateway dying (nothing it holds is ever reported). */
const clientsOf = () => {
  const c = createClients({ library: here, envelope: here, preservation: here, label: here, metering: here, compliance: here } satisfies Peers);
  opened.push(c);
  return c;
};

const runs = async (accountId: string) =>
  (await sql.query<{ id: string; granted: number }>('SELECT id, granted FROM metering.runs WHERE account_id = $1 AND NOT prepared ORDER BY opens_at', [accountId])).rows;

describe('a run open when its gateway died', () => {
  it('is rejoined by the same gateway after its restart, not opened again', async () => {
    const { account } = await accounts.createAccount(sql, { company: 'Restart Co', plan: 'lab' });
    const first = clientsOf();
    const before = new RunLeases(first, log, Date.now, { name: 'gateway-1', incarnation: 'boot-1' });
    let runId = '';
    // Enough calls, one after another, for the run to be leased in full (50 + 100 + 150).
    for (let i = 0; i < 160; i++) runId = String((await before.take(account.id, '', `req-${i}`)).usage?.run?.id);
    expect(Number((await runs(account.id))[0]?.granted)).toBe(300);
    first.close();

    const after = new RunLeases(clientsOf(), log, Date.now, { name: 'gateway-1', incarnation: 'boot-2' });
    const next = await after.take(account.id, '', 'req-after');
    expect(next.usage?.run?.id).toBe(runId);
    expect(next.usage?.runsUsed).toBe(1);
    expect((await runs(account.id)).map((r) => r.id)).toEqual([runId]);
    await after.stop();
  }, 60_000);

  it('is not taken from a gateway that may still be alive', async () => {
    const { account } = await accounts.createAccount(sql, { company: 'Replicas Co', plan: 'lab' });
    const a = new RunLeases(clientsOf(), log, Date.now, { name: 'gateway-a', incarnation: 'boot-1' });
    for (let i = 0; i < 160; i++) await a.take(account.id, '', `req-${i}`);
    const b = new RunLeases(clientsOf(), log, Date.now, { name: 'gateway-b', incarnation: 'boot-1' });
    const other = await b.take(account.id, '', 'req-b');
    expect((await runs(account.id)).length).toBe(2);
    expect(other.usage?.runsUsed).toBe(2);
    await Promise.all([a.stop(), b.stop()]);
  }, 60_000);
});
