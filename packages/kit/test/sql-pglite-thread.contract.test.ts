/**
 * What the embedded database's own thread is for: the event loop keeps turning while a statement
 * runs (requests in flight are not held up by the ledger's or a migration's statements). The SQL
 * contract itself is held for it with the other implementations (sql.contract.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { pgliteSql, pgliteThreadSql, sqlOverPort, type Sql } from '../src/index';

const HEAVY = 'SELECT sum(i::bigint * i) AS s FROM generate_series(1, 1000000) AS i';

/** Turns of the event loop (setImmediate callbacks) while the statement ran. */
async function turnsDuring(sql: Sql): Promise<number> {
  await sql.query('SELECT 1');
  let turns = 0;
  let on = true;
  const spin = () => {
    if (!on) return;
    turns += 1;
    setImmediate(spin);
  };
  setImmediate(spin);
  await sql.query(HEAVY);
  on = false;
  return turns;
}

describe('PGlite on its own thread', () => {
  it('lets the event loop turn while a statement runs; on the caller thread it cannot', async () => {
    const threaded = await pgliteThreadSql();
    const inline = await pgliteSql();
    try {
      expect(await turnsDuring(threaded)).toBeGreaterThan(10);
      // The reference: the same statement in this thread holds the loop for its whole length.
      expect(await turnsDuring(inline)).toBeLessThanOrEqual(2);
    } finally {
      await Promise.all([threaded.close(), inline.close()]);
    }
  });

  it('refuses statements after close with a clear error, and closes twice without harm', async () => {
    const sql = await pgliteThreadSql();
    await sql.close();
    await sql.close();
    await expect(sql.query('SELECT 1')).rejects.toThrow(/embedded database is closed/);
  });

  it('refuses a parameter that cannot cross to the thread, and goes on', async () => {
    const sql = await pgliteThreadSql();
    try {
      await expect(sql.query('SELECT $1::text AS t', [() => 'not data'])).rejects.toThrow();
      expect((await sql.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await sql.close();
    }
  });

  it('says when its data folder cannot be opened', async () => {
    await expect(pgliteThreadSql('/proc/not-a-folder/pg')).rejects.toThrow();
  });

  it('rolls back the open transaction of a client that goes away, so the database goes on', async () => {
    const owner = await pgliteThreadSql();
    try {
      await owner.exec('CREATE TABLE t (n int)');
      const port = await owner.connect();
      const client = sqlOverPort(port);
      let hold!: () => void;
      const held = new Promise<void>((r) => (hold = r));
      const tx = client.transaction(async (t) => {
        await t.query('INSERT INTO t VALUES (1)');
        hold();
        await new Promise(() => {}); // never ends: its thread is about to stop
      });
      tx.catch(() => {});
      await held;
      port.close(); // as when the client's thread stops or dies
      // Without the rollback this would wait for ever behind the abandoned transaction.
      expect((await owner.query('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 0 }]);
      await owner.query('INSERT INTO t VALUES (2)');
      expect((await owner.query('SELECT n FROM t')).rows).toEqual([{ n: 2 }]);
      await expect(client.query('SELECT 1')).rejects.toThrow(/closed/);
    } finally {
      await owner.close();
    }
  });
});
