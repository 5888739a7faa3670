/**
 * Fast shared state that may be lost: hot caches, counters, rate-limit windows. Nothing whose
 * loss changes an outcome lives only here (the ledger of strikes and runs is in PostgreSQL).
 */
export interface Kv {
  readonly kind: 'redis' | 'memory';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  del(key: string): Promise<void>;
  /**
   * Counts a hit in a fixed window starting at the first hit and returns the count so far and
   * the milliseconds until the window resets. Atomic across replicas.
   */
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  close(): Promise<void>;
}
