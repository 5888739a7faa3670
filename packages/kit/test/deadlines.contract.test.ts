/**
 * A dependency that accepts connections and never answers (a paused server, a wrong port behind a
 * proxy) fails the start with an error naming the variable, instead of hanging it.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DependencyError, createAdapters } from '../src/index';

let silent: net.Server;
let port = 0;
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  // Accepts every connection, reads nothing back, writes nothing.
  silent = net.createServer((s) => {
    sockets.add(s);
    s.on('error', () => {});
  });
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  port = (silent.address() as net.AddressInfo).port;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((r) => silent.close(() => r()));
});

const base = { SVC_DATA_DIR: '', SVC_NAMESPACE: 'deadline' };

async function failure(p: Promise<unknown>): Promise<DependencyError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(DependencyError);
    return err as DependencyError;
  }
  throw new Error('it started against a server that never answers');
}

describe('a silent dependency at start', () => {
  it('Redis: fails naming SVC_REDIS_URL and the process, never the password', async () => {
    const err = await failure(createAdapters({ ...base, SVC_REDIS_URL: `redis://:hunter2@127.0.0.1:${port}` }, 'gateway'));
    expect(err.variable).toBe('SVC_REDIS_URL');
    expect(err.message).toMatch(new RegExp(`^gateway: Redis at 127\\.0\\.0\\.1:${port} \\(SVC_REDIS_URL\\)`));
    expect(err.message).not.toContain('hunter2');
  }, 20_000);

  it('NATS: fails naming SVC_NATS_URL', async () => {
    const err = await failure(createAdapters({ ...base, SVC_NATS_URL: `nats://127.0.0.1:${port}` }, 'metering'));
    expect(err.variable).toBe('SVC_NATS_URL');
    expect(err.message).toMatch(/^metering: NATS at/);
  }, 20_000);

  it('PostgreSQL: the first query fails naming SVC_DATABASE_URL, and the next one tries again', async () => {
    const a = await createAdapters({ ...base, SVC_DATABASE_URL: `postgres://postgres:secret@127.0.0.1:${port}/test` }, 'library');
    try {
      const err = await failure(a.sql.query('SELECT 1'));
      expect(err.variable).toBe('SVC_DATABASE_URL');
      expect(err.message).toMatch(/^library: PostgreSQL at/);
      expect(err.message).not.toContain('secret');
      await failure(a.sql.query('SELECT 1'));
    } finally {
      await a.close();
    }
  }, 40_000);

  it('a refused port fails at once with the same shape', async () => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const p = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const err = await failure(createAdapters({ ...base, SVC_REDIS_URL: `redis://127.0.0.1:${p}` }, 'gateway'));
    expect(err.message).toMatch(/SVC_REDIS_URL/);
  }, 20_000);
});
