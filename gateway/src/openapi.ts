/**
 * The API reference (OpenAPI 3.1) generated from the operation table: paths, methods, summaries,
 * who may call them, the input schemas the pipeline validates with (through their documented twins),
 * the answer schemas of contract/answers.ts, every refusal by status and code, every header, and one
 * worked example per operation. A route and its documentation cannot drift apart, because both are
 * the same entry; the end-to-end suites hold every response they receive to this document.
 */
import { API_VERSION } from '@svc/kit';
import { ErrorSchema } from './contract/answers';
import { componentSchema, type JsonSchema } from './contract/json-schema';
import { refusalsOf, STATUS_TEXT } from './contract/refusals';
import type { Operation } from './operations/operation';

/** Express path syntax (`/mcp/*key`, `:id`) as an OpenAPI template (`/mcp/{key}`). */
export const pathOf = (p: string): string => p.replace(/\*(\w+)/g, '{$1}').replace(/:(\w+)/g, '{$1}');

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

const PARAMETERS = {
  SvcUser: {
    name: 'x-svc-user',
    in: 'header',
    required: false,
    description: 'A stable pseudonymous end-user id (never an e-mail address or other personal data): required on formula calls of enrolled seats; on Lab, Scale and Platform it isolates protected-information strikes to that end user.',
    schema: { type: 'string', minLength: 1, maxLength: 128 },
  },
  SvcVersion: {
    name: 'svc-version',
    in: 'header',
    required: false,
    description: `Pins the interface version; the only version served is ${API_VERSION}. Another value is refused (400 unsupported_version).`,
    schema: { type: 'string', enum: [API_VERSION] },
  },
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description: 'Makes a retry safe: a repeat with the same key and body within 24 h replays the first answer (neither metered nor run again). 1 to 255 visible ASCII characters.',
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
  },
  RequestId: {
    name: 'x-request-id',
    in: 'header',
    required: false,
    description: 'Your id for this request (8 to 128 of A-Z a-z 0-9 . _ : -), echoed back and written to our logs; one is made when absent.',
    schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{8,128}$' },
  },
};

const HEADERS = {
  RequestId: { description: 'The id of this request (yours when you sent a sane one): quote it to support.', required: true, schema: { type: 'string' } },
  SvcVersion: { description: 'The interface version that answered.', required: true, schema: { type: 'string', enum: [API_VERSION] } },
  RetryAfter: { description: 'Seconds to wait before retrying.', schema: { type: 'string', pattern: '^[0-9]+$' } },
  RateLimit: { description: 'The requests left in the current window and the seconds until it refills (IETF RateLimit header fields).', schema: { type: 'string' } },
  RateLimitPolicy: { description: 'The rate-limit policy: q requests per window of w seconds.', schema: { type: 'string' } },
  IdempotentReplayed: { description: '"true" when this answer is the replay of an earlier request with the same Idempotency-Key.', schema: { type: 'string', enum: ['true'] } },
  CacheControl: { description: 'Keyed answers are never stored: no-store.', schema: { type: 'string' } },
  StandingReset: { description: "On the first answer after an operator lifted this key's or end user's suspension or strikes: when it was reset (ISO 8601).", schema: { type: 'string', format: 'date-time' } },
  Traceparent: { description: 'The W3C trace context of this request, when the service traces it (quote it with x-request-id).', schema: { type: 'string', pattern: '^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$' } },
};

type HeaderName = keyof typeof HEADERS;
const headers = (...names: HeaderName[]) => Object.fromEntries(names.map((n) => [HEADERS_AS[n], ref('headers', n)]));
const HEADERS_AS: Record<HeaderName, string> = {
  RequestId: 'x-request-id',
  SvcVersion: 'svc-version',
  RetryAfter: 'Retry-After',
  RateLimit: 'RateLimit',
  RateLimitPolicy: 'RateLimit-Policy',
  IdempotentReplayed: 'Idempotent-Replayed',
  CacheControl: 'Cache-Control',
  StandingReset: 'Standing-Reset',
  Traceparent: 'traceparent',
};

function successResponses(op: Operation, defs: Record<string, JsonSchema>): Record<string, unknown> {
  const keyed = op.policy.auth !== 'none';
  const common: HeaderName[] = ['RequestId', 'SvcVersion', 'Traceparent', ...(keyed ? (['RateLimit', 'RateLimitPolicy', 'CacheControl', 'StandingReset'] as const) : [])];
  const a = op.answer;
  if ('text' in a) {
    return { '200': { description: a.text.description, headers: headers(...common), content: { [a.text.type]: { schema: { type: 'string' } } } } };
  }
  if ('other' in a) return { default: { description: a.other, headers: headers(...common) } };
  const schema = componentSchema(a.json, 'output', defs);
  const post = keyed && op.method === 'POST';
  const out: Record<string, unknown> = {};
  for (const status of a.statuses ?? [200]) {
    out[String(status)] = {
      description: status === 201 ? 'Created.' : 'The answer.',
      headers: headers(...common, ...(post ? (['IdempotentReplayed'] as const) : [])),
      content: { 'application/json': { schema, ...(op.example?.answer === undefined || status !== (a.statuses ?? [200])[0] ? {} : { example: op.example.answer }) } },
    };
  }
  return out;
}

