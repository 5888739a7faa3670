import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryKv, redisKv, type Kv } from '../src/index';
import { freshNamespace, memoryThroughPort, realServer } from '../src/testing';

const impls: [string, () => Promise<Kv>][] = [
  ['memory', async () => memoryKv(freshNamespace('kv'))],
  ['redis', async () => redisKv(await realServer('redis'), freshNamespace('kv'))],
  // What a service on a thread of its own is given: the main thread's store, through a port.
  ['memory, through a port', async () => {
    const p = memoryThroughPort(freshNamespace('kv'));
    return { ...p.kv, close: p.close };
  }],
];

describe.each(impls)('Kv contract: %s', (_name, make) => {
  let kv: Kv;
  beforeAll(async () => { kv = await make(); });
  afterAll(async () => kv.close());

  it('sets, gets and deletes', async () => {
    expect(await kv.get('a')).toBeNull();
    await kv.set('a', 'x');
    expect(await kv.get('a')).toBe('x');
    await kv.del('a');
    expect(await kv.get('a')).toBeNull();
  });

  it('expires values after their ttl', async () => {
    await kv.set('t', 'v', 40);
    expect(await kv.get('t')).toBe('v');
    await new Promise((r) => setTimeout(r, 80));
    expect(await kv.get('t')).toBeNull();
  });

  it('counts hits atomically in a window that resets', async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => kv.hit('w', 150)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(counts.every((c) => c.resetMs > 0 && c.resetMs <= 150)).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect((await kv.hit('w', 150)).count).toBe(1);
  });

  it('sets a value only when absent, atomically, until it expires', async () => {
    const wins = await Promise.all(Array.from({ length: 10 }, (_, i) => kv.setIfAbsent('once', String(i), 80)));
    expect(wins.filter(Boolean)).toHaveLength(1);
    const winner = String(wins.indexOf(true));
    expect(await kv.get('once')).toBe(winner);
    expect(await kv.setIfAbsent('once', 'late', 80)).toBe(false);
    await new Promise((r) => setTimeout(r, 120));
    expect(await kv.setIfAbsent('once', 'again', 80)).toBe(true);
    expect(await kv.get('once')).toBe('again');
  });

  it('throttles: the burst at once, then refused with the wait until the next request', async () => {
    const limit = { ratePerSec: 10, burst: 5 };
    const first = [];
    for (let i = 0; i < 5; i++) first.push(await kv.throttle('burst', limit));
    expect(first.map((r) => r.allowed)).toEqual([true, true, true, true, true]);
    expect(first.map((r) => r.remaining)).toEqual([4, 3, 2, 1, 0]);
    expect(first.every((r) => r.retryAfterMs === 0)).toBe(true);
    // After the burst, the full budget is back in about burst / rate = 500 ms.
    expect(first[4]!.resetMs).toBeGreaterThan(400);
    expect(first[4]!.resetMs).toBeLessThanOrEqual(500);
    const refused = await kv.throttle('burst', limit);
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    // One request comes back every 100 ms.
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(100);
    await new Promise((r) => setTimeout(r, refused.retryAfterMs + 15));
    expect((await kv.throttle('burst', limit)).allowed).toBe(true);
    expect((await kv.throttle('burst', limit)).allowed).toBe(false);
  });

  it('throttles to the steady rate once the burst is spent', async () => {
    const limit = { ratePerSec: 20, burst: 1 };
    let allowed = 0;
    const times: number[] = [];
    const start = Date.now();
    // 600 ms of requests every 10 ms or so: the first at once, then one per 50 ms.
    while (Date.now() - start < 600) {
      times.push(Date.now());
      if ((await kv.throttle('steady', limit)).allowed) allowed++;
      await new Promise((r) => setTimeout(r, 10));
    }
    // What the rule allows for the requests as they were actually sent (a busy machine sends fewer,
    // with gaps), on this clock: a request at least 50 ms after the last one allowed.
    let expected = 0;
    let next = -Infinity;
    for (const t of times) {
      if (t >= next) {
        expected++;
        next = t + 50;
      }
    }
    expect(expected).toBeGreaterThanOrEqual(3);
    expect(Math.abs(allowed - expected)).toBeLessThanOrEqual(2);
    expect(allowed).toBeLessThanOrEqual(14);
  });

  it('throttles atomically: concurrent requests get exactly the burst', async () => {
    const results = await Promise.all(Array.from({ length: 30 }, () => kv.throttle('together', { ratePerSec: 1, burst: 7 })));
    expect(results.filter((r) => r.allowed)).toHaveLength(7);
    expect(results.filter((r) => r.allowed).map((r) => r.remaining).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results.filter((r) => !r.allowed).every((r) => r.retryAfterMs > 900 && r.retryAfterMs <= 1_000)).toBe(true);
  });

  it('throttles each key on its own', async () => {
    const limit = { ratePerSec: 1, burst: 2 };
    expect((await kv.throttle('a-key', limit)).allowed).toBe(true);
    expect((await kv.throttle('a-key', limit)).allowed).toBe(true);
    expect((await kv.throttle('a-key', limit)).allowed).toBe(false);
    expect(await kv.throttle('b-key', limit)).toMatchObject({ allowed: true, remaining: 1 });
  });

  it("throttles on the store's clock: the caller's wall clock jumping an hour refills nothing", async () => {
    const limit = { ratePerSec: 1, burst: 2 };
    await kv.throttle('clock', limit);
    await kv.throttle('clock', limit);
    const real = Date.now();
    const spy = vi.spyOn(Date, 'now').mockImplementation(() => real + 3_600_000);
    try {
      const r = await kv.throttle('clock', limit);
      expect(r.allowed).toBe(false);
      expect(r.retryAfterMs).toBeLessThanOrEqual(1_000);
    } finally {
      spy.mockRestore();
    }
  });

  it('keeps namespaces apart', async () => {
    const other = await make();
    await kv.set('shared', 'mine');
    expect(await other.get('shared')).toBeNull();
    await kv.del('shared');
    await other.close();
  });
});
