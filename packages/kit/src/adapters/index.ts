/**
 * Picks the real or the embedded implementation of each adapter from configuration: the real
 * server when its URL is set, else the in-process stand-in (the embedded start, `npm start`).
 */
import { mkdirSync } from 'node:fs';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { join } from 'node:path';
import type { Bus } from './bus';
import type { Kv } from './kv';
import type { Sql } from './sql';
import { memoryBus } from './bus-memory';
import { natsBus } from './bus-nats';
import { memoryKv } from './kv-memory';
import { redisKv } from './kv-redis';
import { pgliteSql } from './sql-pglite';
import { pgliteThreadSql, sqlOverPort, type SharedSql } from './sql-pglite-thread';
import { busAndKvOverPort, serveBusAndKv } from './port';
import { postgresSql } from './sql-postgres';
import { withStartupDeadline } from './deadline';

export interface Adapters {
  sql: Sql;
  bus: Bus;
  kv: Kv;
  /** What a thread of this process needs to reach the same stores (see adaptersOnThread); transfer its ports. */
  shareWithThread(): Promise<{ spec: ThreadAdapterSpec; transfer: MessagePort[]; close(): Promise<void> }>;
  close(): Promise<void>;
}

export interface AdapterConfig {
  SVC_DATABASE_URL?: string | undefined;
  SVC_REDIS_URL?: string | undefined;
  SVC_NATS_URL?: string | undefined;
  SVC_DATA_DIR: string;
  SVC_NAMESPACE: string;
  /**
   * A PGlite data folder dump (a tar of `dumpDataDir('none')`) a new embedded database starts from:
   * the tests' catalogue, imported once per data version instead of at every start.
   */
  SVC_DATABASE_SEED?: string | undefined;
}

/**
 * Opens the database on first use: stateless services (envelope, label, preservation) never pay
 * for a connection pool or an embedded PostgreSQL they do not query.
 */
function lazySql(kind: Sql['kind'], open: () => Promise<Sql>): SharedSql {
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
    // The embedded database can give another thread a connection of its own.
    connect: async () => {
      const db = (await get()) as Partial<SharedSql>;
      if (!db.connect) throw new Error(`a ${kind} database is not shared with threads: they connect to it themselves`);
      return db.connect();
    },
    exec: async (text) => (await get()).exec(text),
    transaction: async (fn) => (await get()).transaction(fn),
    async close() {
      if (opened) await (await opened).close();
    },
  };
}

/** PostgreSQL, opened on first use; the first use proves the server answers, with a deadline that names the variable. */
const postgresAt = (url: string, name: string): SharedSql =>
  lazySql('postgres', async () => {
    const db = postgresSql(url, { applicationName: name });
    await withStartupDeadline({ process: name, variable: 'SVC_DATABASE_URL', kind: 'PostgreSQL', url }, db.query('SELECT 1'), () => void db.close().catch(() => {}));
    return db;
  });

export async function createAdapters(cfg: AdapterConfig, name = 'svc'): Promise<Adapters> {
  const url = cfg.SVC_DATABASE_URL;
  const dataDir = cfg.SVC_DATA_DIR;
  const sql = url
    ? postgresAt(url, name)
    : lazySql('pglite', async () => {
        // No data folder: keep the database in memory (tests); nothing is written to disk.
        // On a thread of its own: its statements never stop this process' event loop.
        const seed = { seed: cfg.SVC_DATABASE_SEED || undefined };
        if (!dataDir) return pgliteThreadSql(undefined, seed);
        const dir = join(dataDir, 'pg');
        mkdirSync(dir, { recursive: true });
        return pgliteThreadSql(dir, seed);
      });
  const bus = cfg.SVC_NATS_URL ? await natsBus(cfg.SVC_NATS_URL, cfg.SVC_NAMESPACE, { name }) : memoryBus();
  const kv = cfg.SVC_REDIS_URL ? await redisKv(cfg.SVC_REDIS_URL, cfg.SVC_NAMESPACE, name) : memoryKv(cfg.SVC_NAMESPACE);
  return {
    sql,
    bus,
    kv,
    async shareWithThread() {
      const { port1, port2 } = new MessageChannel();
      const served = serveBusAndKv(port1, bus, kv);
      const sqlPort = url ? undefined : await sql.connect();
      const spec: ThreadAdapterSpec = { databaseUrl: url, natsUrl: cfg.SVC_NATS_URL, redisUrl: cfg.SVC_REDIS_URL, namespace: cfg.SVC_NAMESPACE, port: port2, sqlPort };
      return { spec, transfer: sqlPort ? [port2, sqlPort] : [port2], close: () => served.close() };
    },
    async close() {
      await bus.close();
      await kv.close();
      await sql.close();
    },
  };
}

/**
 * What a thread of this process is given to reach the same stores: a port to the embedded ones (the
 * database's own thread, the bus and the store of the main thread), the address of real ones, which
 * it connects to itself.
 */
export interface ThreadAdapterSpec {
  databaseUrl?: string | undefined;
  natsUrl?: string | undefined;
  redisUrl?: string | undefined;
  namespace: string;
  /** The main thread's bus and store. */
  port: MessagePort;
  /** The embedded database's thread, when there is no database URL. */
  sqlPort?: MessagePort | undefined;
}

/** The adapters of a thread: the process' embedded stores through their ports, real servers directly. */
export async function adaptersOnThread(spec: ThreadAdapterSpec, name: string): Promise<Adapters> {
  const there = busAndKvOverPort(spec.port);
  const sql = spec.databaseUrl ? postgresAt(spec.databaseUrl, name) : spec.sqlPort ? sqlOverPort(spec.sqlPort) : null;
  if (!sql) throw new Error('a thread needs a database: a URL or a port to the embedded one');
  const bus = spec.natsUrl ? await natsBus(spec.natsUrl, spec.namespace, { name }) : there.bus;
  const kv = spec.redisUrl ? await redisKv(spec.redisUrl, spec.namespace, name) : there.kv;
  return {
    sql,
    bus,
    kv,
    shareWithThread: () => Promise.reject(new Error('a thread does not start threads of its own')),
    async close() {
      await bus.close();
      await kv.close();
      await sql.close();
      await there.close();
    },
  };
}

export type { Bus, BusEvent, Subscription } from './bus';
export type { Kv, ThrottleLimit, ThrottleResult } from './kv';
export type { Sql, SqlTx, SqlResult } from './sql';
export { memoryBus, natsBus, memoryKv, redisKv, pgliteSql, pgliteThreadSql, sqlOverPort, postgresSql };
export type { SharedSql } from './sql-pglite-thread';
export { migrate, type Migration } from './migrate';
export { DependencyError, STARTUP_DEADLINE_MS, endpointOf, withStartupDeadline } from './deadline';
