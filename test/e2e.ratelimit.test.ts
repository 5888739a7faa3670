/**
 * Per-account request rate limits on the real Redis (through a proxy the test cuts): each plan's
 * limit from the plans data pack, 429 rate_limited with Retry-After past the burst, the IETF
 * RateLimit-Policy / RateLimit header fields on every keyed answer, and fail-open (counted) when
 * Redis is gone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failOpen } from '@svc/kit';
import { freshNamespace, realServer } from '@svc/kit/testing';
import { accounts } from '@svc/metering';
import { startSystem, type RunningSystem } from '../scripts/system';
import { tcpProxy, type Proxy } from './support/proxy';
import { expectError, get } from './walk';

const hostPort = (url: string) => {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port) };
};
const failOpenCount = async (check: string) => (await failOpen.get()).values.find((v) => v.labels.check === check)?.value ?? 0;
/** A keyed request that stops at input validation, after the rate limit: no service is called. */
const cheap = (t: { url: string; key: string }) => get(t, '/lib/search');

describe('request rate limits per plan', () => {
  let sys: RunningSystem;
  let redis: Proxy;
  let free: { url: string; key: string };
  let starter: { url: string; key: string };
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-ratelimit-'));
  const logs: string[] = [];

  beforeAll(async () => {
    redis = await tcpProxy(hostPort(await realServer('redis')));
    // No rate override: every account gets its plan's limit.
    sys = await startSystem({ dataDir, port: 0, logLevel: 'warn', logDestination: { write: (l) => void logs.push(l) }, memoryDb: true, redisUrl: redis.url('redis'), namespace: freshNamespace('ratelimit') });
    free = { url: sys.url, key: (await accounts.createAccount(sys.adapters.sql, { company: 'Free Co', plan: 'free' })).key };
    starter = { url: sys.url, key: (await accounts.createAccount(sys.adapters.sql, { company: 'Starter Co', plan: 'starter' })).key };
  }, 180_000);
  afterAll(async () => {
    await sys?.stop();
    await redis.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('tells the plan and the state in RateLimit-Policy and RateLimit on a 200', async () => {
    const r = await get(sys, '/lib/meta');
    expect(r.status).toBe(200);
    // The development account is on the platform plan: 5,000 a second, 10,000 at once.
    expect(r.headers.get('ratelimit-policy')).toBe('"account";q=10000;w=2');
    expect(r.headers.get('ratelimit')).toMatch(/^"account";r=999\d;t=\d+$/);
    expect(r.headers.get('ratelimit-limit')).toBeNull();
  });

  it('refuses past the burst with 429 rate_limited, Retry-After and the header fields', async () => {
    const burstAt = Date.now();
    const answers = await Promise.all(Array.from({ length: 16 }, () => cheap(free)));
    const passed = answers.filter((a) => a.status === 400);
    const limited = answers.filter((a) => a.status === 429);
    // The free plan: 10 at once, then 2 a second: as many more as the burst's own time refilled.
    expect(passed.length).toBeGreaterThanOrEqual(10);
    expect(passed.length).toBeLessThanOrEqual(10 + Math.floor((Date.now() - burstAt) / 500));
    expect(limited.length).toBe(16 - passed.length);
    for (const a of passed) expect(a.headers.get('ratelimit-policy')).toBe('"account";q=10;w=5');
    const refused = limited[0]!;
    expectError(refused, 429, 'rate_limited');
    expect(refused.body.error.code).not.toBe('quota_exhausted');
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('ratelimit-policy')).toBe('"account";q=10;w=5');
    expect(refused.headers.get('ratelimit')).toMatch(/^"account";r=0;t=[1-5]$/);
    // One request comes back every 500 ms: after at least 1.1 s at least two, one of them spent
    // here; at most as many as the time since the burst began allows, which the test measures
    // rather than assuming this machine's speed.
    await new Promise((res) => setTimeout(res, 1_100));
    const again = await cheap(free);
    const refilled = Math.min(10, Math.floor((Date.now() - burstAt) / 500));
    expect(again.status).toBe(400);
    const left = Number(/^"account";r=(\d+);t=\d$/.exec(again.headers.get('ratelimit') ?? '')?.[1]);
    expect(left).toBeGreaterThanOrEqual(1);
    expect(left).toBeLessThanOrEqual(refilled - 1);
  });

  it('gives each plan its own limit, and each account its own budget', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => cheap(starter)));
    // Starter: 25 at once. The free account's exhaustion above does not touch it.
    expect(answers.every((a) => a.status === 400)).toBe(true);
    expect(answers[0]!.headers.get('ratelimit-policy')).toBe('"account";q=25;w=5');
  });

  it('fails open without Redis, counted and logged, and limits again once it is back', async () => {
    // The free account's budget is spent first (until the limiter says so: on a loaded machine the
    // budget refills while a burst is sent), so a request that passes proves the limit was skipped.
    let spent = false;
    for (let i = 0; i < 5 && !spent; i++) spent = (await Promise.all(Array.from({ length: 12 }, () => cheap(free)))).some((a) => a.status === 429);
    expect(spent).toBe(true);
    const before = await failOpenCount('rate_limit');
    await redis.cut();
    try {
      const r = await get(free, '/account');
      expect(r.status).toBe(200);
      expect(r.headers.get('ratelimit')).toBeNull();
      expect(await failOpenCount('rate_limit')).toBeGreaterThan(before);
      expect(logs.some((l) => l.includes('rate limit skipped: the store is unavailable'))).toBe(true);
    } finally {
      await redis.restore();
    }
    let limitedAgain: string | null = null;
    const end = Date.now() + 10_000;
    while (Date.now() < end && !(limitedAgain = (await cheap(starter)).headers.get('ratelimit-policy'))) await new Promise((res) => setTimeout(res, 200));
    expect(limitedAgain).toBe('"account";q=25;w=5');
  }, 60_000);
});
