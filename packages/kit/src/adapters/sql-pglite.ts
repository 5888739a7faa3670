import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Sql, SqlTx } from './sql';

/**
 * PostgreSQL compiled to WebAssembly, on the caller's thread: for tools and tests that own their
 * event loop (the embedded start runs it on a thread of its own, sql-pglite-thread.ts).
 * `dataDir` undefined keeps it in memory. PGlite has a single connection, so transactions
 * are serialised by its own queue; every service shares one instance, each in its schema.
 */
export async function pgliteSql(dataDir?: string): Promise<Sql & { dumpDataDir(): Promise<Blob> }> {
  const db = await PGlite.create(dataDir ? { dataDir, extensions: { pg_trgm } } : { extensions: { pg_trgm } });
  const asTx = (q: Pick<PGlite, 'query'>): SqlTx => ({
    async query<R>(text: string, params?: unknown[]) {
      const r = await q.query<R>(text, params);
      return { rows: r.rows, rowCount: r.affectedRows || r.rows.length };
    },
  });
  const top = asTx(db);
  return {
    kind: 'pglite',
    query: top.query,
    async exec(text) {
      await db.exec(text);
    },
    transaction: (fn) => db.transaction((tx) => fn(asTx(tx))),
    // The whole data folder, uncompressed: what a seeded database starts from (pgliteThreadSql).
    dumpDataDir: () => db.dumpDataDir('none'),
    async close() {
      if (!db.closed) await db.close();
    },
  };
}
