/**
 * The API reference (OpenAPI 3.1) generated from the operation table: paths, methods, summaries,
 * who may call them, and the input schemas the pipeline validates with, converted from zod. A route
 * and its documentation cannot drift apart, because both are the same entry.
 */
import { API_VERSION } from '@svc/kit';
import { z } from 'zod';
import type { Operation } from './operations/operation';

type JsonSchema = Record<string, unknown>;

const ERROR = {
  type: 'object',
  required: ['error', 'request_id'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', description: 'A stable code: invalid_request, unauthorized, protected_ip, quota_exhausted, rate_limited, seat_required, ...' },
        message: { type: 'string', description: 'What went wrong, naming the field where there is one.' },
        field: { type: 'string', description: 'The first field at fault, as a path such as lines[3].blend[1].f.' },
        tell_your_user: { type: 'string', description: 'With protected_ip: a sentence to show the end user.' },
      },
    },
    request_id: { type: ['string', 'null'] },
  },
} as const;

/** The schema as a caller writes it (before defaults and transforms); parts JSON Schema cannot say are left open. */
const inputSchema = (schema: z.ZodType): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

/** Express path syntax (`/mcp/*rest`) as an OpenAPI template (`/mcp/{rest}`). */
const pathOf = (p: string): string => p.replace(/\*(\w+)/g, '{$1}').replace(/:(\w+)/g, '{$1}');

function queryParameters(schema: JsonSchema): unknown[] {
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(props).map(([name, s]) => ({ name, in: 'query', required: required.has(name), schema: s }));
}

function operationObject(op: Operation): Record<string, unknown> {
  const keyed = op.policy.auth !== 'none';
  const o: Record<string, unknown> = {
    operationId: op.id,
    summary: op.summary,
    ...(op.tool ? { 'x-mcp-tool': op.tool } : {}),
    ...(op.policy.meter === 'formula' ? { 'x-consumes-runs': true } : {}),
    security: keyed ? [{ apiKey: [] }] : [],
    responses: {
      '200': { description: 'Success.' },
      ...(keyed ? { '401': { description: 'The key is missing, wrong, replaced, suspended or banned.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } } } : {}),
      '4XX': { description: 'The request cannot be answered as sent.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    },
  };
  if (op.input.from === 'body') o.requestBody = { required: true, content: { 'application/json': { schema: inputSchema(op.input.schema) } } };
  if (op.input.from === 'query') o.parameters = queryParameters(inputSchema(op.input.schema));
  return o;
}

export function openApiDocument(ops: readonly Operation[], baseUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of ops) {
    const entry = (paths[pathOf(op.path)] ??= {});
    const methods = op.method === 'ALL' ? ['get', 'post'] : [op.method.toLowerCase()];
    for (const m of methods) entry[m] = operationObject(op);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Formulation Envelope Service',
      version: API_VERSION,
      description: 'Ingredient search, the loading-envelope check, preservation guidance and the finished label for formulas on the chassis. Read GET /ai/primer first.',
    },
    servers: [{ url: baseUrl }],
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-svc-key' } },
      schemas: { Error: ERROR },
    },
    paths,
  };
}
