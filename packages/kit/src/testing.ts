/**
 * Real servers for integration tests. The local PostgreSQL, Redis and NATS first (the CI
 * machine runs them; SVC_TEST_* override the addresses); where one is not reachable and a
 * Docker engine is, testcontainers starts it; otherwise the test fails loudly, never skips.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { MessageChannel } from 'node:worker_threads';
import type { Bus } from './adapters/bus';
import { memoryBus } from './adapters/bus-memory';
import type { Kv } from './adapters/kv';
import { memoryKv } from './adapters/kv-memory';
import { busAndKvOverPort, serveBusAndKv } from './adapters/port';
import type { Sql } from './adapters/sql';
import { pgliteSql } from './adapters/sql-pglite';
import { pgliteThreadSql, sqlOverPort } from './adapters/sql-pglite-thread';
import { postgresSql } from './adapters/sql-postgres';

export const TEST_URLS = {
  database: process.env.SVC_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  redis: process.env.SVC_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  nats: process.env.SVC_TEST_NATS_URL ?? 'nats://127.0.0.1:4222',
};

type Kind = keyof typeof TEST_URLS;
const IMAGES: Record<Kind, { image: string; port: number; cmd?: string[]; env?: Record<string, string> }> = {
  database: { image: 'postgres:16-alpine', port: 5432, env: { POSTGRES_HOST_AUTH_METHOD: 'trust', POSTGRES_DB: 'test' } },
  redis: { image: 'redis:7-alpine', port: 6379 },
  nats: { image: 'nats:2.10-alpine', port: 4222, cmd: ['-js'] },
};

const resolved = new Map<Kind, Promise<string>>();

function reachable(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect({ host: u.hostname, port: Number(u.port) }, () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
    s.setTimeout(1_000, () => {
      s.destroy();
      resolve(false);
    });
  });
}

async function viaContainer(kind: Kind): Promise<string> {
  let tc: typeof import('testcontainers');
  try {
    tc = await import('testcontainers');
  } catch {
    throw new Error('testcontainers is not installed');
  }
  const spec = IMAGES[kind];
  let c = new tc.GenericContainer(spec.image).withExposedPorts(spec.port);
  if (spec.env) c = c.withEnvironment(spec.env);
  if (spec.cmd) c = c.withCommand(spec.cmd);
  const started = await c.start();
  const host = `${started.getHost()}:${started.getMappedPort(spec.port)}`;
  return kind === 'database' ? `postgres://postgres@${host}/test` : kind === 'redis' ? `redis://${host}` : `nats://${host}`;
}

/** Set by `npm run test:unit`: a unit test reaches no real server and boots no system (vitest.config.ts). */
export const UNIT_ONLY_ENV = 'SVC_TEST_UNIT_ONLY';

/** Refuses, in a unit test, what belongs to the contract or end-to-end projects. */
export function refuseInUnitTests(what: string, pattern: string): void {
  if (process.env[UNIT_ONLY_ENV]) throw new Error(`a unit test does not ${what}: name the file ${pattern} (see vitest.config.ts)`);
}

/** The URL of a real server of this kind, or a thrown error that says what is missing. */
export function realServer(kind: Kind): Promise<string> {
  refuseInUnitTests(`use the real ${kind} server`, '*.contract.test.ts (or e2e.*.test.ts when it boots a system)');
  let p = resolved.get(kind);
  if (!p) {
    p = (async () => {
      const url = TEST_URLS[kind];
      if (await reachable(url)) return url;
      try {
        return await viaContainer(kind);
      } catch (err) {
        throw new Error(
          `no ${kind} server for integration tests: ${url} is not reachable and no container could be started (${(err as Error).message}). ` +
            'Start the local server (see .ci/run) or set SVC_TEST_' + (kind === 'database' ? 'DATABASE' : kind.toUpperCase()) + '_URL.',
        );
      }
    })();
    resolved.set(kind, p);
  }
  return p;
}

/**
 * The database on the real server that holds the imported catalogue, for `freshDatabase(tag, {
 * catalogue: true })` to copy: the test run's global set-up builds it once per data version.
 */
export const CATALOGUE_TEMPLATE_ENV = 'SVC_TEST_CATALOGUE_DB';

/**
 * A fresh database on the real server, and a function that drops it: empty, or with `catalogue` a
 * copy of the catalogue template (the library's schema with this data version imported), so that a
 * system started on it finds its catalogue instead of importing it. Without a template (a run
 * without the global set-up) it is empty and the system imports as in production.
 */
export async function freshDatabase(tag = 't', opts: { catalogue?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const base = await realServer('database');
  const name = `svc_${tag}_${randomBytes(5).toString('hex')}`;
  const template = opts.catalogue ? process.env[CATALOGUE_TEMPLATE_ENV] : undefined;
  if (template !== undefined && !/^[a-z0-9_]+$/.test(template)) throw new Error(`invalid ${CATALOGUE_TEMPLATE_ENV}: ${template}`);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/**
 * Every implementation of the Sql contract, each fresh when made: PGlite in memory on the caller's
 * thread and on a thread of its own (the embedded start's), and a new database on the real
 * PostgreSQL (dropped by `done`). For suites that must hold on all of them.
 */
export function sqlImplementations(tag: string): Array<[name: 'pglite' | 'pglite on its thread' | 'pglite through a port' | 'postgres', make: () => Promise<{ sql: Sql; done(): Promise<void> }>]> {
  return [
    ['pglite', async () => {
      const sql = await pgliteSql();
      return { sql, done: () => sql.close() };
    }],
    ['pglite on its thread', async () => {
      const sql = await pgliteThreadSql();
      return { sql, done: () => sql.close() };
    }],
    ['pglite through a port', async () => {
      // What a service on a thread of its own is given: another client of the database's thread.
      const owner = await pgliteThreadSql();
      const sql = sqlOverPort(await owner.connect());
      return {
        sql,
        done: async () => {
          await sql.close();
          await owner.close();
        },
      };
    }],
    ['postgres', async () => {
      const db = await freshDatabase(tag);
      const sql = postgresSql(db.url);
      return {
        sql,
        done: async () => {
          await sql.close();
          await db.drop();
        },
      };
    }],
  ];
}

/**
 * A memory bus and store reached as a service on a thread of its own reaches the main thread's:
 * through a port (both ends on this thread here, so the messages still cross a MessagePort).
 */
export function memoryThroughPort(namespace: string): { bus: Bus; kv: Kv; close(): Promise<void> } {
  const { port1, port2 } = new MessageChannel();
  const bus = memoryBus();
  const kv = memoryKv(namespace);
  const host = serveBusAndKv(port1, bus, kv);
  const there = busAndKvOverPort(port2);
  return {
    bus: there.bus,
    kv: there.kv,
    async close() {
      await there.close();
      await host.close();
      await bus.close();
      await kv.close();
    },
  };
}

/** A namespace no other test run uses, for bus subjects and cache keys on shared servers. */
export const freshNamespace = (tag = 't'): string => `${tag}_${randomBytes(4).toString('hex')}`;

/** Removes the JetStream stream a test namespace created, so test runs leave nothing behind. */
export async function dropNamespaceStream(namespace: string): Promise<void> {
  const { connect } = await import('nats');
  const nc = await connect({ servers: await realServer('nats') });
  try {
    const jsm = await nc.jetstreamManager();
    await jsm.streams.delete(`${namespace.toUpperCase()}_EVENTS`).catch(() => false);
  } finally {
    await nc.close();
  }
}
export { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './tracing/receiver';
