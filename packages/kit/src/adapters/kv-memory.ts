import { performance } from 'node:perf_hooks';
import { gcraStep, type Kv } from './kv';

/** The store's clock for rate limits, in microseconds: monotonic, so a wall-clock step changes nothing. */
const monotonicUs = () => Math.round((performance.timeOrigin + performance.now()) * 1e3);

export function memoryKv(prefix = 'svc', clockUs: () => number = monotonicUs): Kv {
  const data = new Map<string, { v: string; exp: number }>();
  const k = (key: string) => `${prefix}:${key}`;
  const live = (key: string) => {
    const e = data.get(k(key));
    if (!e) return undefined;
    if (e.exp && e.exp <= Date.now()) {
      data.delete(k(key));
      return undefined;
    }
    return e;
  };
  // Rate-limit state (the next theoretical arrival time) lives apart, on the store's own clock.
  const buckets = new Map<string, number>();
  // Expired entries are also swept now and then so an idle key does not stay forever.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, e] of data) if (e.exp && e.exp <= now) data.delete(key);
    const nowUs = clockUs();
    for (const [key, tat] of buckets) if (tat <= nowUs) buckets.delete(key);
  }, 30_000);
  sweep.unref();
  return {
    kind: 'memory',
    async get(key) {
      return live(key)?.v ?? null;
    },
    async set(key, value, ttlMs) {
      data.set(k(key), { v: value, exp: ttlMs ? Date.now() + ttlMs : 0 });
    },
    async setIfAbsent(key, value, ttlMs) {
      if (live(key)) return false;
      data.set(k(key), { v: value, exp: Date.now() + ttlMs });
      return true;
    },
    async del(key) {
      data.delete(k(key));
    },
    async hit(key, windowMs) {
      const now = Date.now();
      const e = live(key);
      if (!e) {
        data.set(k(key), { v: '1', exp: now + windowMs });
        return { count: 1, resetMs: windowMs };
      }
      e.v = String(Number(e.v) + 1);
      return { count: Number(e.v), resetMs: e.exp - now };
    },
    async throttle(key, limit) {
      const now = clockUs();
      const { tat, ...result } = gcraStep(buckets.get(k(key)) ?? null, now, limit);
      if (result.allowed) buckets.set(k(key), tat);
      return result;
    },
    async close() {
      clearInterval(sweep);
      data.clear();
      buckets.clear();
    },
  };
}
