import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryKv, redisKv, type Kv } from '../src/index';
import { freshNamespace, realServer } from '../src/testing';

const impls: [string, () => Promise<Kv>][] = [
  ['memory', async () => memoryKv(freshNamespace('kv'))],
  ['redis', async () => redisKv(await realServer('redis'), freshNamespace('kv'))],
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

  it('keeps namespaces apart', async () => {
    const other = await make();
    await kv.set('shared', 'mine');
    expect(await other.get('shared')).toBeNull();
    await kv.del('shared');
    await other.close();
  });
});
