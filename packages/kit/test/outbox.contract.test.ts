/**
 * The outbox on the real PostgreSQL and NATS (and on the embedded pair): an event leaves only with
 * its transaction, exactly once as far as the bus can tell, and a relay that died between the
 * publish and the mark publishes again without a second delivery.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, enqueue, memoryBus, migrate, natsBus, outboxTable, pgliteSql, postgresSql, startOutboxRelay, type Bus, type BusEvent, type Sql } from '../src/index';
import { dropNamespaceStream, freshDatabase, freshNamespace, realServer } from '../src/testing';

const log = createLogger('test', 'silent');
const ns = freshNamespace('outbox');

const impls: Array<[string, () => Promise<{ sql: Sql; bus: Bus; done(): Promise<void> }>]> = [
  ['PostgreSQL and NATS', async () => {
    const db = await freshDatabase('outbox');
    const sql = postgresSql(db.url);
    const bus = await natsBus(await realServer('nats'), ns);
    return { sql, bus, done: async () => { await bus.close(); await sql.close(); await db.drop(); await dropNamespaceStream(ns); } };
  }],
  ['PGlite and the in-process bus', async () => {
    const sql = await pgliteSql();
    const bus = memoryBus();
    return { sql, bus, done: async () => { await bus.close(); await sql.close(); } };
  }],
];

/** Waits for the condition; the test's timeout bounds the wait, not a clock of its own. */
const until = async (cond: () => boolean) => {
  while (!cond()) await new Promise((r) => setTimeout(r, 10));
};

describe.each(impls)('outbox on %s', (_name, make) => {
  let env: Awaited<ReturnType<(typeof impls)[0][1]>>;
  const got: BusEvent[] = [];
  let marks = 0;
  /**
   * Everything the bus delivers before a mark published now has arrived once the mark has: the
   * subscription hears the subjects in the order they were published, so a second delivery, were
   * there one, would be heard before it.
   */
  const settled = async () => {
    const id = `mark-${++marks}`;
    await env.bus.publish('thing.mark', { id }, { id: `${ns}-${id}` });
    await until(() => got.some((e) => e.subject === 'thing.mark' && (e.data as { id?: string }).id === id));
    return got.filter((e) => e.subject !== 'thing.mark');
  };
  beforeAll(async () => {
    env = await make();
    await migrate(env.sql, 'ob', [{ id: 1, name: 'outbox', sql: outboxTable('ob') }]);
    await env.bus.subscribe('thing.*', (e) => void got.push(e));
  });
  afterAll(async () => env.done());

  it('publishes a committed event once, and never a rolled-back one', async () => {
    const relay = startOutboxRelay({ sql: env.sql, bus: env.bus, schema: 'ob', log, intervalMs: 60_000 });
    await env.sql.transaction((tx) => enqueue(tx, 'ob', 'thing.done', { n: 1 }));
    await env.sql.transaction(async (tx) => {
      await enqueue(tx, 'ob', 'thing.undone', { n: 2 });
      throw new Error('rolled back');
    }).catch(() => {});
    expect(await relay.flush()).toBe(1);
    expect(await relay.flush()).toBe(0);
    expect((await settled()).map((e) => [e.subject, e.data])).toEqual([['thing.done', { n: 1 }]]);
    expect(got.find((e) => e.subject === 'thing.done')!.id).toMatch(/^ob\.outbox:\d+$/);
    await relay.stop();
  });

  it('a relay that died after the publish and before the mark publishes again, delivered once', async () => {
    got.length = 0;
    const relay = startOutboxRelay({ sql: env.sql, bus: env.bus, schema: 'ob', log, intervalMs: 60_000 });
    await env.sql.transaction((tx) => enqueue(tx, 'ob', 'thing.again', { n: 3 }));
    await relay.flush();
    // As if the process had died between its publish and its mark: the row is unpublished again.
    await env.sql.query(`UPDATE ob.outbox SET published_at = NULL WHERE subject = 'thing.again'`);
    await relay.stop();
    const next = startOutboxRelay({ sql: env.sql, bus: env.bus, schema: 'ob', log, intervalMs: 60_000 });
    expect(await next.flush()).toBe(1);
    expect((await settled()).filter((e) => e.subject === 'thing.again')).toHaveLength(1);
    const left = await env.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM ob.outbox WHERE published_at IS NULL');
    expect(left.rows[0]?.n).toBe(0);
    await next.stop();
  });
});
