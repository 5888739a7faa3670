/**
 * The strike ladder of spec section 3, run through the compliance service (real PostgreSQL and
 * Redis on loopback, gRPC) against a pure reference model written independently of the engine:
 * random sequences of refusals, four refusals at once, clock moves across UTC midnight and past
 * suspensions, Redis flushes during a suspension and operator lifts, with the standing compared
 * after every step.
 */
import fc from 'fast-check';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connect, createLogger, memoryBus, postgresSql, redisKv, type Kv, type RunningService, type Sql } from '@svc/kit';
import { freshDatabase, freshNamespace, realServer } from '@svc/kit/testing';
import { proto } from '@svc/protos';
import type { Standing__Output } from '@svc/protos/gen/svc/v1/Standing';
import type { RefusalOutcome__Output } from '@svc/protos/gen/svc/v1/RefusalOutcome';
import { startCompliance } from '../src/service';
import { DAY, HOUR, Model, WEEK } from './ladder-reference';


let db: { url: string; drop(): Promise<void> };
let sql: Sql;
let kv: Kv;
let redis: Redis;
let namespace: string;
let svc: RunningService;
let client: InstanceType<typeof proto.compliance>;
let clock = Date.UTC(2026, 10, 23, 20, 0, 0);

beforeAll(async () => {
  db = await freshDatabase('ladder');
  sql = postgresSql(db.url);
  namespace = freshNamespace('ladder');
  const redisUrl = await realServer('redis');
  kv = await redisKv(redisUrl, namespace);
  redis = new Redis(redisUrl);
  svc = await startCompliance({ sql, kv, bus: memoryBus(), log: createLogger('', 'silent'), listen: '127.0.0.1:0', peers: {} as never, env: {}, now: () => clock });
  client = connect(proto.compliance, `127.0.0.1:${svc.port}`);
});

afterAll(async () => {
  client?.close();
  await svc?.stop();
  await kv?.close();
  await flushRedis();
  redis?.disconnect();
  await sql?.close();
  await db?.drop();
});

