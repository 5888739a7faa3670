/** The key-guessing guard: counted per caller (through trusted proxies) and per key prefix, never locking a valid tenant out. */
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { generateKey, hashKey, memoryKv } from '@svc/kit';
import { KeyAuth, clientAddress } from '../src/auth';
import type { Clients } from '../src/clients';
import type { AuthAccount } from '../src/context';
import { HttpError } from '../src/errors';

const GOOD = generateKey();
const ACCOUNT = { id: 'acct_1', company: 'A', plan: 'platform', tier: 'unlimited', status: 'active', keyId: 'k', seatsEnabled: true } as AuthAccount;

/** Metering stand-in: GOOD is the only valid key. */
class Auth extends KeyAuth {
  lookups = 0;
  override async authenticate(key: string | undefined): Promise<AuthAccount> {
    this.lookups++;
    if (key === GOOD) return ACCOUNT;
    throw new HttpError(401, 'unauthorized', 'the API key is not valid');
  }
}

const req = (remote: string, xff?: string) => ({ id: 'req_test', socket: { remoteAddress: remote }, headers: xff ? { 'x-forwarded-for': xff } : {} }) as unknown as Request;
const status = (p: Promise<unknown>) => p.then(() => 200, (e: HttpError) => e.status);

describe('clientAddress', () => {
  const trusted = new Set(['10.0.0.1', '10.0.0.2']);
  it('believes X-Forwarded-For only from a trusted proxy, taking the nearest untrusted hop', () => {
    expect(clientAddress(req('203.0.113.9', '198.51.100.1'), trusted)).toBe('203.0.113.9');
    expect(clientAddress(req('10.0.0.1', '198.51.100.1, 10.0.0.2'), trusted)).toBe('198.51.100.1');
    expect(clientAddress(req('10.0.0.1', '6.6.6.6, 198.51.100.7'), trusted)).toBe('198.51.100.7');
    expect(clientAddress(req('10.0.0.1'), trusted)).toBe('10.0.0.1');
  });
});

describe('the key-guessing guard', () => {
  it('throttles a guessing caller, lets a valid key through it, and leaves other callers alone', async () => {
    const auth = new Auth({} as Clients, memoryKv('auth'), new Set(['10.0.0.1']));
    const guesser = req('10.0.0.1', '198.51.100.66');
    for (let i = 0; i < 60; i++) expect(await status(auth.check(generateKey(), guesser))).toBe(401);
    // Blocked: made-up keys are refused before any lookup, beyond one well-formed probe a second.
    const before = auth.lookups;
    const burst = await Promise.all(Array.from({ length: 5 }, () => status(auth.check(generateKey(), guesser))));
    expect(burst.filter((s) => s === 429).length).toBeGreaterThanOrEqual(4);
    expect(auth.lookups - before).toBeLessThanOrEqual(1);
    expect(await status(auth.check('svc_live_not_even_well_formed', guesser))).toBe(429);
    // A valid tenant behind the same address still gets in, within a second.
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await status(auth.check(GOOD, guesser))).toBe(200);
    // Another caller behind the same load balancer is not affected at all.
    expect(await status(auth.check(generateKey(), req('10.0.0.1', '198.51.100.5')))).toBe(401);
    expect(await status(auth.check(GOOD, req('10.0.0.1', '198.51.100.5')))).toBe(200);
  });

  it('throttles one key hammered from many addresses, by its prefix', async () => {
    const auth = new Auth({} as Clients, memoryKv('auth2'));
    const replaced = generateKey();
    for (let i = 0; i < 60; i++) await status(auth.check(replaced, req(`198.51.100.${i}`)));
    // One after the other (concurrent requests with one key share one probe).
    const r: number[] = [];
    for (const i of [1, 2, 3]) r.push(await status(auth.check(replaced, req(`203.0.113.${i}`))));
    expect(r.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2);
  });
});

/** Metering stand-in behind the real caches: GOOD is valid, REPLACED was replaced, anything else unknown. */
const REPLACED = generateKey();
class Metering extends KeyAuth {
  asked = 0;
  protected override async ask(hash: string) {
    this.asked++;
    // A lookup takes a while: concurrent first requests overlap it.
    await new Promise((r) => setTimeout(r, 20));
    if (hash === hashKey(GOOD)) return { ok: true, account: ACCOUNT, reason: '' };
    return { ok: false, account: null, reason: hash === hashKey(REPLACED) ? 'replaced_key' : 'unknown_key' };
  }
}

describe('a locked-out address and a hammered replaced key', () => {
  it('serves every concurrent first request of a valid key from an address locked out for bad keys, with one lookup', async () => {
    const auth = new Metering({} as Clients, memoryKv('lockout'));
    const shared = req('203.0.113.50');
    for (let i = 0; i < 60; i++) expect(await status(auth.check(generateKey(), shared))).toBe(401);
    const before = auth.asked;
    const first = await Promise.all(Array.from({ length: 20 }, () => status(auth.check(GOOD, shared))));
    expect(first).toEqual(Array(20).fill(200));
    expect(auth.asked - before).toBe(1);
    // Guessing from that address stays throttled.
    const guesses = await Promise.all(Array.from({ length: 5 }, () => status(auth.check(generateKey(), shared))));
    expect(guesses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(4);
  });

  it('answers a replaced key being hammered 401 (replaced), not 429, without a lookup each time', async () => {
    const auth = new Metering({} as Clients, memoryKv('replaced'));
    const answers: string[] = [];
    const code = (p: Promise<unknown>) => p.then(() => '200', (e: HttpError) => `${e.status} ${e.message}`);
    for (let i = 0; i < 100; i++) answers.push(await code(auth.check(REPLACED, req(i % 2 ? '203.0.113.7' : `198.51.100.${i}`))));
    answers.push(...(await Promise.all(Array.from({ length: 20 }, () => code(auth.check(REPLACED, req('203.0.113.7')))))));
    expect(new Set(answers)).toEqual(new Set(['401 this API key has been replaced; use the new key']));
    expect(auth.asked).toBe(1);
  });
});
