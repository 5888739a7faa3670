/**
 * The MCP server at /mcp and /mcp/<key>: Streamable HTTP, stateless (a server and a transport per
 * POST, no session), JSON answers unless the client prefers an event stream. It checks Host and
 * Origin (DNS rebinding), finds the credential, and hands each tool call to mcp/tools.ts, which runs
 * the operation's pipeline. Nothing here decides an answer.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { API_VERSION, type Logger } from '@svc/kit';
import type { Request, RequestHandler, Response } from 'express';
import type { AuthAccount } from '../context';
import { HttpError, sendError } from '../errors';
import type { Operation } from '../operations/operation';
import { writeJson, type PipelineDeps } from '../operations/pipeline';
import { credentialOf } from './credentials';
import { fastAnswer, fastCallOf } from './fast-call';
import { callTool, toolCatalogue } from './tools';

/** OAuth access tokens, as the MCP server needs them (mcp/oauth wires the real one). */
export interface AccessTokens {
  /** Whether a bearer value has the shape of an access token (else it is taken as an API key). */
  recognises(token: string): boolean;
  /** The account of a valid, unexpired token bound to this resource; null otherwise. */
  accountOf(token: string, req: Request): Promise<AuthAccount | null>;
  /** The protected resource metadata address, for WWW-Authenticate. */
  metadataUrl(): string;
}

