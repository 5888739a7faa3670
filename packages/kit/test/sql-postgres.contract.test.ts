/**
 * PostgreSQL lost in the middle of a transaction: the transaction fails, the process does not. A
 * checked-out client has none of the pool's listeners, so the connection's end would otherwise be
 * an uncaught 'error'; and the pool is usable again once the server is back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresSql, type Sql } from '../src/index';
import { freshDatabase } from '../src/testing';
import { tcpProxy, type Proxy } from '../../../test/support/proxy';

describe('postgresSql when the server goes away mid-transaction', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let proxy: Proxy;
  let sql: Sql;
  beforeAll(async () => {
    db = await freshDatabase('kitlost');
    const u = new URL(db.url);
    proxy = await tcpProxy({ host: u.hostname, port: Number(u.port || 5432) });
    u.host = `127.0.0.1:${proxy.port}`;
    sql = postgresSql(u.toString(), { max: 2 });
  });
  afterAll(async () => {
    await sql.close().catch(() => {});
    await proxy.close();
    await db.drop();
  });

  it('fails the transaction, crashes nothing, and works again after the server is back', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => void uncaught.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      await sql.query('SELECT 1');
      const tx = sql.transaction(async (t) => {
        await t.query('SELECT 1');
        // Between two statements, the connection is cut (as when a server restarts).
        await proxy.cut();
        await new Promise((r) => setTimeout(r, 200));
        await t.query('SELECT 2');
      });
      await expect(tx).rejects.toThrow();
      await new Promise((r) => setTimeout(r, 100));
      expect(uncaught).toEqual([]);
      await proxy.restore();
      expect((await sql.query<{ n: number }>('SELECT 3 AS n')).rows).toEqual([{ n: 3 }]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
