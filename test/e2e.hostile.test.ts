/**
 * Hostile and careless input at the gateway: every one gets a clear 4xx with a stable code,
 * and nothing a caller sends by mistake (a key in the wrong header) is echoed or logged.
 */
import { describe, expect, it } from 'vitest';
import { MAX_INGREDIENTS } from '@svc/formula';
import type { RunningSystem } from '../scripts/system';
import { systemForSuite } from './support/system';
import { expectError, get, send } from './walk';

const serum = { base: 'classic', basePct: 80, ph: 5.5, lines: [{ n: 'AQUA', pct: 16 }, { n: 'GLYCERIN', pct: 4 }] };
const labelBody = { variant: 'classic', nbPct: 80, lines: serum.lines };

describe('hostile and careless input', () => {
  let sys: RunningSystem;
  const logs: string[] = [];
  systemForSuite('hostile', { logLevel: 'debug', memoryDb: true, ratePerSecond: 100_000, logDestination: { write: (l) => void logs.push(l) } }, (s) => (sys = s));

  it('never echoes or logs a key sent in the wrong place', async () => {
    const r1 = await get(sys, '/account', { 'x-request-id': sys.key });
    expect(r1.status).toBe(200);
    expect(r1.headers.get('x-request-id')).not.toBe(sys.key);
    const r2 = await get(sys, '/account', { 'svc-version': sys.key });
    expectError(r2, 400, 'unsupported_version');
    expect(JSON.stringify(r2.body)).not.toContain(sys.key.slice(0, 12));
    // The MCP server is stateless: GET is refused, without echoing the path's key.
    const r3 = await get(sys, `/mcp/${sys.key}`);
    expectError(r3, 405, 'method_not_allowed');
    expect(JSON.stringify(r3.body)).not.toContain(sys.key.slice(0, 12));
    const r4 = await get(sys, `/no/route/${sys.key}`);
    expectError(r4, 404, 'not_found');
    expect(JSON.stringify(r4.body)).not.toContain(sys.key.slice(0, 12));
    expect(logs.join('\n')).not.toContain(sys.key.slice(9, 30));
  });

  it('answers oversized headers with 431 in the JSON error envelope', async () => {
    const r = await fetch(`${sys.url}/ai/primer`, { headers: { 'x-padding': 'x'.repeat(20_000) } });
    expect(r.status).toBe(431);
    expect(r.headers.get('x-request-id')).toMatch(/^req_/);
    const body = (await r.json()) as { error: { code: string }; request_id: string };
    expect(body.error.code).toBe('headers_too_large');
    expect(body.request_id).toBe(r.headers.get('x-request-id'));
  });

  it('serves the API reference without a key, generated from the table, naming its own address', async () => {
    const r = await fetch(`${sys.url}/openapi.json`);
    expect(r.status).toBe(200);
    const doc = (await r.json()) as { openapi: string; servers: { url: string }[]; paths: Record<string, Record<string, { operationId: string }>> };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0]?.url).toBe(sys.url);
    expect(doc.paths['/check']?.post?.operationId).toBe('check_formula');
    expect(doc.paths['/account/users']?.post?.operationId).toBe('enrol_users');
  });

  it('tells a JSON value that is not an object from malformed JSON, and a wrong media type from both', async () => {
    const r1 = await send(sys, 'POST', '/check', '"hi"');
    expectError(r1, 400, 'invalid_request');
    expect(r1.body.error.field).toBe('(body)');
    expect(r1.body.error.fields).toEqual([{ field: '(body)', message: 'must be a JSON object' }]);
    expectError(await send(sys, 'POST', '/check', '{"base":'), 400, 'invalid_json');
    expectError(await send(sys, 'POST', '/check', JSON.stringify(serum), { 'content-type': 'text/plain' }), 415, 'unsupported_media_type');
  });

  it('names the field for every q problem, counting what is searched', async () => {
    const r = await get(sys, `/lib/search?q=${encodeURIComponent(`a${'\u0301'.repeat(99)}`)}`);
    expectError(r, 400, 'invalid_request');
    expect(r.body.error.fields).toEqual([{ field: 'q', message: 'must be at least 2 characters' }]);
  });

  it('says an e-mail address is not a pseudonymous end-user id', async () => {
    const r = await get(sys, '/account', { 'x-svc-user': 'bob@example.com' });
    expectError(r, 400, 'invalid_end_user');
    expect(r.body.error.message).toMatch(/e-mail/);
  });

  it('refuses a name that would carry an amount beside a chassis name, with its field, not a 500', async () => {
    for (const path of ['/inci/label', '/ai/preservation']) {
      const r = await send(sys, 'POST', path, JSON.stringify({ ...labelBody, lines: [{ n: 'AQUA', pct: 16 }, { n: 'SQUALANE 2', pct: 4 }] }));
      expectError(r, 400, 'invalid_request');
      expect(r.body.error.field).toBe('lines[1].n');
    }
    const blend = await send(sys, 'POST', '/inci/label', JSON.stringify({ ...labelBody, lines: [{ n: 'AQUA', pct: 16 }, { pct: 4, blend: [{ n: 'GLYCERIN', f: 0.5 }, { n: 'canary-abcdef', f: 0.5 }] }] }));
    expectError(blend, 400, 'invalid_request');
    expect(blend.body.error.field).toBe('lines[1].blend[1].n');
  });

  it(`bounds a formula at ${MAX_INGREDIENTS} ingredients, blend components included`, async () => {
    const lines = Array.from({ length: 200 }, (_, i) => ({ pct: 0.1, blend: Array.from({ length: 10 }, (_, j) => ({ n: `INGREDIENT ${i}-${j}`, f: 0.1 })) }));
    const r = await send(sys, 'POST', '/check', JSON.stringify({ ...serum, basePct: 80, lines }));
    expectError(r, 400, 'invalid_request');
    expect(r.body.error.field).toBe('lines');
  });

  it('meters from a held lease while metering is down, refuses a call it cannot meter, and slows down key guessing', async () => {
    const first = await send(sys, 'POST', '/check', JSON.stringify(serum));
    expect(first.status).toBe(200);
    await sys.services.metering.stop();
    // The subject's lease was granted before the outage: its calls are still counted into its run.
    const r = await send(sys, 'POST', '/check', JSON.stringify(serum));
    expect(r.status).toBe(200);
    expect(r.body.usage).toMatchObject({ runsLimit: 1500, run: { id: first.body.usage.run.id, calls: first.body.usage.run.calls + 1 } });
    // A subject with no lease cannot be metered: no call goes unmetered.
    const unmetered = await send(sys, 'POST', '/check', JSON.stringify(serum), { 'x-svc-user': 'new-chemist' });
    expectError(unmetered, 503, 'service_unavailable');
    expect(unmetered.headers.get('retry-after')).toBe('1');

    // Made-up keys (well-formed or not) from one address: past the limit, 429 before any lookup.
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) statuses.push((await get(sys, '/account', { 'x-svc-key': `svc_live_${'x'.repeat(36)}${i}` })).status);
    expect(statuses.slice(0, 50).every((s) => s === 401)).toBe(true);
    const limited = await get(sys, '/account', { 'x-svc-key': 'svc_live_guess' });
    expectError(limited, 429, 'rate_limited');
    expect(limited.headers.get('retry-after')).toBe('60');
    // A key already known good is not slowed down by someone else's guessing.
    expect((await send(sys, 'POST', '/check', JSON.stringify(serum))).status).toBe(200);
  });
});