export interface McpDeps {
  pipeline: PipelineDeps;
  log: Logger;
  ops: readonly Operation[];
  /** Host names (without port) besides loopback that may address this server: the public address'. */
  allowedHosts: () => readonly string[];
  tokens?: AccessTokens;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

const INSTRUCTIONS =
  'Formulation Envelope Service: checks cosmetic formulas against the chassis loading envelope. Call svc_primer first and follow its rules. ' +
  'A refusal is a tool result with isError: true and a structured error; a protected_ip refusal must be shown to the user as it is, never retried or rephrased.';

const hostnameOf = (hostHeader: string): string => {
  try {
    return new URL(`http://${hostHeader}`).hostname.toLowerCase();
  } catch {
    return '';
  }
};

/** Whether the client asked for an event stream before JSON (SDK clients list JSON first). */
const prefersStream = (accept: string | undefined): boolean => {
  const types = (accept ?? '').split(',').map((t) => t.split(';')[0]?.trim().toLowerCase());
  const s = types.indexOf('text/event-stream');
  const j = types.indexOf('application/json');
  return s !== -1 && (j === -1 || s < j);
};

/** A response whose headers may already be out (event stream): late rate-limit headers are dropped, not thrown. */
function lateHeaderSafe(res: Response): Response {
  return new Proxy(res, {
    get(target, prop, receiver) {
      if (prop === 'setHeader') return (name: string, value: string) => (target.headersSent ? target : target.setHeader(name, value));
      const v: unknown = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

/** A single tools/call whose params do not parse: the field at fault and what it must be; null otherwise. */
export function invalidToolCallParams(body: unknown): { id: string | number; field: string; message: string } | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const msg = body as { jsonrpc?: unknown; id?: unknown; method?: unknown };
  if (msg.jsonrpc !== '2.0' || msg.method !== 'tools/call' || (typeof msg.id !== 'string' && typeof msg.id !== 'number')) return null;
  const parsed = CallToolRequestSchema.safeParse(body);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  const field = (issue?.path ?? []).join('.') || 'params';
  const what = field === 'params.arguments' ? 'must be an object of the tool\'s arguments' : field === 'params.name' ? 'must be the name of a tool (see tools/list)' : (issue?.message ?? 'is not valid');
  return { id: msg.id, field, message: `invalid params: ${field} ${what}` };
}

export function mcpHandler(d: McpDeps): RequestHandler {
  const catalogue = toolCatalogue(d.ops);
  const tools = [...catalogue.values()].map((e) => e.tool);
  const hostAllowed = (name: string) => LOOPBACK.has(name) || d.allowedHosts().includes(name);

  async function serve(req: Request, res: Response): Promise<void> {
    // An address holding a key is a secret: nothing may keep it or pass it on.
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    // DNS rebinding: a page on another site must not reach this server through a name it controls.
    if (!hostAllowed(hostnameOf(req.headers.host ?? ''))) throw new HttpError(421, 'host_not_allowed', 'this server does not answer for that Host', { field: 'host' });
    const origin = req.headers.origin;
    if (origin !== undefined && !(URL.canParse(origin) && hostAllowed(new URL(origin).hostname.toLowerCase()))) {
      throw new HttpError(400, 'origin_not_allowed', 'requests from this Origin are not accepted', { field: 'origin' });
    }
    // Stateless: no session to resume or end, so no stream to open with GET and nothing to DELETE.
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      throw new HttpError(405, 'method_not_allowed', 'this MCP server is stateless: send JSON-RPC messages with POST');
    }
    const cred = credentialOf(req, (t) => d.tokens?.recognises(t) ?? false);
    let account: AuthAccount | undefined;
    const challenge = (error?: string) => {
      const meta = d.tokens ? ` resource_metadata="${d.tokens.metadataUrl()}"` : '';
      res.setHeader('WWW-Authenticate', `Bearer${error ? ` error="${error}",` : ''}${meta}`.replace(/,$/, ''));
    };
    if (cred.kind === 'none') {
      // No credential: the MCP authorization flow starts here (clients read the metadata address).
      challenge();
      throw new HttpError(401, 'unauthorized', 'send your API key (Authorization: Bearer, x-svc-key or the /mcp/<key> address), or sign in with OAuth', { field: 'authorization' });
    }
    if (cred.kind === 'bearer') {
      account = (await d.tokens?.accountOf(cred.token, req)) ?? undefined;
      if (!account) {
        // An expired or revoked token is refused at the HTTP level, so the client refreshes it.
        challenge('invalid_token');
        throw new HttpError(401, 'invalid_token', 'the access token is not valid or has expired; refresh it or sign in again', { field: 'authorization' });
      }
    }
    const key = cred.kind === 'key' ? cred.key : undefined;
    const body = await new Promise<unknown>((resolve, reject) => d.pipeline.readJson(req, res, (err?: unknown) => (err ? reject(err) : resolve(req.body))));
    const wantsJson = !prefersStream(req.headers.accept);
    const resForStages = lateHeaderSafe(res);
    const call = { req, res: resForStages, key, ...(account ? { account } : {}) };

    // The SDK would answer params it cannot parse with -32603 (internal error): they are the caller's to fix.
    const badParams = invalidToolCallParams(body);
    if (badParams) {
      writeJson(res, 200, JSON.stringify({ jsonrpc: '2.0', id: badParams.id, error: { code: ErrorCode.InvalidParams, message: badParams.message, data: { field: badParams.field } } }));
      return;
    }
    const fast = fastCallOf(req, body, wantsJson, (name) => catalogue.has(name));
    if (fast) {
      const result = await callTool(catalogue.get(fast.name)!, fast.args, call, d.pipeline, d.log);
      writeJson(res, 200, fastAnswer(fast.id, result));
      return;
    }

    const server = new Server({ name: 'formulation-envelope', title: 'Formulation Envelope Service', version: API_VERSION }, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
    server.setRequestHandler(CallToolRequestSchema, async (r) => {
      const entry = catalogue.get(r.params.name);
      if (!entry) throw new McpError(ErrorCode.InvalidParams, `unknown tool: ${r.params.name.slice(0, 64)}; call tools/list for the tools`);
      return callTool(entry, r.params.arguments, call, d.pipeline, d.log);
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: wantsJson });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  return (req, res, next) => {
    serve(req, res).catch((err: unknown) => {
      if (res.headersSent) return d.log.warn({ requestId: req.id, err: (err as Error).message }, 'mcp request failed after its answer began');
      if (err instanceof HttpError) return sendError(req, res, err);
      next(err);
    });
  };
}
