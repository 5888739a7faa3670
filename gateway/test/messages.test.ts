/**
 * Refusals that name the real problem, and the usage object on every answer given with a key,
 * refusals included: what the gateway decides on its own, without the services.
 */
import { request as httpRequest } from 'node:http';
import { createLogger, memoryKv } from '@svc/kit';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import type { KeyAuth } from '../src/auth';
import { createClients } from '../src/clients';
import { HttpError } from '../src/errors';
import { oauthFlow } from '../src/oauth/flow';
import { UsageCache } from '../src/usage';
import { listenOnLoopback, OPERATION_DEPS } from './support/app';

const nowhere = { library: '127.0.0.1:9', envelope: '127.0.0.1:9', preservation: '127.0.0.1:9', label: '127.0.0.1:9', metering: '127.0.0.1:9', compliance: '127.0.0.1:9' };
const KEY = 'svc_live_goodkey';
const ACCOUNT = { id: 'acct_1', company: 'Test Co', plan: 'lab', tier: 'standard', status: 'active', keyId: 'k1', seatsEnabled: false, hasEnrolled: false, ratePerSecond: 0, rateBurst: 0 };
const USAGE = { month: '2026-11', runsUsed: 2, runsLimit: 100, runsLeft: 98, run: null, overageRuns: 0 };

let close: () => Promise<void> = async () => {};
afterEach(async () => close());

async function start(o: { ratePerSecond?: number; account?: Partial<typeof ACCOUNT> } = {}): Promise<string> {
  const clients = createClients(nowhere);
  const kv = memoryKv(`messages-${Math.random()}`);
  const auth = {
    check: async (key: string | undefined) => {
      if (key !== KEY) throw new HttpError(401, 'unauthorized', 'the API key is not valid', { field: 'x-svc-key' });
      return { ...ACCOUNT, ...o.account };
    },
  } as unknown as KeyAuth;
  const log = createLogger('test', 'silent');
  const svc = { call: async () => ({}) } as never;
  const tokens = { recognises: () => false, accountOf: async () => null, metadataUrl: () => '' };
  const oauth = { tokens, handlers: oauthFlow({ svc, tokens: tokens as never, kv, log, baseUrl: () => 'http://127.0.0.1' }) };
  const app = createApp({ ...OPERATION_DEPS, clients, auth, kv, log, usage: new UsageCache(async () => USAGE), oauth, ...(o.ratePerSecond ? { ratePerSecond: o.ratePerSecond } : {}) });
  const served = await listenOnLoopback(app, clients);
  close = served.close;
  return served.url;
}

