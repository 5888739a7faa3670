import { describe, expect, it } from 'vitest';
import { FRESH_MS, KEEP_MS, UsageCache, type Usage } from '../src/usage';

const view = (runsUsed: number): Usage => ({ month: '2026-11', runsUsed, runsLimit: 1500, runsLeft: 1500 - runsUsed, run: null, overageRuns: 0 });

/** A metering stand-in whose calls the test settles by hand, on a clock the test moves. */
function harness() {
  let t = 1_000_000;
  const calls: { accountId: string; resolve(u: Usage): void; reject(e: Error): void }[] = [];
  const cache = new UsageCache(
    (accountId) => new Promise<Usage>((resolve, reject) => calls.push({ accountId, resolve, reject })),
    () => t,
  );
  const settle = () => new Promise((r) => setImmediate(r));
  const advance = (ms: number) => (t += ms);
  /** acc_1 known as `runs` used, then `ms` later. */
  const known = async (runs: number, ms: number) => {
    const first = cache.get('acc_1', 'r0');
    calls.at(-1)!.resolve(view(runs));
    await first;
    advance(ms);
  };
  return { cache, calls, settle, advance, known };
}

describe('usage cache', () => {
  it("makes an account's first requests wait for one call, then serves the answer", async () => {
    const h = harness();
    const a = h.cache.get('acc_1', 'r1');
    const b = h.cache.get('acc_1', 'r2');
    expect(h.calls).toHaveLength(1);
    h.calls[0]!.resolve(view(3));
    await expect(a).resolves.toEqual(view(3));
    await expect(b).resolves.toEqual(view(3));
    await expect(h.cache.get('acc_1', 'r3')).resolves.toEqual(view(3));
    expect(h.calls).toHaveLength(1);
  });

  it('serves a stale value at once and refreshes it with one background call', async () => {
    const h = harness();
    await h.known(3, FRESH_MS);
    // Stale: the old value goes out without waiting, however many requests arrive meanwhile.
    await expect(h.cache.get('acc_1', 'r2')).resolves.toEqual(view(3));
    await expect(h.cache.get('acc_1', 'r3')).resolves.toEqual(view(3));
    expect(h.calls).toHaveLength(2);
    h.calls[1]!.resolve(view(4));
    await h.settle();
    await expect(h.cache.get('acc_1', 'r4')).resolves.toEqual(view(4));
    expect(h.calls).toHaveLength(2);
  });

  it('keeps the last known value when metering fails, and asks again only after an interval', async () => {
    const h = harness();
    await h.known(3, FRESH_MS);
    await expect(h.cache.get('acc_1', 'r2')).resolves.toEqual(view(3));
    h.calls[1]!.reject(new Error('UNAVAILABLE'));
    await h.settle();
    await expect(h.cache.get('acc_1', 'r3')).resolves.toEqual(view(3));
    expect(h.calls).toHaveLength(2);
    h.advance(FRESH_MS);
    await expect(h.cache.get('acc_1', 'r4')).resolves.toEqual(view(3));
    expect(h.calls).toHaveLength(3);
  });

  it('answers null when metering has never answered, without asking on every request', async () => {
    const h = harness();
    const first = h.cache.get('acc_1', 'r1');
    h.calls[0]!.reject(new Error('UNAVAILABLE'));
    await expect(first).resolves.toBeNull();
    await expect(h.cache.get('acc_1', 'r2')).resolves.toBeNull();
    expect(h.calls).toHaveLength(1);
  });

  it('stops showing a value known too long ago', async () => {
    const h = harness();
    await h.known(3, KEEP_MS);
    const late = h.cache.get('acc_1', 'r2');
    h.calls[1]!.reject(new Error('UNAVAILABLE'));
    await expect(late).resolves.toBeNull();
  });

  it('keeps a value that is refreshed in time past KEEP_MS from the first answer', async () => {
    const h = harness();
    await h.known(3, FRESH_MS);
    await h.cache.get('acc_1', 'r1');
    h.calls[1]!.resolve(view(4));
    await h.settle();
    h.advance(KEEP_MS - 1);
    const later = h.cache.get('acc_1', 'r2');
    h.calls[2]!.reject(new Error('UNAVAILABLE'));
    await expect(later).resolves.toEqual(view(4));
  });

  it('keeps accounts apart', async () => {
    const h = harness();
    const a = h.cache.get('acc_1', 'r1');
    const b = h.cache.get('acc_2', 'r2');
    expect(h.calls.map((c) => c.accountId)).toEqual(['acc_1', 'acc_2']);
    h.calls[0]!.resolve(view(1));
    h.calls[1]!.resolve(view(2));
    await expect(a).resolves.toEqual(view(1));
    await expect(b).resolves.toEqual(view(2));
  });
});