/** Drops every key of this test's namespace (never the whole server: other suites share it). */
async function flushRedis(): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${namespace}:*`, 'COUNT', 500);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

let seq = 0;
const caller = (account: string) => ({ accountId: account, endUser: '', plan: 'starter', requestId: `req-${++seq}` });
const hash = (n: number) => n.toString(16).padStart(64, '0');
const refuse = (account: string) =>
  call<RefusalOutcome__Output>(client, 'RecordRefusal', { caller: caller(account), channel: 'rest', rule: 'screen.composition', requestHash: hash(seq + 1) });
const standing = (account: string) => call<Standing__Output>(client, 'GetStanding', { caller: caller(account) });

interface Real {
  account: string;
}
type Cmd = fc.AsyncCommand<Model, Real>;

const check = async (m: Model, r: Real) => {
  const s = await standing(r.account);
  expect({ state: s.state, until: s.until }).toEqual(m.state(clock));
  expect(s.strikesToday).toBe(m.count(clock));
};

class Refuse implements Cmd {
  check = () => true;
  async run(m: Model, r: Real) {
    const got = await refuse(r.account);
    expect(got.outcome).toBe(m.refuse(clock));
    await check(m, r);
  }
  toString = () => 'refuse';
}

class RefuseFourAtOnce implements Cmd {
  check = () => true;
  async run(m: Model, r: Real) {
    const got = await Promise.all([0, 1, 2, 3].map(() => refuse(r.account)));
    const expected = [0, 1, 2, 3].map(() => m.refuse(clock));
    // Applied one after another under the row lock, in whatever order they arrived.
    expect(got.map((g) => g.outcome).sort()).toEqual([...expected].sort());
    const transitions = expected.filter((o) => o !== 'warning' && !o.startsWith('while_'));
    expect(transitions.length).toBeLessThanOrEqual(1);
    await check(m, r);
  }
  toString = () => 'refuse x4 at once';
}

class Advance implements Cmd {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    clock += this.ms;
    await check(m, r);
  }
  toString = () => `advance ${this.ms} ms`;
}

class ToBeforeMidnight implements Cmd {
  check = () => true;
  async run(m: Model, r: Real) {
    clock = Math.ceil((clock + 1) / DAY) * DAY - 1_000;
    await check(m, r);
  }
  toString = () => 'to 1 s before UTC midnight';
}

class FlushRedis implements Cmd {
  check = () => true;
  async run(m: Model, r: Real) {
    await flushRedis();
    await check(m, r);
  }
  toString = () => 'flush redis';
}

class Lift implements Cmd {
  check = () => true;
  async run(m: Model, r: Real) {
    const lifted = call(client, 'Lift', { subject: r.account, reason: 'operator review' });
    if (!m.known) {
      // Nothing on record: "not found", never a "lifted" that would hide a mistyped subject.
      await expect(lifted).rejects.toThrow(/nothing to lift/);
      return check(m, r);
    }
    await lifted;
    m.lift();
    await check(m, r);
  }
  toString = () => 'lift';
}

const commands = [
  fc.constant(new Refuse()),
  fc.constant(new Refuse()),
  fc.constant(new RefuseFourAtOnce()),
  fc.constantFrom(1_000, 30 * 60_000, HOUR + 1_000, 3 * HOUR, DAY, WEEK + 1_000).map((ms) => new Advance(ms)),
  fc.constant(new ToBeforeMidnight()),
  fc.constant(new FlushRedis()),
  fc.constant(new Lift()),
];

describe('the strike ladder against its reference model', () => {
  it('agrees on every step of random sequences', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 18 }), async (cmds) => {
        const real = { account: `acct_model_${++run}_${Date.now()}` };
        await fc.asyncModelRun(() => ({ model: new Model(), real }), cmds);
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it('four refusals at once make exactly one transition', async () => {
    const account = `acct_four_${Date.now()}`;
    const outcomes = (await Promise.all([0, 1, 2, 3].map(() => refuse(account)))).map((r) => r.outcome).sort();
    expect(outcomes).toEqual(['suspended_hour', 'warning', 'warning', 'warning']);
    const again = `acct_four_b_${Date.now()}`;
    for (let i = 0; i < 3; i++) await refuse(again);
    const next = (await Promise.all([0, 1, 2, 3].map(() => refuse(again)))).map((r) => r.outcome).sort();
    expect(next).toEqual(['suspended_hour', 'while_suspended', 'while_suspended', 'while_suspended']);
  });

  it('counts per UTC day: three strikes before midnight and one after do not suspend', async () => {
    const account = `acct_midnight_${Date.now()}`;
    clock = Math.ceil((clock + 1) / DAY) * DAY - 60_000;
    for (let i = 0; i < 3; i++) expect((await refuse(account)).outcome).toBe('warning');
    clock += 120_000;
    const r = await refuse(account);
    expect(r.outcome).toBe('warning');
    expect(r.standing?.strikesToday).toBe(1);
  });

  it('a Redis flush during a suspension does not lift it', async () => {
    const account = `acct_flush_${Date.now()}`;
    for (let i = 0; i < 4; i++) await refuse(account);
    expect((await standing(account)).state).toBe('suspended');
    await flushRedis();
    expect((await standing(account)).state).toBe('suspended');
    clock += HOUR + 1;
    expect((await standing(account)).state).toBe('active');
  });

  it('a retried request is one strike', async () => {
    const account = `acct_retry_${Date.now()}`;
    const c = caller(account);
    const once = () => call<RefusalOutcome__Output>(client, 'RecordRefusal', { caller: c, channel: 'mcp', rule: 'probe.sweep', requestHash: hash(7) });
    const [a, b] = await Promise.all([once(), once()]);
    expect([a.duplicate, b.duplicate].sort()).toEqual([false, true]);
    expect((await standing(account)).strikesToday).toBe(1);
    // The same request id with other content is another attempt, and another strike.
    await call(client, 'RecordRefusal', { caller: c, channel: 'rest', rule: 'probe.sweep', requestHash: hash(8) });
    expect((await standing(account)).strikesToday).toBe(2);
  });

  it('refuses bad input naming the field', async () => {
    const bad = async (method: string, req: unknown, field: string) => {
      const err = await call(client, method, req).then(() => null, (e: unknown) => e as { details?: string; message: string });
      expect(err, method).not.toBeNull();
      expect(err!.message).toContain(field);
    };
    await bad('RecordRefusal', { caller: caller('acct_x'), channel: 'fax', rule: 'screen.composition', requestHash: hash(1) }, 'channel');
    await bad('RecordRefusal', { caller: caller('acct_x'), channel: 'rest', rule: 'anything', requestHash: hash(1) }, 'rule');
    await bad('RecordRefusal', { caller: caller('acct_x'), channel: 'rest', rule: 'screen.composition', requestHash: 'abc' }, 'requestHash');
    await bad('RecordRefusal', { channel: 'rest', rule: 'screen.composition', requestHash: hash(1) }, 'caller.accountId');
    await bad('Lift', { subject: 'acct_x', reason: ' ' }, 'reason');
    await bad('Lift', { subject: 'a b', reason: 'x' }, 'subject');
    // A bare end-user id (the subject of an end user is account/end user) is no subject on record.
    await refuse('acct_lift');
    await bad('Lift', { subject: 'chassis-composition-ratio', reason: 'x' }, 'subject');
    await expect(call(client, 'Lift', { subject: 'acct_lift', reason: 'reviewed' })).resolves.toMatchObject({ subject: 'acct_lift', state: 'active' });
    await bad('ListRefusals', { cursor: 'abc' }, 'cursor');
  });

  it('lists the audit log newest first, a page at a time', async () => {
    const account = `acct_audit_${Date.now()}`;
    for (let i = 0; i < 3; i++) await refuse(account);
    const first = await call<{ refusals: Array<{ id: string; subject: string; channel: string; rule: string; requestHash: string; at: string; outcome: string }>; nextCursor: string }>(client, 'ListRefusals', { accountId: account, limit: 2 });
    expect(first.refusals).toHaveLength(2);
    expect(first.nextCursor).not.toBe('');
    expect(Number(first.refusals[0]!.id)).toBeGreaterThan(Number(first.refusals[1]!.id));
    expect(first.refusals[0]).toMatchObject({ subject: account, channel: 'rest', rule: 'screen.composition', outcome: 'warning' });
    const rest = await call<{ refusals: unknown[]; nextCursor: string }>(client, 'ListRefusals', { accountId: account, limit: 2, cursor: first.nextCursor });
    expect(rest.refusals).toHaveLength(1);
    expect(rest.nextCursor).toBe('');
  });
});
