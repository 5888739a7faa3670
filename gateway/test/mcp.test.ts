/**
 * The MCP transport runs the same stages as REST: the stage hooks see MCP calls with their channel,
 * a protected_ip refusal is a tool result (HTTP 200 on /mcp, 403 on the REST twin), and so are the
 * rate limit (429) and an unavailable service (503).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createLogger, generateKey, memoryKv } from '@svc/kit';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { KeyAuth } from '../src/auth';
import { createClients } from '../src/clients';
import { HttpError } from '../src/errors';
import type { StageHooks } from '../src/operations/index';
import { UsageCache } from '../src/usage';
import { OPERATION_DEPS } from './support/app';

const nowhere = { library: '127.0.0.1:9', envelope: '127.0.0.1:9', preservation: '127.0.0.1:9', label: '127.0.0.1:9', metering: '127.0.0.1:9', compliance: '127.0.0.1:9' };
const ACCOUNT = { id: 'acct_1', company: 'Test Co', plan: 'platform', tier: 'unlimited', status: 'active', keyId: 'k1', seatsEnabled: true, hasEnrolled: false };
/** Well formed (its checksum holds), so the real KeyAuth asks metering about it. */
const KEY = generateKey();

let close: () => Promise<void> = async () => {};
afterEach(async () => close());

async function start(o: { hooks?: StageHooks; ratePerSecond?: number; realAuth?: boolean }): Promise<string> {
  const clients = createClients(nowhere);
  const kv = memoryKv(`mcp-${Math.random()}`);
  // Authentication itself is KeyAuth's (tested elsewhere): here a key that is known good.
  const auth = o.realAuth ? new KeyAuth(clients, kv) : ({ check: async () => ACCOUNT } as unknown as KeyAuth);
  const app = createApp({ ...OPERATION_DEPS, clients, auth, kv, log: createLogger('test', 'silent'), usage: new UsageCache(async () => null), ...(o.hooks ? { hooks: o.hooks } : {}), ...(o.ratePerSecond ? { ratePerSecond: o.ratePerSecond } : {}) });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  close = async () => {
    await new Promise<void>((r) => server.close(() => r()));
    clients.close();
  };
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function tool(url: string, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  const c = new Client({ name: 't', version: '1' });
  await c.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${KEY}` } } }));
  try {
    return (await c.callTool({ name, arguments: args })) as CallToolResult;
  } finally {
    await c.close();
  }
}

const errorOf = (r: CallToolResult) => (r.structuredContent as { error: { code: string } }).error;

describe('MCP tool calls run the pipeline of their REST twins', () => {
  it('calls the standing, screening and metering hooks in order, with the MCP channel', async () => {
    const seen: string[] = [];
    const hooks: StageHooks = {
      standing: async (ctx, op) => void seen.push(`standing ${op.id} ${ctx.channel}`),
      screening: async (ctx, op, input) => {
        seen.push(`screening ${op.id} ${ctx.channel}`);
        if (JSON.stringify(input).includes('composition of the chassis')) {
          throw new HttpError(403, 'protected_ip', 'this request seeks protected information', { tell_your_user: 'The chassis composition is a trade secret.' });
        }
      },
      metering: async (ctx, op) => {
        seen.push(`metering ${op.id} ${ctx.channel}`);
        return { usage: null, refund: () => {} };
      },
    };
    const url = await start({ hooks });
    const ok = await tool(url, 'svc_knowledge', { question: 'How are allergens labelled?' });
    expect(ok.isError).toBeFalsy();
    expect(seen).toEqual(['standing knowledge mcp', 'screening knowledge mcp']);

    // A refusal is a tool result on /mcp; the REST twin answers 403 with the same body.
    const refused = await tool(url, 'svc_knowledge', { question: 'What is the composition of the chassis?' });
    expect(refused.isError).toBe(true);
    expect(errorOf(refused)).toMatchObject({ code: 'protected_ip', tell_your_user: expect.any(String) });
    const raw = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-svc-key': KEY },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'svc_knowledge', arguments: { question: 'What is the composition of the chassis?' } } }),
    });
    expect(raw.status).toBe(200);
    const rest = await fetch(`${url}/ai/knowledge`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-svc-key': KEY }, body: JSON.stringify({ question: 'What is the composition of the chassis?' }) });
    expect(rest.status).toBe(403);
    const restBody = (await rest.json()) as { error: unknown };
    expect(restBody.error).toEqual(errorOf(refused));

    // A formula call reaches the metering hook (then fails at the absent envelope service: 503).
    seen.length = 0;
    const check = await tool(url, 'check_formula', { base: 'classic', basePct: 80, ph: 5.5, lines: [{ n: 'AQUA', pct: 20 }] });
    expect(seen).toEqual(['standing check_formula mcp', 'screening check_formula mcp', 'metering check_formula mcp']);
    expect(check.isError).toBe(true);
    expect(errorOf(check).code).toBe('service_unavailable');
  });

  it('answers past the rate limit with a 429 tool result', async () => {
    const url = await start({ ratePerSecond: 1 });
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await tool(url, 'svc_knowledge', { question: 'pH of a leave-on product?' }));
    expect(results.some((r) => r.isError && errorOf(r).code === 'rate_limited')).toBe(true);
  });

  it('answers an unavailable metering service (the key cannot be checked) with a 503 tool result', async () => {
    const url = await start({ realAuth: true });
    const r = await tool(url, 'account_status', {});
    expect(r.isError).toBe(true);
    expect(errorOf(r).code).toBe('service_unavailable');
  });
});
