import type { Kv } from './kv';

export function memoryKv(prefix = 'svc'): Kv {
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
  // Expired entries are also swept now and then so an idle key does not stay forever.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, e] of data) if (e.exp && e.exp <= now) data.delete(key);
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
    async close() {
      clearInterval(sweep);
      data.clear();
    },
  };
}
