import { describe, expect, it } from 'vitest';
import { TtlCache } from '../src/cache';
import { openApiDocument } from '../src/openapi';
import { operations } from '../src/operations/index';
import { Contract } from '../../test/support/contract';

const ops = operations({ searches: new TtlCache(1_000, 10), libraryMeta: async () => null });
const doc = openApiDocument(ops, 'https://api.example.test') as { openapi: string; paths: Record<string, Record<string, any>>; components: any };

describe('the API reference', () => {
  it('has every operation of the table, under its id, with its method and path', () => {
    const documented = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    for (const op of ops) expect(documented, op.id).toContain(op.id);
    expect(doc.paths['/check']?.post?.operationId).toBe('check_formula');
    expect(doc.paths['/lib/search']?.get?.operationId).toBe('search_ingredients');
  });

  it('asks for the key exactly where the pipeline does', () => {
    for (const op of ops) {
      const o = Object.values(doc.paths).flatMap((p) => Object.values(p)).find((x) => x.operationId === op.id);
      expect(o.security, op.id).toEqual(op.policy.auth === 'none' ? [] : [{ apiKey: [] }]);
    }
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-svc-key' });
  });

  it('documents bodies and query parameters from the schemas the pipeline validates with', () => {
    const check = doc.paths['/check']!.post.requestBody.content['application/json'].schema;
    expect(check.type).toBe('object');
    expect(check.required).toEqual(expect.arrayContaining(['base', 'basePct', 'ph', 'lines']));
    expect(check.additionalProperties).toBe(false);
    expect(check.properties.base.enum).toEqual(['classic', 'luxe', 'clinical']);
    expect(doc.paths['/lib/search']!.get.parameters.filter((p: { in?: string }) => p.in === 'query').map((p: { name: string }) => p.name)).toEqual(['q']);
    expect(doc.paths['/check']!.post['x-consumes-runs']).toBe(true);
    expect(doc.paths['/ai/preservation']!.post['x-consumes-runs']).toBeUndefined();
  });

  it('is JSON, with the interface version', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
    expect((doc as unknown as { info: { version: string } }).info.version).toBe('2026-10-05');
  });
});

