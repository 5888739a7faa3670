/**
 * Outages of the real servers mid-run, through proxies the test cuts and restores: without Redis the
 * gateway keeps serving (its limits fail open, counted); without PostgreSQL the routes that need it
 * answer 503 dependency_unavailable with Retry-After, never a 500, while the others keep working;
 * both recover when the server is back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropNamespaceStream, freshDatabase, freshNamespace, realServer } from '@svc/kit/testing';
import { startSystem, type RunningSystem } from '../scripts/system';
import { tcpProxy, type Proxy } from './support/proxy';
import { expectError, get, send } from './walk';

const serum = { base: 'classic', basePct: 80, ph: 5.5, lines: [{ n: 'AQUA', pct: 16 }, { n: 'GLYCERIN', pct: 4 }] };
const hostPort = (url: string) => {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port) };
};

describe('dependency outages mid-run', () => {
  let sys: RunningSystem;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let pg: Proxy;
  let redis: Proxy;
  const ns = freshNamespace('faults');
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-faults-'));

  beforeAll(async () => {
    db = await freshDatabase('faults', { catalogue: true });
    pg = await tcpProxy(hostPort(db.url));
    redis = await tcpProxy(hostPort(await realServer('redis')));
    const dbName = new URL(db.url).pathname;
    sys = await startSystem({
      dataDir,
      port: 0,
      logLevel: 'silent',
      databaseUrl: pg.url('postgres', dbName).replace('postgres://', 'postgres://postgres@'),
      redisUrl: redis.url('redis'),
      natsUrl: await realServer('nats'),
      namespace: ns,
      ratePerSecond: 100_000,
    });
  }, 180_000);
  afterAll(async () => {
    await sys?.stop();
    await pg.close();
    await redis.close();
    await db.drop();
    await dropNamespaceStream(ns);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps serving without Redis, and recovers', async () => {
    expect((await get(sys, '/account')).status).toBe(200);
    await redis.cut();
    for (let i = 0; i < 3; i++) {
      const r = await send(sys, 'POST', '/check', JSON.stringify(serum));
      expect(r.status).toBe(200);
    }
    await redis.restore();
    expect((await send(sys, 'POST', '/check', JSON.stringify(serum))).status).toBe(200);
  }, 60_000);

  it('answers 503 dependency_unavailable without PostgreSQL where it is needed, and recovers', async () => {
    await pg.cut();
    const r = await get(sys, '/account');
    expectError(r, 503, 'dependency_unavailable');
    expect(r.headers.get('retry-after')).toBeTruthy();
    // The envelope check needs no database: it keeps working.
    expect((await send(sys, 'POST', '/check', JSON.stringify(serum))).status).toBe(200);
    await pg.restore();
    let status = 0;
    const end = Date.now() + 10_000;
    while (Date.now() < end && (status = (await get(sys, '/account')).status) !== 200) await new Promise((res) => setTimeout(res, 200));
    expect(status).toBe(200);
  }, 60_000);
});
