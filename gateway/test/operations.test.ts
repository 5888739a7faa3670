/**
 * The operation table is the gateway's whole surface: default deny for every operation not marked
 * public, no route beside the table, and typed calls that refuse a wrong method or field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpc, type Clients } from '../src/clients';
import { operations, type Operation } from '../src/operations/index';
import { OAUTH_ROUTES } from '../src/operations/table';
import { OPERATION_DEPS, startTestApp, type TestApp } from './support/app';

/** The spec's MCP tools (section 4); svc_knowledge arrives with the MCP server. */
const SPEC_TOOLS = ['svc_primer', 'svc_knowledge', 'search_ingredients', 'check_formula', 'submit_ingredient', 'preservation_check', 'inci_label', 'account_status'];
/** Public by the spec (GET /ai/primer, GET /terms) or by their nature (health, MCP sign-in, the API reference). */
const PUBLIC_IDS = ['primer', 'terms', 'health', 'mcp', 'mcp_path_key', 'docs', 'docs_renderer', 'api_reference', ...OAUTH_ROUTES.map(([id]) => id)];

const OPS: Operation[] = operations(OPERATION_DEPS);

describe('the operation table', () => {
  it('has one entry per id, per method and path, per tool', () => {
    expect(new Set(OPS.map((o) => o.id)).size).toBe(OPS.length);
    expect(new Set(OPS.map((o) => `${o.method} ${o.path}`)).size).toBe(OPS.length);
    const tools = OPS.map((o) => o.tool).filter((t): t is string => t !== null);
    expect(new Set(tools).size).toBe(tools.length);
    for (const t of tools) expect(SPEC_TOOLS).toContain(t);
  });

  it('makes public only what is meant to be, by an explicit choice', () => {
    expect(OPS.filter((o) => o.policy.auth === 'none').map((o) => o.id).sort()).toEqual([...PUBLIC_IDS].sort());
    for (const o of OPS) expect(['key', 'none']).toContain(o.policy.auth);
  });

  it('meters formula calls only: check and label consume runs; search, preservation, primer, account never do', () => {
    expect(OPS.filter((o) => o.policy.meter === 'formula').map((o) => o.id).sort()).toEqual(['check_formula', 'inci_label']);
  });
});

describe('the generated router', () => {
  let t: TestApp;
  let url = '';
  beforeAll(async () => {
    t = await startTestApp();
    url = t.url;
  });
  afterAll(async () => t.close());

  it.each(OPS.filter((o) => o.policy.auth !== 'none').map((o) => [o.id, o] as const))('answers %s with 401 without a key', async (_id, op) => {
    for (const method of op.method === 'ALL' ? ['GET', 'POST'] : [op.method]) {
      const r = await fetch(`${url}${op.path.replace('*rest', 'x')}`, { method, headers: { 'content-type': 'application/json' }, ...(method === 'POST' ? { body: '{}' } : {}) });
      expect(r.status, `${method} ${op.path}`).toBe(401);
      const body = (await r.json()) as { error: { code: string; field: string } };
      expect(body.error).toMatchObject({ code: 'unauthorized', field: 'x-svc-key' });
    }
  });

  it('mounts no route outside the table', () => {
    type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };
    const routes: string[] = [];
    const walk = (stack: Layer[]) => {
      for (const l of stack) {
        if (l.route) for (const m of Object.keys(l.route.methods)) routes.push(`${m === '_all' ? 'ALL' : m.toUpperCase()} ${l.route.path}`);
        else if (l.handle?.stack) walk(l.handle.stack);
      }
    };
    walk((t.app as unknown as { router: { stack: Layer[] } }).router.stack);
    expect(routes.sort()).toEqual(OPS.map((o) => `${o.method} ${o.path}`).sort());
  });

  it('answers anything else with 404 in the error envelope, and a known path asked with another method with 405', async () => {
    for (const [method, path] of [['GET', '/lib'], ['GET', '/admin'], ['DELETE', '/no/such']]) {
      const r = await fetch(`${url}${path}`, { method, headers: { 'x-svc-key': 'svc_live_whatever' } });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(((await r.json()) as { error: { code: string } }).error.code).toBe('not_found');
    }
    for (const [method, path] of [['POST', '/account'], ['DELETE', '/check'], ['PUT', '/lib/search']]) {
      const r = await fetch(`${url}${path}`, { method, headers: { 'x-svc-key': 'svc_live_whatever' } });
      expect(r.status, `${method} ${path}`).toBe(405);
      expect(r.headers.get('allow'), `${method} ${path}`).toBeTruthy();
      expect(((await r.json()) as { error: { code: string } }).error.code).toBe('method_not_allowed');
    }
  });
});

/** Never run: type-checked by `npm run typecheck`, which fails if a wrong name compiles. */
export function typedCallsRefuseMistakes(c: Clients): void {
  // @ts-expect-error 'Chek' is not a method of the envelope service
  void rpc(c, 'envelope', 'Chek', {});
  // @ts-expect-error basepct is not a field of CheckRequest (basePct is)
  void rpc(c, 'envelope', 'Check', { basepct: 80 });
  // @ts-expect-error the label service has no Check
  void rpc(c, 'label', 'Check', {});
  void rpc(c, 'envelope', 'Check', { basePct: 80, base: 'classic' });
}
