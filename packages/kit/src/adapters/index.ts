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
import { postgresSql } from './sql-postgres';

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

export async function createAdapters(cfg: AdapterConfig, name = 'svc'): Promise<Adapters> {
  let sql: Sql;
  if (cfg.SVC_DATABASE_URL) sql = postgresSql(cfg.SVC_DATABASE_URL, { applicationName: name });
  // No data folder: keep the database in memory (tests); nothing is written to disk.
  else if (!cfg.SVC_DATA_DIR) sql = await pgliteSql();
  else {
    const dir = join(cfg.SVC_DATA_DIR, 'pg');
    mkdirSync(dir, { recursive: true });
    sql = await pgliteSql(dir);
  }
  const bus = cfg.SVC_NATS_URL ? await natsBus(cfg.SVC_NATS_URL, cfg.SVC_NAMESPACE, { name }) : memoryBus();
  const kv = cfg.SVC_REDIS_URL ? await redisKv(cfg.SVC_REDIS_URL, cfg.SVC_NAMESPACE) : memoryKv(cfg.SVC_NAMESPACE);
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
export type { Kv } from './kv';
export type { Sql, SqlTx, SqlResult } from './sql';
export { memoryBus, natsBus, memoryKv, redisKv, pgliteSql, postgresSql };
export { migrate, type Migration } from './migrate';
