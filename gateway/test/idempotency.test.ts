/** The idempotency store's rules without a server: fingerprints, expiry, release on failure, fail-open. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, memoryKv, type Kv } from '@svc/kit';
import type { Request } from 'express';
import { beginOnce, canonicalJson, fingerprintOf, idempotencyKey } from '../src/idempotency';
import type { Operation } from '../src/operations/operation';

const log = createLogger('test', 'silent');
const op = { id: 'check_formula', method: 'POST' } as Operation;
const ctxFor = (key: string | undefined, accountId = 'acct_1') => ({
  req: { headers: key === undefined ? {} : { 'idempotency-key': key } } as unknown as Request,
  account: { id: accountId } as never,
  endUser: undefined,
  requestId: 'req_test',
});
const answer = { kind: 'json' as const, body: { verdict: 'compatible', n: 1 } };

describe('idempotency', () => {
  it('fingerprints the canonical request: field order does not matter, values and end users do', () => {
    expect(canonicalJson({ b: 1, a: [{ y: 2, x: 1 }] })).toBe('{"a":[{"x":1,"y":2}],"b":1}');
    expect(fingerprintOf('check_formula', undefined, { a: 1, b: 2 })).toBe(fingerprintOf('check_formula', undefined, { b: 2, a: 1 }));
    expect(fingerprintOf('check_formula', undefined, { a: 1 })).not.toBe(fingerprintOf('inci_label', undefined, { a: 1 }));
    expect(fingerprintOf('check_formula', 'u1', { a: 1 })).not.toBe(fingerprintOf('check_formula', undefined, { a: 1 }));
  });

  it('validates the header like the submissions one', () => {
    expect(idempotencyKey(undefined)).toBe('');
    expect(idempotencyKey('a')).toBe('a');
    expect(() => idempotencyKey('')).toThrow(/Idempotency-Key/);
    expect(() => idempotencyKey('a b')).toThrow(/Idempotency-Key/);
  });

  // The clock stands still but for the test's own steps (the store's expiry reads Date): a slow
  // turn of the machine between two calls cannot outlast a keep time the test did not pass.
  const clock = { stop: () => vi.useFakeTimers({ toFake: ['Date'] }), advance: (ms: number) => vi.setSystemTime(Date.now() + ms) };
  afterEach(() => void vi.useRealTimers());

  it('forgets a stored answer after its keep time', async () => {
    clock.stop();
    const kv = memoryKv('idem-test');
    const first = await beginOnce(kv, log, op, ctxFor('k'), { a: 1 }, { keepMs: 60 });
    expect(first.replay).toBeNull();
    await first.store(answer);
    expect((await beginOnce(kv, log, op, ctxFor('k'), { a: 1 }, { keepMs: 60 })).replay?.body).toEqual(answer.body);
    clock.advance(100);
    expect((await beginOnce(kv, log, op, ctxFor('k'), { a: 1 }, { keepMs: 60 })).replay).toBeNull();
    await kv.close();
  });

  it('frees the key when the call fails, and after the pending time when a gateway died mid-call', async () => {
    clock.stop();
    const kv = memoryKv('idem-test-2');
    const once = await beginOnce(kv, log, op, ctxFor('k'), { a: 1 });
    await expect(once.guard(Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect((await beginOnce(kv, log, op, ctxFor('k'), { a: 1 }, { pendingMs: 50 })).replay).toBeNull();
    // That claim is never finished: after pendingMs, the key is free again.
    await expect(beginOnce(kv, log, op, ctxFor('k'), { a: 1 })).rejects.toMatchObject({ status: 409, code: 'idempotency_in_progress' });
    clock.advance(80);
    expect((await beginOnce(kv, log, op, ctxFor('k'), { a: 1 })).replay).toBeNull();
    await kv.close();
  });

  it('ignores the header on other operations and runs the call when the store is down', async () => {
    const kv = memoryKv('idem-test-3');
    const other = await beginOnce(kv, log, { id: 'search_ingredients' } as Operation, ctxFor('k'), {});
    expect(other.replay).toBeNull();
    expect(await kv.get('idem:acct_1:k')).toBeNull();
    const down = { ...kv, setIfAbsent: () => Promise.reject(new Error('down')) } as Kv;
    const once = await beginOnce(down, log, op, ctxFor('k'), { a: 1 });
    expect(once.replay).toBeNull();
    await kv.close();
  });
});
