/**
 * The MCP tools are described by the same schemas as the REST reference: a line's two forms and
 * the bounds in every input schema, an output schema for every tool, and structuredContent that
 * validates against it (the SDK client checks it, and so does this file, with ajv).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { createLogger, memoryKv } from '@svc/kit';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import type { KeyAuth } from '../src/auth';
import { createClients } from '../src/clients';
import { UsageCache } from '../src/usage';
import { listenOnLoopback, OPERATION_DEPS } from './support/app';

const nowhere = { library: '127.0.0.1:9', envelope: '127.0.0.1:9', preservation: '127.0.0.1:9', label: '127.0.0.1:9', metering: '127.0.0.1:9', compliance: '127.0.0.1:9' };
const ACCOUNT = { id: 'acct_1', company: 'Test Co', plan: 'platform', tier: 'unlimited', status: 'active', keyId: 'k1', seatsEnabled: true, hasEnrolled: false };
const USAGE = { month: '2026-11', runsUsed: 1, runsLimit: 1500, runsLeft: 1499, run: null, overageRuns: 0 };

let url = '';
let stop: () => Promise<void> = async () => {};
let client: Client;
let tools: Tool[] = [];

beforeAll(async () => {
  const clients = createClients(nowhere);
  const kv = memoryKv(`mcp-schemas-${Math.random()}`);
  const auth = { check: async () => ACCOUNT } as unknown as KeyAuth;
  const app = createApp({ ...OPERATION_DEPS, clients, auth, kv, log: createLogger('test', 'silent'), usage: new UsageCache(async () => USAGE) });
  const served = await listenOnLoopback(app, clients);
  url = served.url;
  client = await connect();
  tools = (await client.listTools()).tools;
  await client.close();
  stop = served.close;
});
afterAll(async () => stop());

/** A client per use: an idle connection kept between tests could be closed by the server as it is reused. */
async function connect(): Promise<Client> {
  const c = new Client({ name: 'schemas', version: '1' });
  await c.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { authorization: 'Bearer svc_live_x' } } }));
  return c;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
const byName = (name: string) => tools.find((t) => t.name === name)!;

function resolve(schema: Record<string, any>, node: Record<string, any>): Record<string, any> {
  return typeof node.$ref === 'string' ? schema.$defs[node.$ref.replace('#/$defs/', '')] : node;
}

describe('tools/list', () => {
  it("shows each formula tool's line in both forms, with its bounds", () => {
    for (const name of ['check_formula', 'preservation_check', 'inci_label']) {
      const s = byName(name).inputSchema as Record<string, any>;
      const lines = s.properties.lines;
      expect(lines, name).toMatchObject({ type: 'array', minItems: 1, maxItems: 200 });
      const line = resolve(s, lines.items);
      const [plain, blend] = line.anyOf.map((f: Record<string, any>) => resolve(s, f));
      expect(plain.required, name).toEqual(['n', 'pct']);
      expect(plain.properties.pct).toMatchObject({ type: 'number', minimum: 0, maximum: 100 });
      expect(blend.required, name).toEqual(['pct', 'blend']);
      expect(blend.properties.blend.items.required).toEqual(['n', 'f']);
      expect(ajv.validate(s, { ...(name === 'check_formula' ? { base: 'classic', basePct: 90, ph: 5 } : { variant: 'classic', nbPct: 90 }), lines: [{ n: 'Glycerin', pct: 5 }, { pct: 5, blend: [{ n: 'A', f: 1 }] }] }), name).toBe(true);
      expect(ajv.validate(s, { ...(name === 'check_formula' ? { base: 'classic', basePct: 90, ph: 5 } : { variant: 'classic', nbPct: 90 }), lines: [{ n: 'Glycerin', pct: 5, blend: [] }] }), name).toBe(false);
    }
    const check = byName('check_formula').inputSchema as Record<string, any>;
    expect(check.properties.basePct).toMatchObject({ exclusiveMinimum: 0, maximum: 100 });
    expect(check.properties.ph).toMatchObject({ minimum: 0, maximum: 14 });
    expect(check.properties.base.enum).toEqual(['classic', 'luxe', 'clinical']);
    expect((byName('preservation_check').inputSchema as Record<string, any>).properties.nbPct).toMatchObject({ exclusiveMinimum: 0, maximum: 100 });
    expect((byName('search_ingredients').inputSchema as Record<string, any>).properties.q).toMatchObject({ type: 'string', minLength: 2, maxLength: 100 });
  });

  it('gives every tool an output schema: its answer, or the error envelope', () => {
    expect(tools.map((t) => t.name).sort()).toEqual(['account_status', 'check_formula', 'inci_label', 'preservation_check', 'search_ingredients', 'submit_ingredient', 'svc_knowledge', 'svc_primer']);
    for (const t of tools) {
      expect(t.outputSchema?.type, t.name).toBe('object');
      expect(() => ajv.compile(t.outputSchema!), t.name).not.toThrow();
    }
    const check = byName('check_formula').outputSchema as Record<string, any>;
    expect(check.$defs.CheckAnswer.properties.verdict.enum).toEqual(['compatible', 'compatible_verify', 'adjust']);
  });
});

describe('tools/call', () => {
  const call = async (name: string, args: Record<string, unknown>) => {
    client = await connect();
    try {
      return (await client.callTool({ name, arguments: args })) as CallToolResult;
    } finally {
      await client.close();
    }
  };
  const valid = (name: string, r: CallToolResult) => {
    const v = ajv.compile(byName(name).outputSchema!);
    return v(r.structuredContent) ? [] : v.errors;
  };

  it('answers with structuredContent that validates against the output schema', async () => {
    const knowledge = await call('svc_knowledge', { question: 'How are allergens labelled?' });
    expect(knowledge.isError).toBeFalsy();
    expect(valid('svc_knowledge', knowledge)).toEqual([]);
    expect((knowledge.structuredContent as { usage: unknown }).usage).toEqual(USAGE);
    const primer = await call('svc_primer', {});
    expect(valid('svc_primer', primer)).toEqual([]);
    // A refusal's structuredContent is the error envelope, which the schema also describes.
    const refused = await call('search_ingredients', { q: 'g' });
    expect(refused.isError).toBe(true);
    expect(valid('search_ingredients', refused)).toEqual([]);
  });

  it('answers malformed params with -32602 invalid params, naming the field', async () => {
    const res = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: { authorization: 'Bearer svc_live_x', 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'check_formula', arguments: 'base=classic' } }),
    });
    const body = (await res.json()) as { error: { code: number; message: string } };
    expect(body.error.code).toBe(-32602);
    expect(body.error.message).toMatch(/arguments/);
    expect((body.error as { data?: { field?: string } }).data?.field).toBe('params.arguments');
  });
});
