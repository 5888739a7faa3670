/**
 * The gateway's run leases against the metering service's own handlers (PGlite ledger): many
 * concurrent calls of one subject, more than a run holds, are all metered (no "busy" refusals),
 * into as few runs as the calls need, and every call spent ends up counted once in the ledger.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, migrate, pgliteSql, type Peers, type Sql } from '@svc/kit';
import { accounts, meteringServer, migrations, SCHEMA } from '@svc/metering';
import { createClients, type Clients } from '@svc/gateway/clients';
import { RunLeases } from '@svc/gateway/metering';

let sql: Sql;
let clients: Clients;
let stopServer: () => Promise<void>;

beforeAll(async () => {
  sql = await pgliteSql();
  await migrate(sql, SCHEMA, migrations);
  const server = meteringServer({ sql, log: createLogger('metering', 'silent') });
  const port = await server.listen('127.0.0.1:0');
  const here = `127.0.0.1:${port}`;
  clients = createClients({ library: here, envelope: here, preservation: here, label: here, metering: here, compliance: here } satisfies Peers);
  stopServer = () => server.shutdown();
});

afterAll(async () => {
  clients?.close();
  await stopServer?.();
  await sql?.close();
});

const ledger = async (accountId: string) =>
  (await sql.query<{ id: string; calls: number; granted: number }>('SELECT id, calls, granted FROM metering.runs WHERE account_id = $1 ORDER BY opens_at', [accountId])).rows;

describe('run leases at the gateway', () => {
  it('meters 450 concurrent calls of one subject into two runs, and the ledger counts each once', async () => {
    const { account } = await accounts.createAccount(sql, { company: 'Leases', plan: 'lab' });
    const leases = new RunLeases(clients, createLogger('gateway', 'silent'));
    const out = await Promise.all(Array.from({ length: 450 }, (_, i) => leases.take(account.id, 'busy-user', `r${i}`)));
    const runIds = new Set(out.map((m) => m.usage?.run?.id));
    expect(runIds.size).toBe(2);
    // Within each run, every call got its own number.
    for (const id of runIds) {
      const calls = out.filter((m) => m.usage?.run?.id === id).map((m) => m.usage!.run!.calls);
      expect(new Set(calls).size).toBe(calls.length);
      expect(Math.max(...calls)).toBeLessThanOrEqual(300);
    }
    await leases.stop();
    const rows = await ledger(account.id);
    expect(rows.map((r) => r.calls).reduce((a, b) => a + b, 0)).toBe(450);
    expect(rows[0]!.calls).toBe(300);
  });

  it('does not count a refunded call, and counts a call spent after a report', async () => {
    const { account } = await accounts.createAccount(sql, { company: 'Refunds', plan: 'lab' });
    const leases = new RunLeases(clients, createLogger('gateway', 'silent'));
    const a = await leases.take(account.id, '', 'a');
    const b = await leases.take(account.id, '', 'b');
    b.refund();
    await leases.take(account.id, '', 'c');
    expect(a.usage?.run?.calls).toBe(1);
    await leases.stop();
    expect((await ledger(account.id))[0]!.calls).toBe(2);
  });

  it('refuses past the pool with 429 quota_exhausted and the reset time', async () => {
    const { account } = await accounts.createAccount(sql, { company: 'Small', plan: 'free' });
    const leases = new RunLeases(clients, createLogger('gateway', 'silent'));
    for (let i = 0; i < 5; i++) await leases.take(account.id, `u${i}`, `q${i}`);
    await expect(leases.take(account.id, 'u5', 'q5')).rejects.toMatchObject({ status: 429, code: 'quota_exhausted', headers: { 'Retry-After': expect.stringMatching(/^\d+$/) } });
    await leases.stop();
  });
});
