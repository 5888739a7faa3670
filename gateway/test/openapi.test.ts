import { describe, expect, it } from 'vitest';
import { TtlCache } from '../src/cache';
import { openApiDocument } from '../src/openapi';
import { operations } from '../src/operations/index';

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
    expect(doc.components.securitySchemes.apiKey).toEqual({ type: 'apiKey', in: 'header', name: 'x-svc-key' });
  });

  it('documents bodies and query parameters from the schemas the pipeline validates with', () => {
    const check = doc.paths['/check']!.post.requestBody.content['application/json'].schema;
    expect(check.type).toBe('object');
    expect(check.required).toEqual(expect.arrayContaining(['base', 'basePct', 'ph', 'lines']));
    expect(check.additionalProperties).toBe(false);
    expect(check.properties.base.enum).toEqual(['classic', 'luxe', 'clinical']);
    expect(doc.paths['/lib/search']!.get.parameters.map((p: { name: string }) => p.name)).toEqual(['q']);
    expect(doc.paths['/check']!.post['x-consumes-runs']).toBe(true);
    expect(doc.paths['/ai/preservation']!.post['x-consumes-runs']).toBeUndefined();
  });

  it('is JSON, with the interface version', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
    expect((doc as unknown as { info: { version: string } }).info.version).toBe('2026-10-05');
  });
});
