/**
 * The MCP tools, generated from the operation table: every operation with a `tool` name is one tool,
 * its input schema is the operation's own (as JSON Schema), and a call runs `runStages`, the same
 * stages as the REST route. This module only translates: arguments in, the Answer or the HttpError
 * out as a tool result (refusals are results with isError: true, never an HTTP error on /mcp).
 */
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '@svc/kit';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { ErrorSchema } from '../contract/answers';
import { standaloneObjectSchema } from '../contract/json-schema';
import type { AuthAccount } from '../context';
import { HttpError } from '../errors';
import { Q_MAX, Q_MIN } from '../operations/inputs';
import type { Answer, Operation } from '../operations/operation';
import { runStages, type PipelineDeps } from '../operations/pipeline';
import { METERING_UNAVAILABLE, UNKNOWN_KEY } from '../usage';

/** What a model needs beyond the operation's summary: when to call the tool, and what not to do. */
const GUIDANCE: Record<string, string> = {
  svc_primer: 'Call this first, once per conversation: it explains the service, the formulating rules, the workflow and the protected-information rules that every other tool follows. Needs no key.',
  svc_knowledge: 'Ask one plain question per call (3 to 500 characters). Quote the rule and its source to the user. Questions about the chassis\' composition, processing or equipment are refused.',
  search_ingredients: `Use before check_formula to find the exact INCI name of each ingredient. q is ${Q_MIN} to ${Q_MAX} characters.`,
  check_formula: 'Send the whole formula, with productType and product {area, spray, childrenUnder3, professional} to screen it for that product against the EU cosmetics annexes (market: eu, the default) or US law (market: us: 21 CFR 700.11 to 700.35 and the colour additives of 21 CFR 73, 74, 82). Apply the remedies it returns (regulatory ones cite ref and regulation) and check again until the verdict is compatible, or send repair: true to get the repaired formula in the same call. Consumes a run (see account_status).',
  submit_ingredient: 'Only for an ingredient that search_ingredients cannot find. Never put personal data in note.',
  preservation_check: 'Guidance by name and role only; it never returns amounts. Does not consume a run.',
  inci_label: 'Call once the formula checks compatible. The label never shows amounts. Consumes a run.',
  account_status: 'Shows the plan, the terms version and the runs used and left this month.',
};

type JsonObjectSchema = Tool['inputSchema'];

/** A text answer (the primer) is given to a model as `{primer: text}`. */
const TextAnswerSchema = z.object({ primer: z.string().describe('The primer, as Markdown.') });

/**
 * The output schema: the REST twin's answer (contract/answers.ts), or the error envelope, which is
 * a refusal's structuredContent. Both stand alone, with their shared parts in their own $defs.
 */
function outputSchema(op: Operation): JsonObjectSchema {
  const answer = 'json' in op.answer ? op.answer.json : 'text' in op.answer ? TextAnswerSchema : null;
  if (!answer) throw new Error(`the tool ${op.tool} has no JSON answer in the operation table`);
  // One schema with one set of $defs, so that a validator resolves both arms in the same document.
  return standaloneObjectSchema(z.union([answer, ErrorSchema]), 'output') as JsonObjectSchema;
}

export interface ToolEntry {
  op: Operation;
  tool: Tool;
}

/** The catalogue, built once at start: a table entry with a tool but no guidance fails the start. */
export function toolCatalogue(ops: readonly Operation[]): Map<string, ToolEntry> {
  const out = new Map<string, ToolEntry>();
  for (const op of ops) {
    if (!op.tool) continue;
    const guidance = GUIDANCE[op.tool];
    if (!guidance) throw new Error(`the tool ${op.tool} has no guidance (mcp/tools.ts)`);
    out.set(op.tool, {
      op,
      tool: {
        name: op.tool,
        title: op.summary.split(':')[0]?.split('.')[0] ?? op.tool,
        description: `${op.summary} ${guidance}`,
        inputSchema: standaloneObjectSchema(op.input.schema, 'input') as JsonObjectSchema,
        outputSchema: outputSchema(op),
        annotations: { readOnlyHint: op.id !== 'submit_ingredient', openWorldHint: false },
      },
    });
  }
  return out;
}

/** One tool call's transport facts: the request that carried it and the credential it presented. */
export interface ToolCall {
  req: Request;
  res: Response;
  key: string | undefined;
  account?: AuthAccount;
}

function resultOf(answer: Answer): CallToolResult {
  if (answer.kind === 'text') return { content: [{ type: 'text', text: answer.body }], structuredContent: { primer: answer.body } };
  return { content: [{ type: 'text', text: JSON.stringify(answer.body) }], structuredContent: answer.body };
}

export function errorResult(e: HttpError, requestId: string): CallToolResult {
  const body = { error: { code: e.code, message: e.message, ...e.extra }, request_id: requestId, ...(e.usage === undefined ? {} : { usage: e.usage }) };
  return { isError: true, content: [{ type: 'text', text: `${e.status} ${e.code}: ${e.message}\n${JSON.stringify(body)}` }], structuredContent: body };
}

export async function callTool(entry: ToolEntry, args: Record<string, unknown> | undefined, call: ToolCall, d: PipelineDeps, log: Logger): Promise<CallToolResult> {
  try {
    const answer = await runStages(entry.op, d, { channel: 'mcp', req: call.req, res: call.res, key: call.key, ...(call.account ? { account: call.account } : {}), rawInput: async () => args ?? {} });
    return resultOf(answer);
  } catch (err) {
    if (err instanceof HttpError) {
      // A refusal given with a credential carries the usage too, as on REST.
      const a = call.req.account;
      err.usage = a ? await d.usage.forAnswer(a.id, call.req.endUser ?? '', call.req.id).catch(() => METERING_UNAVAILABLE) : call.key ? (err.status === 503 ? METERING_UNAVAILABLE : UNKNOWN_KEY) : undefined;
      return errorResult(err, call.req.id);
    }
    log.error({ err, requestId: call.req.id, tool: entry.tool.name }, 'unhandled error in a tool call');
    return errorResult(new HttpError(500, 'internal_error', 'internal error'), call.req.id);
  }
}
