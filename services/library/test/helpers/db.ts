/**
 * Databases for the library's store tests: PGlite in memory, and a fresh database on the real
 * PostgreSQL server (lib_test_<random>, dropped afterwards; no other database is touched).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pgliteSql, postgresSql, type Sql } from '@svc/kit';
import { TEST_URLS } from '@svc/kit/testing';

export interface TestDb {
  kind: 'pglite' | 'postgres';
  sql: Sql;
  /** A second, independent connection pool to the same database (postgres only), for races. */
  connect(): Sql;
  done(): Promise<void>;
}

export async function pgliteDb(): Promise<TestDb> {
  const sql = await pgliteSql();
  return {
    kind: 'pglite',
    sql,
    connect: () => sql,
    done: () => sql.close(),
  };
}

export async function postgresDb(): Promise<TestDb> {
  const base = TEST_URLS.database;
  const name = `lib_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(base);
  u.pathname = `/${name}`;
  const url = u.toString();
  const extra: Sql[] = [];
  const sql = postgresSql(url, { max: 4, applicationName: 'library-test' });
  return {
    kind: 'postgres',
    sql,
    connect() {
      const s = postgresSql(url, { max: 2, applicationName: 'library-test' });
      extra.push(s);
      return s;
    },
    async done() {
      await Promise.all([sql, ...extra].map((s) => s.close().catch(() => {})));
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      try {
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await a.end();
      }
    },
  };
}
