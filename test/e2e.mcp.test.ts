/**
 * The MCP server through the SDK's own client over HTTP: the eight tools, valid and invalid input,
 * in the three key modes (Bearer, x-svc-key, key in the path); refusals as tool results; a tool's
 * answer equal to its REST twin's; and the path key in no log line, metric label or error body.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { exposition } from '@svc/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSystem } from '../scripts/system';
import { systemForSuite } from './support/system';
import { send } from './walk';

const TOOLS = ['svc_primer', 'svc_knowledge', 'search_ingredients', 'check_formula', 'submit_ingredient', 'preservation_check', 'inci_label', 'account_status'];

const lines = [{ n: 'AQUA', pct: 16 }, { n: 'GLYCERIN', pct: 4 }];
/** Per tool: valid arguments, invalid arguments, and the field the refusal must name. */
const CASES: Record<string, { ok: Record<string, unknown>; bad: Record<string, unknown> | null; field?: string }> = {
  svc_primer: { ok: {}, bad: { topic: 'everything' }, field: 'topic' },
  svc_knowledge: { ok: { question: 'In what order go ingredients on the label?' }, bad: { question: 'x' }, field: 'question' },
  search_ingredients: { ok: { q: 'glycerin' }, bad: { q: 'a' }, field: 'q' },
  check_formula: { ok: { base: 'classic', basePct: 80, ph: 5.5, lines }, bad: { base: 'classic', basePct: 80, ph: 'acid', lines }, field: 'ph' },
  submit_ingredient: { ok: { inci: 'MADEUPIUM EXTRACT', functions: ['skin conditioning'] }, bad: { inci: 42 }, field: 'inci' },
  preservation_check: { ok: { variant: 'classic', nbPct: 80, lines }, bad: { variant: 'classic', nbPct: 'lots', lines }, field: 'nbPct' },
  inci_label: { ok: { variant: 'classic', nbPct: 80, lines }, bad: { variant: 'classic', nbPct: 80 }, field: 'lines' },
  account_status: { ok: {}, bad: { month: '2026-11' }, field: 'month' },
};

type Mode = 'bearer' | 'x-svc-key' | 'path';

async function connect(sys: RunningSystem, mode: Mode, key = sys.key, headers: Record<string, string> = {}): Promise<Client> {
  const url = new URL(mode === 'path' ? `${sys.url}/mcp/${key}` : `${sys.url}/mcp`);
  const auth: Record<string, string> = mode === 'bearer' ? { authorization: `Bearer ${key}` } : mode === 'x-svc-key' ? { 'x-svc-key': key } : {};
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { ...auth, ...headers } } }));
  return client;
}

const structured = (r: unknown) => (r as CallToolResult).structuredContent as Record<string, any>;