describe('the API reference, checked by a maintained OpenAPI validator', () => {
  it('is valid OpenAPI 3.1', async () => {
    const { Validator } = await import('@seriousme/openapi-schema-validator');
    const v = new Validator();
    const res = await v.validate(structuredClone(doc));
    expect(res.errors ?? []).toEqual([]);
    expect(res.valid).toBe(true);
  });

  it('has one operation id per operation, and every path parameter declared', () => {
    const ids = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    const mcp = doc.paths['/mcp/{rest}']!.post;
    expect(mcp.parameters).toContainEqual(expect.objectContaining({ name: 'rest', in: 'path', required: true }));
    // Stateless MCP answers GET with 405: the reference documents only what it serves.
    expect(doc.paths['/mcp']!.get).toBeUndefined();
  });

  it('describes q with its bounds and a line in both its forms', () => {
    const q = doc.paths['/lib/search']!.get.parameters.find((p: { name: string }) => p.name === 'q');
    expect(q).toMatchObject({ in: 'query', required: true, schema: { type: 'string', minLength: 2, maxLength: 100 } });
    const lines = doc.paths['/check']!.post.requestBody.content['application/json'].schema.properties.lines;
    expect(lines).toMatchObject({ type: 'array', minItems: 1, maxItems: 200, items: { $ref: '#/components/schemas/Line' } });
    expect(doc.components.schemas.Line.anyOf).toEqual([{ $ref: '#/components/schemas/PlainLine' }, { $ref: '#/components/schemas/BlendLine' }]);
    expect(doc.components.schemas.PlainLine.required).toEqual(['n', 'pct']);
    expect(doc.components.schemas.BlendLine.properties.blend.items.required).toEqual(['n', 'f']);
    expect(doc.paths['/check']!.post.requestBody.content['application/json'].schema.properties.basePct).toMatchObject({ exclusiveMinimum: 0, maximum: 100 });
    expect(doc.paths['/ai/preservation']!.post.requestBody.content['application/json'].schema.properties.nbPct).toMatchObject({ exclusiveMinimum: 0, maximum: 100 });
  });

  it('gives every JSON answer its schema, the shared parts as components, and every refusal its codes', () => {
    const check = doc.paths['/check']!.post;
    expect(check.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/CheckAnswer' });
    expect(doc.components.schemas.CheckAnswer.properties.verdict.enum).toEqual(['compatible', 'compatible_verify', 'adjust']);
    expect(doc.components.schemas.CheckAnswer.properties.usage).toEqual({ $ref: '#/components/schemas/Usage' });
    expect(check.responses['429']['x-error-codes']).toEqual(['quota_exhausted', 'rate_limited']);
    expect(check.responses['403']['x-error-codes']).toEqual(['protected_ip', 'seat_required']);
    for (const op of ops) {
      const o = Object.values(doc.paths).flatMap((p) => Object.values(p)).find((x) => x.operationId === op.id);
      if ('json' in op.answer) expect(o.responses[String(op.answer.statuses?.[0] ?? 200)].content['application/json'].schema, op.id).toBeDefined();
      for (const [status, r] of Object.entries(o.responses as Record<string, any>)) {
        expect(r.headers['x-request-id'], `${op.id} ${status}`).toEqual({ $ref: '#/components/headers/RequestId' });
        if (Number(status) >= 400 && !('other' in op.answer)) expect(r.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
      }
    }
    for (const name of ['x-svc-user', 'svc-version', 'Idempotency-Key', 'x-request-id']) {
      expect(Object.values(doc.components.parameters as Record<string, { name: string }>).map((p) => p.name)).toContain(name);
    }
    expect(Object.keys(doc.paths['/check']!.post.responses['429'].headers)).toEqual(expect.arrayContaining(['Retry-After', 'RateLimit', 'RateLimit-Policy']));
  });

  it('has one worked example per keyed operation, and each matches its own schemas', () => {
    const contract = new Contract(doc);
    for (const op of ops) {
      if (!('json' in op.answer) || op.id === 'api_reference') continue;
      expect(op.example?.answer, op.id).toBeDefined();
      const o = Object.values(doc.paths).flatMap((p) => Object.values(p)).find((x) => x.operationId === op.id);
      const media = o.responses[String(op.answer.statuses?.[0] ?? 200)].content['application/json'];
      expect(media.example, op.id).toEqual(op.example!.answer);
      const v = contract.validator(media.schema);
      expect(v(media.example) ? [] : v.errors, op.id).toEqual([]);
      if (op.input.from === 'body') {
        const body = o.requestBody.content['application/json'];
        const vb = contract.validator(body.schema);
        expect(vb(body.example) ? [] : vb.errors, op.id).toEqual([]);
        expect(op.input.schema.safeParse(body.example).success, op.id).toBe(true);
      }
    }
  });
});

describe('the response check of the end-to-end suites (test/support/contract.ts)', () => {
  const contract = new Contract(doc);
  const headers = (h: Record<string, string>) => new Headers({ 'x-request-id': 'req_1', 'svc-version': '2026-10-05', 'content-type': 'application/json; charset=utf-8', ...h });
  const check = (status: number, body: unknown, h: Record<string, string> = {}, method = 'POST', path = '/check') =>
    contract.problems({ method, path, status, headers: headers(h), body: JSON.stringify(body) });

  it('passes a documented answer and refusal', () => {
    expect(check(200, (ops.find((o) => o.id === 'check_formula')!.example as { answer: unknown }).answer)).toEqual([]);
    expect(check(400, { error: { code: 'invalid_request', message: 'lines: is required', field: 'lines' }, request_id: 'req_1' })).toEqual([]);
  });

  it('fails an answer the reference does not describe', () => {
    const { verdict: _v, ...noVerdict } = (ops.find((o) => o.id === 'check_formula')!.example as { answer: Record<string, unknown> }).answer;
    expect(check(200, noVerdict).join()).toMatch(/verdict/);
    expect(check(200, { ...noVerdict, verdict: 'maybe' }).join()).toMatch(/enum|allowed/);
    expect(check(418, {}).join()).toMatch(/not documented/);
    expect(check(400, { message: 'no envelope' }).join()).toMatch(/error/);
    expect(check(405, { error: { code: 'method_not_allowed', message: 'x' }, request_id: 'r' }, {}, 'DELETE', '/check').join()).toMatch(/Allow/);
    expect(check(200, {}, {}, 'GET', '/not/documented').join()).toMatch(/no such operation/);
    expect(check(200, { status: 'ok' }, { 'content-type': 'text/plain' }, 'GET', '/healthz').join()).toMatch(/content-type/);
    expect(contract.problems({ method: 'GET', path: '/healthz', status: 200, headers: new Headers({ 'content-type': 'application/json' }), body: '{"status":"ok"}' }).join()).toMatch(/x-request-id is missing/);
  });
});
