import pg from 'pg';
import type { Sql, SqlResult, SqlTx } from './sql';

// int8 and numeric come back as strings by default; counts and sums here fit a double.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export function postgresSql(url: string, opts: { max?: number; applicationName?: string; queryTimeoutMs?: number; connectTimeoutMs?: number } = {}): Sql {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    application_name: opts.applicationName ?? 'svc',
    // Also the longest a query waits for a free connection of the pool; 0 waits as long as it takes
    // (a test whose concurrency, not its latency, is the subject).
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 5_000,
    // A paused or half-open server must not hold a caller forever; the slowest query here (a
    // catalogue import batch) takes well under a second.
    query_timeout: opts.queryTimeoutMs ?? 30_000,
  });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});

  const query = async <R>(text: string, params?: unknown[]): Promise<SqlResult<R>> => {
    const r = await pool.query(text, params as unknown[] | undefined);
    return { rows: r.rows as R[], rowCount: r.rowCount ?? 0 };
  };

  return {
    kind: 'postgres',
    query,
    async exec(text) {
      await pool.query(text);
    },
    async transaction<T>(fn: (tx: SqlTx) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      // A checked-out client has no listener of the pool's: a server lost between two statements
      // would otherwise be an uncaught 'error' that ends the process. Kept, it fails the next
      // statement, and the client is released broken (the pool discards it).
      let lost: Error | undefined;
      const onError = (err: Error) => void (lost = err);
      client.on('error', onError);
      // Statements issued together run one after another, in issue order (the Sql contract):
      // chained here, since handing pg a query while one is running is deprecated.
      let last: Promise<unknown> = Promise.resolve();
      try {
        await client.query('BEGIN');
        const tx: SqlTx = {
          async query<R>(text: string, params?: unknown[]) {
            const run = last.catch(() => {}).then(() => client.query(text, params as unknown[] | undefined));
            last = run;
            const r = await run;
            return { rows: r.rows as R[], rowCount: r.rowCount ?? 0 };
          },
        };
        const out = await fn(tx);
        await last;
        await client.query('COMMIT');
        return out;
      } catch (err) {
        await last.catch(() => {});
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.removeListener('error', onError);
        client.release(lost);
      }
    },
    async close() {
      await pool.end();
    },
  };
}