describe('the MCP server', () => {
  let sys: RunningSystem;
  const logs: string[] = [];
  systemForSuite('mcp', { logLevel: 'debug', memoryDb: true, ratePerSecond: 100_000, logDestination: { write: (l) => void logs.push(l) } }, (s) => (sys = s));

  const clients: Partial<Record<Mode, Client>> = {};
  beforeAll(async () => {
    for (const mode of ['bearer', 'x-svc-key', 'path'] as const) clients[mode] = await connect(sys, mode);
  });
  afterAll(async () => {
    for (const c of Object.values(clients)) await c?.close();
  });

  it('lists the eight tools, each with input and output schemas and a description for a model', async () => {
    const { tools } = await clients.bearer!.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOLS].sort());
    for (const t of tools) {
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema?.type).toBe('object');
      expect(t.description!.length).toBeGreaterThan(60);
    }
    expect(tools.find((t) => t.name === 'svc_primer')!.description).toMatch(/first/i);
  });

  describe.each(['bearer', 'x-svc-key', 'path'] as const)('with the key by %s', (mode) => {
    it.each(TOOLS)('%s answers valid input with structured content and text', async (tool) => {
      const r = (await clients[mode]!.callTool({ name: tool, arguments: CASES[tool]!.ok })) as CallToolResult;
      expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
      expect(r.structuredContent).toBeTypeOf('object');
      expect(r.content[0]).toMatchObject({ type: 'text' });
      if (tool === 'svc_primer') expect(structured(r).primer).toMatch(/MCP/);
      if (tool === 'check_formula') expect(structured(r).verdict).toBeTypeOf('string');
      if (tool === 'svc_knowledge') expect(structured(r).answers[0].id).toBe('inci-order');
    });

    it.each(TOOLS.filter((t) => CASES[t]!.bad))('%s refuses invalid input as a tool result naming the field', async (tool) => {
      const r = (await clients[mode]!.callTool({ name: tool, arguments: CASES[tool]!.bad! })) as CallToolResult;
      expect(r.isError).toBe(true);
      expect(structured(r).error).toMatchObject({ code: 'invalid_request', field: expect.stringContaining(CASES[tool]!.field!) });
      expect(structured(r).error.message).toContain(CASES[tool]!.field!);
      expect(structured(r).request_id).toBeTypeOf('string');
    });
  });

  it('refuses a wrong key as a tool result (401 body), never an HTTP error, in every mode', async () => {
    for (const mode of ['bearer', 'x-svc-key', 'path'] as const) {
      const c = await connect(sys, mode, 'svc_live_0000000000000000000000000000000000');
      const r = (await c.callTool({ name: 'check_formula', arguments: CASES.check_formula!.ok })) as CallToolResult;
      expect(r.isError, mode).toBe(true);
      expect(structured(r).error.code).toBe('unauthorized');
      // the primer needs no key, as GET /ai/primer
      expect(((await c.callTool({ name: 'svc_primer', arguments: {} })) as CallToolResult).isError).toBeFalsy();
      await c.close();
    }
  });

  it('answers an address without any credential with 401 and the OAuth challenge', async () => {
    const r = await fetch(`${sys.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' });
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('returns exactly what the REST twin returns (usage and request ids aside)', async () => {
    const pairs: Array<[string, string, string, Record<string, unknown>]> = [
      ['check_formula', 'POST', '/check', CASES.check_formula!.ok],
      ['inci_label', 'POST', '/inci/label', CASES.inci_label!.ok],
      ['preservation_check', 'POST', '/ai/preservation', CASES.preservation_check!.ok],
      ['svc_knowledge', 'POST', '/ai/knowledge', CASES.svc_knowledge!.ok],
      ['search_ingredients', 'GET', '/lib/search?q=glycerin', {}],
      ['account_status', 'GET', '/account', {}],
      ['check_formula', 'POST', '/check', CASES.check_formula!.bad!],
    ];
    const strip = (b: Record<string, any>) => {
      const { usage: _u, request_id: _r, ...rest } = b;
      if (rest.usage === undefined && rest.runsUsed !== undefined) return rest;
      return rest;
    };
    for (const [tool, method, path, args] of pairs) {
      const rest = method === 'GET' ? await fetch(`${sys.url}${path}`, { headers: { 'x-svc-key': sys.key } }).then(async (r) => ({ body: (await r.json()) as Record<string, any> })) : await send(sys, method, path, JSON.stringify(args));
      const mcp = structured(await clients.bearer!.callTool({ name: tool, arguments: method === 'GET' && tool === 'search_ingredients' ? { q: 'glycerin' } : args }));
      const a = strip(mcp);
      const b = strip(rest.body);
      if (tool === 'account_status') {
        delete a.runsUsed;
        delete b.runsUsed;
        delete a.usage;
        delete b.usage;
      }
      expect(a, tool).toEqual(b);
    }
  });

  it('forwards x-svc-user, and refuses a personal one as a tool result', async () => {
    const c = await connect(sys, 'bearer', sys.key, { 'x-svc-user': 'someone@example.com' });
    const r = (await c.callTool({ name: 'check_formula', arguments: CASES.check_formula!.ok })) as CallToolResult;
    expect(r.isError).toBe(true);
    expect(structured(r).error).toMatchObject({ code: 'invalid_end_user', field: 'x-svc-user' });
    await c.close();
  });

  it('answers with no-store, no-referrer, and refuses a foreign Host or Origin (DNS rebinding)', async () => {
    const init = (h: Record<string, string>) => ({ method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-svc-key': sys.key, ...h }, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' });
    const ok = await fetch(`${sys.url}/mcp`, init({}));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(ok.headers.get('referrer-policy')).toBe('no-referrer');
    const origin = await fetch(`${sys.url}/mcp`, init({ origin: 'https://evil.example' }));
    expect(origin.status).toBe(400);
    expect(((await origin.json()) as { error: { code: string } }).error.code).toBe('origin_not_allowed');
    // fetch will not forge Host; node's http module will.
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const u = new URL(`${sys.url}/mcp`);
      const rq = request({ host: u.hostname, port: u.port, path: '/mcp', method: 'POST', headers: { ...init({}).headers, host: 'rebound.example:80' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      rq.on('error', reject);
      rq.end(init({}).body);
    });
    expect(status).toBe(421);
  });

  it('answers in an event stream when the client prefers one', async () => {
    const r = await fetch(`${sys.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream, application/json', 'x-svc-key': sys.key }, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' });
    expect(r.headers.get('content-type')).toMatch(/text\/event-stream/);
    expect(await r.text()).toMatch(/event: message/);
  });

  it('answers a tools/call the same on the fast JSON path and through the SDK transport (event stream)', async () => {
    const post = async (accept: string, args: Record<string, unknown>, name = 'check_formula') => {
      const r = await fetch(`${sys.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept, 'x-svc-key': sys.key }, body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: args } }) });
      const text = await r.text();
      const json = r.headers.get('content-type')!.includes('event-stream') ? JSON.parse(/^data: (.*)$/m.exec(text)![1]!) : JSON.parse(text);
      const drop = (o: any) => {
        const sc = { ...o.result?.structuredContent };
        delete sc.usage;
        delete sc.request_id;
        return { ...o, result: o.result && { isError: o.result.isError, structuredContent: sc } };
      };
      return drop(json);
    };
    for (const args of [CASES.check_formula!.ok, CASES.check_formula!.bad!]) {
      const fast = await post('application/json, text/event-stream', args);
      const sdk = await post('text/event-stream, application/json', args);
      expect(fast).toEqual(sdk);
      expect(fast.id).toBe(7);
    }
    // An unknown tool is a protocol error (from the SDK), not a tool result.
    const unknown = await post('application/json, text/event-stream', {}, 'no_such_tool');
    expect(unknown.error.code).toBe(-32602);
  });

  it('keeps the path key out of every log line, metric label and error body', async () => {
    const key = sys.key;
    // A wrong path key too, and a 404 below the path key: neither may echo it.
    const bad = `svc_live_${'Z'.repeat(34)}`;
    const c = await connect(sys, 'path', bad);
    const r = (await c.callTool({ name: 'check_formula', arguments: CASES.check_formula!.ok })) as CallToolResult;
    expect(JSON.stringify(r)).not.toContain(bad);
    await c.close();
    const get = await fetch(`${sys.url}/mcp/${key}`);
    expect(await get.text()).not.toContain(key);
    const deeper = await fetch(`${sys.url}/mcp/${key}/x/y`, { method: 'POST' });
    expect(await deeper.text()).not.toContain(key);
    // Express routes case-insensitively; the key comes out of /MCP/<key> too.
    const upper = await fetch(`${sys.url}/MCP/${key}`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' });
    expect(upper.status).toBe(200);
    const all = logs.join('\n');
    expect(all).toMatch(/"route":"\/mcp\/\*rest"/);
    for (const secret of [key, bad, key.slice(-20)]) {
      expect(all).not.toContain(secret);
      expect(await exposition()).not.toContain(secret);
    }
  });
});
