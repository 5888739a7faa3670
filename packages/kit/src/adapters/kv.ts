/**
 * Fast shared state that may be lost: hot caches, counters, rate-limit windows. Nothing whose
 * loss changes an outcome lives only here (the ledger of strikes and runs is in PostgreSQL).
 */
export interface Kv {
  readonly kind: 'redis' | 'memory';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  /** Sets the value only when the key holds none; true when this call set it. Atomic across replicas. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  del(key: string): Promise<void>;
  /**
   * Counts a hit in a fixed window starting at the first hit and returns the count so far and
   * the milliseconds until the window resets. Atomic across replicas.
   */
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  /**
   * One request against a rate limit (GCRA: `burst` requests at once, refilled at `ratePerSec`),
   * on the store's clock so that replicas with skewed clocks share one budget. Atomic across replicas.
   */
  throttle(key: string, limit: ThrottleLimit): Promise<ThrottleResult>;
  close(): Promise<void>;
}

export interface ThrottleLimit {
  /** Sustained requests per second (> 0). */
  ratePerSec: number;
  /** Requests that may arrive at once after a quiet spell (>= 1). */
  burst: number;
}

export interface ThrottleResult {
  allowed: boolean;
  /** Requests that could still be sent at once, after this one. */
  remaining: number;
  /** When refused: milliseconds until one request is allowed again; 0 when allowed. */
  retryAfterMs: number;
  /** Milliseconds until the full burst is available again. */
  resetMs: number;
}

/**
 * The GCRA step shared by the in-memory store (the Redis script is the same arithmetic in Lua):
 * `tat` is the theoretical arrival time of the next request, in microseconds on the store's clock.
 */
export function gcraStep(tat: number | null, nowUs: number, limit: ThrottleLimit): ThrottleResult & { tat: number } {
  const interval = 1e6 / limit.ratePerSec;
  const burst = Math.max(1, Math.floor(limit.burst));
  const base = Math.max(tat ?? nowUs, nowUs);
  const next = base + interval;
  const allowAt = next - burst * interval;
  if (nowUs < allowAt) {
    const previous = tat ?? nowUs;
    return { allowed: false, remaining: 0, retryAfterMs: Math.ceil((allowAt - nowUs) / 1e3), resetMs: Math.ceil((previous - nowUs) / 1e3), tat: previous };
  }
  return { allowed: true, remaining: Math.max(0, Math.floor((nowUs - allowAt) / interval)), retryAfterMs: 0, resetMs: Math.ceil((next - nowUs) / 1e3), tat: next };
}
