import { Redis } from 'ioredis';
import type { Kv } from './kv';
import { withStartupDeadline } from './deadline';

const HIT = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {c, ttl}`;

/** A command that has had no answer by then fails, so a paused Redis never holds a request. */
const COMMAND_TIMEOUT_MS = 2_000;

export async function redisKv(url: string, prefix = 'svc', process = 'svc'): Promise<Kv> {
  const redis = new Redis(url, {
    keyPrefix: `${prefix}:`,
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    connectTimeout: 5_000,
    commandTimeout: COMMAND_TIMEOUT_MS,
  });
  // Connection errors are retried by ioredis; without a listener they would crash the process.
  redis.on('error', () => {});
  await withStartupDeadline(
    { process, variable: 'SVC_REDIS_URL', kind: 'Redis', url },
    redis.connect().then(() => redis.ping()),
    () => redis.disconnect(),
  );
  redis.defineCommand('svcHit', { numberOfKeys: 1, lua: HIT });
  return {
    kind: 'redis',
    async get(key) {
      return redis.get(key);
    },
    async set(key, value, ttlMs) {
      if (ttlMs) await redis.set(key, value, 'PX', ttlMs);
      else await redis.set(key, value);
    },
    async del(key) {
      await redis.del(key);
    },
    async hit(key, windowMs) {
      const [count, ttl] = (await (redis as unknown as { svcHit(k: string, w: number): Promise<[number, number]> }).svcHit(key, windowMs));
      return { count, resetMs: ttl };
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
