/** A bounded map whose entries expire; the gateway's local caches are built on it. */
export class TtlCache<V> {
  private readonly map = new Map<string, { value: V; exp: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (e.exp <= this.now()) {
      this.map.delete(key);
      return undefined;
    }
    return e.value;
  }

  set(key: string, value: V, ttlMs = this.ttlMs): void {
    // Dropping everything at the bound is crude but O(1) and safe: entries are cheap to refetch.
    if (this.map.size >= this.maxEntries && !this.map.has(key)) this.map.clear();
    this.map.set(key, { value, exp: this.now() + ttlMs });
  }

  deleteWhere(pred: (value: V) => boolean): void {
    for (const [k, e] of this.map) if (pred(e.value)) this.map.delete(k);
  }

  clear(): void {
    this.map.clear();
  }
}
