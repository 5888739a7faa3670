/**
 * The walking skeleton's HTTP checks, shared by the embedded and the split end-to-end tests so
 * both ways of running are held to the same behaviour.
 */
import { expect } from 'vitest';
import { contractOf, type Contract } from './support/contract';

export interface Target {
  url: string;
  key: string;
}

const contracts = new Map<string, Promise<Contract>>();

/** Holds a response to the system's own reference (/openapi.json), whatever suite walks it. */
async function expectDocumented(t: Target, method: string, path: string, res: Response, text: string): Promise<void> {
  let c = contracts.get(t.url);
  if (!c) contracts.set(t.url, (c = contractOf(t.url)));
  const problems = (await c).problems({ method, path: new URL(`${t.url}${path}`).pathname, status: res.status, headers: res.headers, body: text });
  expect(problems, `${method} ${path} against /openapi.json`).toEqual([]);
}

export async function get(t: Target, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.url}${path}`, { headers: { 'x-svc-key': t.key, ...headers } });
  const text = await res.text();
  await expectDocumented(t, 'GET', path, res, text);
  let body: any = text;
  if ((res.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(text);
  return { status: res.status, headers: res.headers, body };
}

export async function send(t: Target, method: string, path: string, raw: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.url}${path}`, { method, body: raw, headers: { 'x-svc-key': t.key, 'content-type': 'application/json', ...headers } });
  const text = await res.text();
  await expectDocumented(t, method, path, res, text);
  return { status: res.status, headers: res.headers, body: JSON.parse(text) as any };
}

/**
 * A call made again after a 503 (at most twice), waiting as its Retry-After says (1 s at most), as a
 * client honouring it would: for tests of what the service answers (two chassis answering alike),
 * where a gRPC deadline missed on two loaded cores says nothing. Tests of the 503 itself call once.
 */
export async function retryingOn503<R extends { status: number; headers: Headers }>(call: () => Promise<R>): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    const r = await call();
    if (r.status !== 503 || attempt === 3) return r;
    await new Promise((ok) => setTimeout(ok, Math.min(1, Number(r.headers.get('retry-after') ?? 1)) * 1000));
  }
}

/** send, made again after a transient 503 (retryingOn503). */
export function sendRetrying(t: Target, method: string, path: string, raw: string, headers: Record<string, string> = {}) {
  return retryingOn503(() => send(t, method, path, raw, headers));
}

export function expectError(r: { status: number; body: any; headers: Headers }, status: number, code: string) {
  expect(r.status).toBe(status);
  expect(r.body.error.code).toBe(code);
  expect(typeof r.body.error.message).toBe('string');
  expect(r.body.request_id).toBe(r.headers.get('x-request-id'));
}

export async function walk(t: Target): Promise<void> {
  // Primer and terms: no key, the right media types, honest content.
  const primer = await fetch(`${t.url}/ai/primer`);
  expect(primer.status).toBe(200);
  expect(primer.headers.get('content-type')).toMatch(/^text\/markdown/);
  expect(primer.headers.get('svc-version')).toBe('2026-10-05');
  const primerText = await primer.text();
  expect(primerText).toContain('Source: European Commission, CosIng');
  expect(primerText).toMatch(/vintage 2021-12-15/);

  const terms = await fetch(`${t.url}/terms`);
  expect(terms.status).toBe(200);
  expect(terms.headers.get('content-type')).toMatch(/^text\/html/);
  const termsText = await terms.text();
  const version = /id="terms-version">([^<]+)</.exec(termsText)?.[1];
  expect(version).toBeTruthy();

  // Search through the library service.
  const s = await get(t, '/lib/search?q=glycerin');
  expect(s.status).toBe(200);
  expect(s.body.results[0].n).toBe('GLYCERIN');
  expect(s.body.results.length).toBeLessThanOrEqual(10);
  expect(s.body.total).toBeGreaterThanOrEqual(s.body.results.length);
  expect(Object.keys(s.body.results[0]).sort()).toEqual(['allergen', 'c', 'cas', 'fn', 'n', 'nano', 'refs', 'up']);
  expect(s.headers.get('x-request-id')).toMatch(/^req_/);

  // The loaded data vintage, with the source credit.
  const meta = await get(t, '/lib/meta');
  expect(meta.status).toBe(200);
  expect(meta.body).toMatchObject({ cosingVintage: '2021-12-15', source: 'Source: European Commission, CosIng' });
  expect(meta.body.ingredients).toBeGreaterThan(30_000);

  // Account through metering; its terms version is the one /terms shows.
  const a = await get(t, '/account');
  expect(a.status).toBe(200);
  expect(a.body).toMatchObject({ company: 'Development', tier: 'unlimited', plan: 'platform', runsLimit: 1500, termsVersion: version });
  expect(a.body.terms).toMatch(/\/terms$/);
  expect(a.body.month).toMatch(/^\d{4}-\d{2}$/);

  // Errors, each in the envelope with a stable code.
  expectError(await get(t, '/lib/search?q=g'), 400, 'invalid_request');
  expect((await get(t, '/lib/search?q=g')).body.error.field).toBe('q');
  expectError(await get(t, '/lib/search'), 400, 'invalid_request');
  expectError(await get(t, `/lib/search?q=${'x'.repeat(101)}`), 400, 'invalid_request');
  expectError(await get(t, '/lib/search?q=ab&q=cd'), 400, 'invalid_request');
  expectError(await get(t, '/lib/search?q=glycerin', { 'x-svc-key': '' }), 401, 'unauthorized');
  expectError(await get(t, '/account', { 'x-svc-key': 'svc_live_notakey' }), 401, 'unauthorized');
  expectError(await get(t, '/account', { 'x-svc-user': 'jane@example.com' }), 400, 'invalid_end_user');
  expectError(await get(t, '/account', { 'svc-version': '2020-01-01' }), 400, 'unsupported_version');
  expectError(await get(t, '/no/such/route'), 404, 'not_found');
  // POST /account is not an operation of /account (405); a route that takes a body is.
  expectError(await send(t, 'POST', '/check', '{"unclosed": '), 400, 'invalid_json');
  expectError(await send(t, 'POST', '/check', JSON.stringify({ pad: 'x'.repeat(300_000) })), 413, 'payload_too_large');
  // SQL in q is text to search for like any other (2 to 100 characters, no control characters):
  // an answer of its own, and the catalogue still there.
  const sql = await get(t, `/lib/search?q=${encodeURIComponent("'; DROP TABLE x; --")}`);
  expect(sql.status).toBe(200);
  expect(sql.body).toMatchObject({ total: expect.any(Number), results: expect.any(Array) });
  expect((await get(t, '/lib/search?q=glycerin')).body.total).toBeGreaterThan(0);
}