async function call(url: string, method: string, path: string, body?: unknown, headers: Record<string, string> = { 'x-svc-key': KEY }) {
  const r = await fetch(`${url}${path}`, { method, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: r.status, headers: r.headers, body: (await r.json()) as any };
}

describe('refusals name the real problem', () => {
  it('a missing q is required, with its bounds', async () => {
    const url = await start();
    const r = await call(url, 'GET', '/lib/search');
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'invalid_request', field: 'q' });
    expect(r.body.error.message).toMatch(/is required.*2 to 100 characters/);
  });

  it('a question that is not text is named as such, and a missing one as required', async () => {
    const url = await start();
    const wrong = await call(url, 'POST', '/ai/knowledge', { question: 42 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 'invalid_request', field: 'question' });
    expect(wrong.body.error.message).toMatch(/must be text.*3 to 500 characters/);
    const missing = await call(url, 'POST', '/ai/knowledge', {});
    expect(missing.body.error).toMatchObject({ code: 'invalid_request', field: 'question' });
    expect(missing.body.error.message).toMatch(/is required/);
  });

  it('an unknown action is named unknown, with the allowed values', async () => {
    const url = await start();
    const r = await call(url, 'POST', '/account/users', { action: 'remove', user: 'u-1' });
    expect(r.status).toBe(400);
    expect(r.body.error.field).toBe('action');
    expect(r.body.error.message).toMatch(/not a known action.*"enroll" and "unenroll"/);
    const missing = await call(url, 'POST', '/account/users', { user: 'u-1' });
    expect(missing.body.error.message).toMatch(/is required/);
  });

  it("variant and nbPct on /check are answered with /check's names, and the reverse on the label and preservation", async () => {
    const url = await start();
    const lines = [{ n: 'Glycerin', pct: 10 }];
    const check = await call(url, 'POST', '/check', { variant: 'classic', nbPct: 90, ph: 5, lines });
    expect(check.status).toBe(400);
    expect(check.body.error.field).toBe('variant');
    expect(check.body.error.message).toContain('calls it base');
    expect(check.body.error.fields.map((f: { field: string; message: string }) => f.message).join(' ')).toContain('calls it basePct');
    for (const path of ['/inci/label', '/ai/preservation']) {
      const r = await call(url, 'POST', path, { base: 'classic', basePct: 90, lines });
      expect(r.body.error.field, path).toBe('base');
      expect(r.body.error.message, path).toContain('calls it variant');
    }
  });

  it('an unknown market on /check is a 400 naming market, with the markets it screens', async () => {
    const url = await start();
    const r = await call(url, 'POST', '/check', { base: 'classic', basePct: 90, ph: 5, lines: [{ n: 'Glycerin', pct: 10 }], market: 'uk' });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('invalid_request');
    expect(r.body.error.field).toBe('market');
    expect(r.body.error.message).toContain('eu, us');
  });

  it('two x-svc-key headers: only one may be sent', async () => {
    const url = await start();
    const { port } = new URL(url);
    const r = await new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/account', method: 'GET', headers: { 'x-svc-key': [KEY, 'svc_live_other'] } }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : { raw: res.statusCode, headers: res.headers } }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(r, JSON.stringify(r)).toMatchObject({ status: 400, body: { error: { code: 'invalid_request', field: 'x-svc-key' } } });
    expect(r.body.error.message).toMatch(/send one key.*2 were sent/);
    expect(r.body.usage).toEqual({ unavailable: 'unknown_key', message: expect.any(String) });
  });

  it("the 429 says whether the limit is the plan's or the operator's", async () => {
    const operator = await start({ ratePerSecond: 1 });
    await call(operator, 'GET', '/lib/search?q=g');
    const o = await call(operator, 'GET', '/lib/search?q=g');
    expect(o.status).toBe(429);
    expect(o.body.error).toMatchObject({ code: 'rate_limited', limit: 'operator' });
    expect(o.body.error.message).toContain("the operator's limit");
    expect(o.body.usage).toEqual(USAGE);
    await close();
    const plan = await start({ account: { ratePerSecond: 1, rateBurst: 1 } });
    await call(plan, 'GET', '/lib/search?q=g');
    const p = await call(plan, 'GET', '/lib/search?q=g');
    expect(p.status).toBe(429);
    expect(p.body.error).toMatchObject({ code: 'rate_limited', limit: 'plan' });
    expect(p.body.error.message).toContain("this account's plan limit");
  });

  it('an unsupported OAuth grant type is unsupported_grant_type (RFC 6749 5.2)', async () => {
    const url = await start();
    const r = await fetch(`${url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('a known path with a wrong method is 405 with Allow; an unknown path is 404', async () => {
    const url = await start();
    for (const [method, path, allow] of [['DELETE', '/check', 'POST'], ['GET', '/account/key', 'POST'], ['PUT', '/lib/search', 'GET, HEAD'], ['POST', '/account', 'GET, HEAD']] as const) {
      const r = await call(url, method, path);
      expect(r.status, `${method} ${path}`).toBe(405);
      expect(r.headers.get('allow'), `${method} ${path}`).toBe(allow);
      expect(r.body.error).toMatchObject({ code: 'method_not_allowed' });
      expect(r.body.usage, `${method} ${path}`).toEqual(USAGE);
    }
    const none = await call(url, 'GET', '/no/such/route');
    expect(none.status).toBe(404);
    expect(none.body.usage).toEqual(USAGE);
  });
});

describe('usage on every answer given with a key', () => {
  it('is on refusals: 400, 401 with an unknown key, 404, 405, 413, 415', async () => {
    const url = await start();
    const bad = await call(url, 'GET', '/lib/search?q=g');
    expect(bad.status).toBe(400);
    expect(bad.body.usage).toEqual(USAGE);
    const unknown = await call(url, 'GET', '/account', undefined, { 'x-svc-key': 'svc_live_unknown' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.usage).toEqual({ unavailable: 'unknown_key', message: expect.any(String) });
    const noKey = await call(url, 'GET', '/account', undefined, {});
    expect(noKey.status).toBe(401);
    expect(noKey.body.usage).toBeUndefined();
    const type = await fetch(`${url}/check`, { method: 'POST', headers: { 'x-svc-key': KEY, 'content-type': 'text/plain' }, body: 'x' });
    expect(type.status).toBe(415);
    expect(((await type.json()) as { usage: unknown }).usage).toEqual(USAGE);
    const big = await fetch(`${url}/check`, { method: 'POST', headers: { 'x-svc-key': KEY, 'content-type': 'application/json' }, body: JSON.stringify({ pad: 'x'.repeat(300_000) }) });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { usage: unknown }).usage).toEqual(USAGE);
  });

  it('says so in the field when the meter cannot be read', async () => {
    const clients = createClients(nowhere);
    const kv = memoryKv(`messages-${Math.random()}`);
    const auth = { check: async () => ACCOUNT } as unknown as KeyAuth;
    const app = createApp({ ...OPERATION_DEPS, clients, auth, kv, log: createLogger('test', 'silent'), usage: new UsageCache(async () => Promise.reject(new Error('metering down'))) });
    const served = await listenOnLoopback(app, clients);
    close = served.close;
    const url = served.url;
    const r = await call(url, 'POST', '/ai/knowledge', { question: 'How are allergens labelled?' });
    expect(r.status).toBe(200);
    expect(r.body.usage).toEqual({ unavailable: 'metering_unavailable', message: expect.any(String) });
  });
});
