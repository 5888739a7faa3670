/**
 * The hot path of the MCP server: one `tools/call` POSTed with a JSON answer wanted. It is answered
 * without building an SDK server and transport for the request (which converts the Node request
 * to a web Request and back, and costs twice a REST call); the message is still validated with the
 * SDK's own schema. Anything else (initialize, tools/list, notifications, batches, event streams,
 * unknown tools, a header the transport would refuse) goes to the SDK, which answers it in full.
 * test/e2e.mcp.test.ts holds both paths to the same results.
 */
import { CallToolRequestSchema, SUPPORTED_PROTOCOL_VERSIONS, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Request } from 'express';

export interface FastCall {
  id: string | number;
  name: string;
  args: Record<string, unknown> | undefined;
}

const JSON_TYPE = /^application\/json\b/i;

/** The tools/call this request carries, when the fast path may answer it; null otherwise. */
export function fastCallOf(req: Request, body: unknown, wantsJson: boolean, knownTool: (name: string) => boolean): FastCall | null {
  if (!wantsJson || typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const accept = req.headers.accept ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) return null;
  if (!JSON_TYPE.test(req.headers['content-type'] ?? '')) return null;
  const version = req.headers['mcp-protocol-version'];
  if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(String(version))) return null;
  const msg = body as { jsonrpc?: unknown; id?: unknown; method?: unknown };
  if (msg.jsonrpc !== '2.0' || msg.method !== 'tools/call' || (typeof msg.id !== 'string' && typeof msg.id !== 'number')) return null;
  const parsed = CallToolRequestSchema.safeParse(body);
  if (!parsed.success || !knownTool(parsed.data.params.name)) return null;
  return { id: msg.id, name: parsed.data.params.name, args: parsed.data.params.arguments };
}

/** The JSON-RPC answer, as the SDK's transport writes it in JSON mode. */
export const fastAnswer = (id: string | number, result: CallToolResult): string => JSON.stringify({ result, jsonrpc: '2.0', id });
