/**
 * Picks the real or the embedded implementation of each adapter from configuration: the real
 * server when its URL is set, else the in-process stand-in (the embedded start, `npm start`).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Bus } from './bus';
import type { Kv } from './kv';
import type { Sql } from './sql';
import { memoryBus } from './bus-memory';
import { natsBus } from './bus-nats';
import { memoryKv } from './kv-memory';
import { redisKv } from './kv-redis';
import { pgliteSql } from './sql-pglite';
import { pgliteThreadSql } from './sql-pglite-thread';
import { postgresSql } from './sql-postgres';
import { withStartupDeadline } from './deadline';

export interface Adapters {
  sql: Sql;
  bus: Bus;
  kv: Kv;
  close(): Promise<void>;
}

export interface AdapterConfig {
  SVC_DATABASE_URL?: string | undefined;
  SVC_REDIS_URL?: string | undefined;
  SVC_NATS_URL?: string | undefined;
  SVC_DATA_DIR: string;
  SVC_NAMESPACE: string;
}

/**
 * Opens the database on first use: stateless services (envelope, label, preservation) never pay
 * for a connection pool or an embedded PostgreSQL they do not query.
 */
function lazySql(kind: Sql['kind'], open: () => Promise<Sql>): Sql {
  let opened: Promise<Sql> | null = null;
  // A failed open is forgotten, so the next query tries again once the server is back.
  const get = () =>
    (opened ??= open().catch((err: unknown) => {
      opened = null;
      throw err;
    }));
  return {
    kind,
    query: async (text, params) => (await get()).query(text, params),
    exec: async (text) => (await get()).exec(text),
    transaction: async (fn) => (await get()).transaction(fn),
    async close() {
      if (opened) await (await opened).close();
    },
  };
}

export async function createAdapters(cfg: AdapterConfig, name = 'svc'): Promise<Adapters> {
  const url = cfg.SVC_DATABASE_URL;
  const dataDir = cfg.SVC_DATA_DIR;
  const sql = url
    ? lazySql('postgres', async () => {
        const db = postgresSql(url, { applicationName: name });
        // The first use proves the server answers, with a deadline that names the variable.
        await withStartupDeadline({ process: name, variable: 'SVC_DATABASE_URL', kind: 'PostgreSQL', url }, db.query('SELECT 1'), () => void db.close().catch(() => {}));
        return db;
      })
    : lazySql('pglite', async () => {
        // No data folder: keep the database in memory (tests); nothing is written to disk.
        // On a thread of its own: its statements never stop this process' event loop.
        if (!dataDir) return pgliteThreadSql();
        const dir = join(dataDir, 'pg');
        mkdirSync(dir, { recursive: true });
        return pgliteThreadSql(dir);
      });
  const bus = cfg.SVC_NATS_URL ? await natsBus(cfg.SVC_NATS_URL, cfg.SVC_NAMESPACE, { name }) : memoryBus();
  const kv = cfg.SVC_REDIS_URL ? await redisKv(cfg.SVC_REDIS_URL, cfg.SVC_NAMESPACE, name) : memoryKv(cfg.SVC_NAMESPACE);
  return {
    sql,
    bus,
    kv,
    async close() {
      await bus.close();
      await kv.close();
      await sql.close();
    },
  };
}

export type { Bus, BusEvent, Subscription } from './bus';
export type { Kv, ThrottleLimit, ThrottleResult } from './kv';
export type { Sql, SqlTx, SqlResult } from './sql';
export { memoryBus, natsBus, memoryKv, redisKv, pgliteSql, pgliteThreadSql, postgresSql };
export { migrate, type Migration } from './migrate';
export { DependencyError, STARTUP_DEADLINE_MS, endpointOf, withStartupDeadline } from './deadline';
