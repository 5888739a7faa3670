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

describe('the next run, prepared ahead', () => {
  const prepared = async (accountId: string) =>
    (await sql.query<{ id: string; calls: number; prepared: boolean }>('SELECT id, calls, prepared FROM metering.runs WHERE account_id = $1 ORDER BY opens_at', [accountId])).rows;
  const poolOf = async (accountId: string) => Number((await sql.query<{ runs_used: number }>('SELECT runs_used FROM metering.pools WHERE account_id = $1', [accountId])).rows[0]?.runs_used ?? 0);
  const until = async (what: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await what()); i++) await new Promise((r) => setTimeout(r, 20));
  };

  /**
   * The clients, with every Meter request recorded, normal (false) or ahead (true), and the answers
   * to ahead requests counted as the gateway receives them.
   */
  const watched = (o: { aheadAnswerDelayMs?: number } = {}) => {
    const asked: boolean[] = [];
    const answered = { ahead: 0 };
    const metering = Object.create(clients.metering) as Record<string, (...args: unknown[]) => unknown>;
    const meter = (clients.metering as unknown as Record<string, (...args: unknown[]) => unknown>).Meter!;
    metering.Meter = function (this: unknown, ...args: unknown[]) {
      const ahead = (args[0] as { ahead?: boolean }).ahead === true;
      asked.push(ahead);
      const done = args[args.length - 1] as (...r: unknown[]) => void;
      args[args.length - 1] = (...r: unknown[]) => {
        const answer = () => {
          done(...r);
          if (ahead) answered.ahead += 1;
        };
        if (ahead && o.aheadAnswerDelayMs) setTimeout(answer, o.aheadAnswerDelayMs);
        else answer();
      };
      return meter.apply(this, args);
    };
    return { asked, answered, clients: { ...clients, metering } as unknown as Clients };
  };
  /** The gateway has had the answer to its ahead request (and, a turn later, kept the lease). */
  const aheadAnswered = async (w: ReturnType<typeof watched>) => {
    await until(async () => w.answered.ahead > 0);
    await new Promise((r) => setTimeout(r, 0));
  };

  it('is asked for while a fast subject spends its run, and its first call is answered from it without asking', async () => {
    const { account } = await accounts.createAccount(sql, { company: 'Ahead', plan: 'lab' });
    const w = watched();
    const leases = new RunLeases(w.clients, createLogger('gateway', 'silent'));
    const first = await Promise.all(Array.from({ length: 300 }, (_, i) => leases.take(account.id, '', `a${i}`)));
    expect(new Set(first.map((m) => m.usage?.run?.id)).size).toBe(1);
    await aheadAnswered(w);
    const [current, next] = await prepared(account.id);
    expect(next).toMatchObject({ prepared: true, calls: 0 });
    expect(w.asked.filter((ahead) => ahead)).toHaveLength(1);
    const before = w.asked.length;
    const at = Date.now();
    const call301 = await leases.take(account.id, '', 'a300');
    // Taken up without a request to metering; the run's window starts with this call.
    expect(w.asked).toHaveLength(before);
    expect(call301.usage?.run).toMatchObject({ id: next!.id, calls: 1, callsLeft: 299 });
    expect(Date.parse(call301.usage!.run!.opensAt)).toBeGreaterThanOrEqual(at);
    expect(Date.parse(call301.usage!.run!.closesAt) - Date.parse(call301.usage!.run!.opensAt)).toBe(3_600_000);
    expect(call301.usage).toMatchObject({ runsUsed: 2 });
    await leases.stop();
    // Reported: the prepared run opened with its one call, at the time the gateway showed.
    expect(await prepared(account.id)).toEqual([{ id: current!.id, calls: 300, prepared: false }, { id: next!.id, calls: 1, prepared: false }]);
    const opened = await sql.query<{ opens_at: Date }>('SELECT opens_at FROM metering.runs WHERE id = $1', [next!.id]);
    expect(new Date(opened.rows[0]!.opens_at).toISOString()).toBe(call301.usage!.run!.opensAt);
    expect(await poolOf(account.id)).toBe(2);
  });

  /** A subject's whole run spent at once, with the answer to its ask for the next one held back. */
  const spentWithAnswerLate = async (company: string, subject: string, aheadAnswerDelayMs: number) => {
    const { account } = await accounts.createAccount(sql, { company, plan: 'lab' });
    const w = watched({ aheadAnswerDelayMs });
    const leases = new RunLeases(w.clients, createLogger('gateway', 'silent'));
    await Promise.all(Array.from({ length: 300 }, (_, i) => leases.take(account.id, subject, `${subject}${i}`)));
    expect(w.asked.filter((ahead) => ahead)).toHaveLength(1);
    return { account, w, leases };
  };

  it('a call that finds its run spent while the next is being asked for waits for that one, not for a run beside it', async () => {
    const { account, w, leases } = await spentWithAnswerLate('Ahead, late', 'late', 100);
    const before = w.asked.length;
    const [call301, call302] = await Promise.all([leases.take(account.id, 'late', 'l300'), leases.take(account.id, 'late', 'l301')]);
    expect(w.asked).toHaveLength(before);
    expect(call301.usage?.run?.id).toBe(call302.usage?.run?.id);
    expect([call301.usage?.run?.calls, call302.usage?.run?.calls].sort()).toEqual([1, 2]);
    await leases.stop();
    const runs = await prepared(account.id);
    expect(runs.map((r) => [r.calls, r.prepared])).toEqual([[300, false], [2, false]]);
    expect(await poolOf(account.id)).toBe(2);
  });

  it('waits for the next run only a while, then asks on its own; the one that came late is given back', async () => {
    const { account, w, leases } = await spentWithAnswerLate('Ahead, very late', 'slow-answer', 1_000);
    const before = w.asked.length;
    const call301 = await leases.take(account.id, 'slow-answer', 'v300');
    expect(w.asked.slice(before)).toEqual([false]);
    await aheadAnswered(w);
    await leases.stop();
    const runs = await prepared(account.id);
    expect(runs.map((r) => [r.calls, r.prepared])).toEqual([[300, false], [1, false]]);
    expect(runs[1]!.id).toBe(call301.usage?.run?.id);
    expect(await poolOf(account.id)).toBe(2);
  });

  it('an answer that comes while the gateway stops is given back, and a call then waiting opens no run', async () => {
    const { account, leases } = await spentWithAnswerLate('Ahead, stopping', 'bye', 300);
    // Its refusal may come while the stop is still going on: caught from the start.
    const waiting = leases.take(account.id, 'bye', 'bye300').then(() => null, (err: unknown) => err);
    await leases.stop();
    expect(await waiting).toMatchObject({ status: 503, code: 'service_unavailable' });
    expect((await prepared(account.id)).map((r) => [r.calls, r.prepared])).toEqual([[300, false]]);
    expect(await poolOf(account.id)).toBe(1);
  });

  it('is given back when the gateway stops before the subject takes it up', async () => {
    const { account } = await accounts.createAccount(sql, { company: 'Ahead, unused', plan: 'lab' });
    const w = watched();
    const leases = new RunLeases(w.clients, createLogger('gateway', 'silent'));
    await Promise.all(Array.from({ length: 300 }, (_, i) => leases.take(account.id, 'quick', `b${i}`)));
    await aheadAnswered(w);
    expect(await poolOf(account.id)).toBe(2);
    await leases.stop();
    expect(await prepared(account.id)).toEqual([expect.objectContaining({ calls: 300, prepared: false })]);
    expect(await poolOf(account.id)).toBe(1);
  });

  it('is not asked for while the leases of its run leave calls to grant', async () => {
    const { account } = await accounts.createAccount(sql, { company: 'Partway', plan: 'lab' });
    const w = watched();
    const leases = new RunLeases(w.clients, createLogger('gateway', 'silent'));
    for (let i = 0; i < 120; i++) await leases.take(account.id, 'partway', `p${i}`);
    await new Promise((r) => setTimeout(r, 100));
    expect(w.asked.some((ahead) => ahead)).toBe(false);
    expect((await prepared(account.id)).filter((r) => r.prepared)).toHaveLength(0);
    await leases.stop();
  });
});