function errorResponses(op: Operation, defs: Record<string, JsonSchema>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const a = op.answer;
  // Another transport answers in its own words: only the refusals its entry names are listed, in
  // the envelope or that transport's own error body; anything else is its `default` answer.
  const other = 'other' in a;
  const schema = other && a.errorBody ? { anyOf: [ref('schemas', 'Error'), componentSchema(a.errorBody, 'output', defs)] } : ref('schemas', 'Error');
  const refusals = other ? new Map(Object.entries(op.errors ?? {}).map(([s, c]) => [Number(s), new Set(c)])) : refusalsOf(op);
  for (const [status, codes] of [...refusals].sort(([x], [y]) => x - y)) {
    const list = [...codes].sort();
    const retry = status === 429 || status === 503 || status === 409 || (status === 401 && codes.has('key_suspended'));
    out[String(status)] = {
      description: `${STATUS_TEXT[status] ?? 'Refused.'} Codes: ${list.join(', ')}.`,
      'x-error-codes': list,
      headers: headers('RequestId', 'SvcVersion', 'Traceparent', ...(retry ? (['RetryAfter'] as const) : []), ...(status === 429 && codes.has('rate_limited') ? (['RateLimit', 'RateLimitPolicy'] as const) : [])),
      content: { 'application/json': { schema } },
    };
  }
  return out;
}

function operationObject(op: Operation, path: string, defs: Record<string, JsonSchema>): Record<string, unknown> {
  const keyed = op.policy.auth !== 'none';
  const parameters: unknown[] = [ref('parameters', 'SvcVersion'), ref('parameters', 'RequestId')];
  if (keyed) parameters.push(ref('parameters', 'SvcUser'));
  if (keyed && op.method === 'POST') parameters.push(ref('parameters', 'IdempotencyKey'));
  for (const name of path.match(/\{(\w+)\}/g) ?? []) {
    const p = name.slice(1, -1);
    parameters.push({ name: p, in: 'path', required: true, description: 'The API key, in place of a header (an address holding it is a secret).', schema: { type: 'string' } });
  }
  const o: Record<string, unknown> = {
    operationId: op.id,
    summary: op.summary.split(/[.:]\s/)[0],
    description: op.summary,
    ...(op.tool ? { 'x-mcp-tool': op.tool } : {}),
    ...(op.policy.meter === 'formula' ? { 'x-consumes-runs': true } : {}),
    security: keyed ? [{ apiKey: [] }] : [],
    parameters,
    responses: { ...successResponses(op, defs), ...errorResponses(op, defs) },
  };
  if (op.input.from === 'body') {
    const schema = componentSchema(op.input.schema, 'input', defs);
    o.requestBody = { required: true, content: { 'application/json': { schema, ...(op.example?.input === undefined ? {} : { example: op.example.input }) } } };
  }
  if (op.input.from === 'query') {
    const schema = componentSchema(op.input.schema, 'input', defs);
    const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema.required ?? []) as string[]);
    const example = (op.example?.input ?? {}) as Record<string, unknown>;
    for (const [name, s] of Object.entries(props)) {
      const { description, ...rest } = s;
      parameters.push({ name, in: 'query', required: required.has(name), ...(description ? { description } : {}), schema: rest, ...(name in example ? { example: example[name] } : {}) });
    }
  }
  return o;
}

/** The methods each path answers (for Allow on a 405, and for the reference). */
export function methodsByPath(ops: readonly Operation[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const op of ops) {
    const list = out.get(op.path) ?? [];
    list.push(...(op.method === 'ALL' ? ['POST'] : op.method === 'GET' ? ['GET', 'HEAD'] : [op.method]));
    out.set(op.path, list);
  }
  return out;
}

export function openApiDocument(ops: readonly Operation[], baseUrl: string): Record<string, unknown> {
  const defs: Record<string, JsonSchema> = {};
  // Written first so that the error envelope and the usage object are the shared components.
  componentSchema(ErrorSchema, 'output', defs);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of ops) {
    const path = pathOf(op.path);
    const entry = (paths[path] ??= {});
    // An address for every method (the MCP server) is documented by the one method it serves.
    const method = op.method === 'ALL' ? 'post' : op.method.toLowerCase();
    entry[method] = operationObject(op, path, defs);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Formulation Envelope Service',
      version: API_VERSION,
      description:
        'Ingredient search, the loading-envelope check, preservation guidance and the finished label for formulas on the chassis. Read GET /ai/primer first. ' +
        'Every answer given with a key, refusals included, carries `usage` (the month\'s runs and the open run); where the meter cannot be read it says why (`unavailable`).',
    },
    servers: [{ url: baseUrl }],
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-svc-key', description: 'Your API key. Send it once: two x-svc-key headers are refused.' } },
      schemas: Object.fromEntries(Object.entries(defs).sort(([a], [b]) => a.localeCompare(b))),
      parameters: PARAMETERS,
      headers: HEADERS,
    },
    paths,
  };
}
