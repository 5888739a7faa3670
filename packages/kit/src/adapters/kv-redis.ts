import { Redis } from 'ioredis';
import type { Kv, ThrottleLimit, ThrottleResult } from './kv';
import { withStartupDeadline } from './deadline';

const HIT = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {c, ttl}`;

/**
 * GCRA on the Redis clock (TIME, microseconds), the same arithmetic as gcraStep in kv.ts: one
 * EVALSHA per request, and replicas whose clocks disagree still share one budget. The key holds the
 * theoretical arrival time of the next request and expires when the burst has refilled.
 * ARGV: emission interval in microseconds, burst. Returns {allowed, remaining, retryAfterMs, resetMs}.
 */
const THROTTLE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local interval = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local stored = redis.call('GET', KEYS[1])
local tat = now
if stored then tat = tonumber(stored) end
local base = math.max(tat, now)
local nxt = base + interval
local allowAt = nxt - burst * interval
if now < allowAt then
  return {0, 0, math.ceil((allowAt - now) / 1000), math.ceil((tat - now) / 1000)}
end
local reset = math.ceil((nxt - now) / 1000)
redis.call('SET', KEYS[1], string.format('%.0f', nxt), 'PX', math.max(1, reset))
return {1, math.floor((now - allowAt) / interval), 0, reset}`;

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
  redis.defineCommand('svcThrottle', { numberOfKeys: 1, lua: THROTTLE });
  const scripts = redis as unknown as { svcThrottle(k: string, intervalUs: number, burst: number): Promise<[number, number, number, number]> };
  return {
    kind: 'redis',
    async get(key) {
      return redis.get(key);
    },
    async set(key, value, ttlMs) {
      if (ttlMs) await redis.set(key, value, 'PX', ttlMs);
      else await redis.set(key, value);
    },
    async setIfAbsent(key, value, ttlMs) {
      return (await redis.set(key, value, 'PX', ttlMs, 'NX')) === 'OK';
    },
    async del(key) {
      await redis.del(key);
    },
    async hit(key, windowMs) {
      const [count, ttl] = (await (redis as unknown as { svcHit(k: string, w: number): Promise<[number, number]> }).svcHit(key, windowMs));
      return { count, resetMs: ttl };
    },
    async throttle(key: string, limit: ThrottleLimit): Promise<ThrottleResult> {
      const [allowed, remaining, retryAfterMs, resetMs] = await scripts.svcThrottle(key, 1e6 / limit.ratePerSec, Math.max(1, Math.floor(limit.burst)));
      return { allowed: allowed === 1, remaining, retryAfterMs, resetMs: Math.max(0, resetMs) };
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
