/**
 * The quick paths of the formula bodies (packages/formula/src/quick.ts) against the zod schemas that
 * define them: on any JSON body, a quick path accepts exactly what its schema accepts and returns
 * what the schema returns; on anything else it may decline, never accept what the schema refuses.
 * Bodies come from generators built to sit on every rule's edge, from the worked cases, and from
 * every INCI name of the shipped catalogue.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CheckRequestSchema,
  LabelRequestSchema,
  PreservationRequestSchema,
  parseWith,
  quickCheckRequest,
  quickLabelRequest,
  quickPreservationRequest,
} from '@svc/formula';
import { blendOf } from './support/generators';
import { cosingInciNames } from './support/cosing';

const ROOT = resolve(import.meta.dirname, '..');

interface Subject {
  name: string;
  schema: z.ZodType;
  quick: (v: unknown) => unknown;
  /** The body's own fields, beside lines. */
  fields: Record<string, fc.Arbitrary<unknown>>;
  cases: string;
}

// Each value is mostly one the schema accepts (or a near miss on its bound), sometimes one it refuses.
const mostly = <T,>(valid: fc.Arbitrary<T>, other: fc.Arbitrary<unknown>) => fc.oneof({ weight: 14, arbitrary: valid }, { weight: 1, arbitrary: other });
const wrong = fc.constantFrom<unknown>('70', null, true, [], {}, undefined);
const edges = fc.constantFrom(0, -0, 1e-9, 1, 1.0001, 14, 14.0001, 100, 100.0001, -1e-9, Number.NaN, Infinity, -Infinity, Number.MAX_VALUE);
const between = (min: number, max: number) => mostly(fc.oneof(fc.double({ min, max, noNaN: true }), fc.constantFrom(min, max)), fc.oneof(edges, fc.double(), wrong));
const oddNames = fc.constantFrom(
  '', ' ', '   \t', 'A', 'é', '1,2-HEXANEDIOL', '123', '---', 'Glycérine', 'AQUA\u0007', 'AQUA\u007f', 'GLY\ud800CERIN', 'ROSA 🌹 EXTRACT',
  'canary-7x2k', 'NOT A CANARY-', 'x'.repeat(200), 'x'.repeat(201), ` ${'y'.repeat(199)}`, 'CI 77891', '(and)', 'Ω',
  '59-05-2', '59-05-3', '200-362-1', '200-362-2', '1-23-4', '12345678-12-1', ' 7732-18-5 ',
);
const goodNames = fc.oneof(fc.constantFrom('AQUA', 'Glycerin', 'NIACINAMIDE', 'Phenoxyethanol', 'CAPRYLIC/CAPRIC TRIGLYCERIDE', 'PEG-40 HYDROGENATED CASTOR OIL', 'Sodium benzoate'), fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ,()/-]{0,40}$/));
const name = mostly(goodNames, fc.oneof(oddNames, fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 12 }), wrong));
const fraction = mostly(fc.oneof(fc.constant('trace'), fc.double({ min: 1e-6, max: 1, noNaN: true })), fc.oneof(edges, wrong, fc.constant('lots')));
const extra = fc.constantFrom('x', 'n', 'blend', 'pct', 'f', 'nano', '__proto__');

/** An object of these fields, now and then with one left out or one more key. */
function objectOf(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  return fc.tuple(fc.record(fields), fc.nat({ max: 19 }), fc.constantFrom(...Object.keys(fields)), extra, fc.anything()).map(([all, roll, drop, key, value]) => {
    const o: Record<string, unknown> = { ...all };
    if (roll === 0) delete o[drop];
    if (roll === 1) o[key] = value;
    return o;
  });
}

const component = mostly(objectOf({ n: name, f: fraction }), wrong);
const nano = mostly(fc.option(fc.boolean(), { nil: undefined }), wrong);
const pct = between(0, 100);
/** Two components whose fractions miss a sum of 1 by a little: on both sides of the tolerance. */
const nearBlend = fc.tuple(name, name, fc.constantFrom(0, 0.005, 0.0099, 0.0101, 0.015, 0.02, 0.05), fc.boolean(), fc.boolean()).map(([a, b, by, over, trace]) => [
  { n: a, f: 0.5 },
  { n: b, f: 0.5 + (over ? by : -by) },
  ...(trace ? [{ n: a, f: 'trace' }] : []),
]);
const line = fc.oneof(
  { weight: 6, arbitrary: objectOf({ n: name, pct, nano }) },
  { weight: 3, arbitrary: objectOf({ pct, blend: mostly(blendOf(name as fc.Arbitrary<string>, 4), fc.oneof(fc.array(component, { maxLength: 4 }), wrong)), nano }) },
  { weight: 1, arbitrary: objectOf({ pct, blend: fc.oneof(nearBlend, fc.array(component, { maxLength: 4 })), nano }) },
  { weight: 1, arbitrary: wrong },
);
const lines = mostly(fc.array(line, { minLength: 1, maxLength: 4 }), fc.oneof(fc.constant([]), wrong));
const enumOf = (valid: unknown[], other: unknown[]) => mostly(fc.constantFrom(...valid), fc.oneof(fc.constantFrom(...other), wrong));
const architecture = enumOf(['classic', 'luxe', 'clinical'], ['Classic', 'premium']);
const productType = enumOf(['leave_on', 'rinse_off', undefined], ['wash_off']);

const SUBJECTS: Subject[] = [
  { name: 'POST /check', schema: CheckRequestSchema, quick: quickCheckRequest, fields: { base: architecture, basePct: between(1e-9, 100), ph: between(0, 14), lines }, cases: 'services/envelope/test/cases' },
  {
    name: 'POST /inci/label',
    schema: LabelRequestSchema,
    quick: quickLabelRequest,
    fields: { variant: architecture, nbPct: between(1e-9, 100), lines, ph: between(0, 14), productType, mode: enumOf(['label', 'composition', undefined], ['inci']), market: enumOf(['eu', 'us', undefined], ['uk']) },
    cases: 'services/label/test/cases',
  },
  {
    name: 'POST /ai/preservation',
    schema: PreservationRequestSchema,
    quick: quickPreservationRequest,
    fields: { variant: architecture, nbPct: between(1e-9, 100), lines, ph: mostly(fc.option(between(0, 14), { nil: undefined }), wrong), productType, market: enumOf(['eu', undefined], ['us']) },
    cases: 'services/preservation/test/cases',
  },
];

/** A body as it arrives over HTTP or MCP: JSON text, parsed. */
const asJson = (v: unknown): unknown => {
  const text = JSON.stringify(v);
  return text === undefined ? undefined : JSON.parse(text);
};

function agree(s: Subject, body: unknown): 'accepted' | 'refused' {
  const quick = s.quick(body);
  const r = s.schema.safeParse(body);
  expect(quick !== undefined).toBe(r.success);
  if (quick === undefined) return 'refused';
  expect(quick).toEqual(r.data);
  return 'accepted';
}

const caseRequests = (dir: string): unknown[] =>
  readdirSync(join(ROOT, dir))
    .filter((f) => f.endsWith('.json'))
    .map((f) => (JSON.parse(readFileSync(join(ROOT, dir, f), 'utf8')) as { request: unknown }).request);

describe.each(SUBJECTS)('the quick path of $name', (s) => {
  it('accepts exactly the JSON bodies the schema accepts, with the schema’s output', () => {
    const seen = { accepted: 0, refused: 0 };
    fc.assert(
      fc.property(objectOf(s.fields), (raw) => {
        seen[agree(s, asJson(raw))] += 1;
      }),
      { numRuns: 4_000 },
    );
    // Both sides of the edge were reached, or this test would prove nothing.
    expect(seen.accepted).toBeGreaterThan(100);
    expect(seen.refused).toBeGreaterThan(100);
  });

  it('never accepts what the schema refuses, whatever the value (undefined fields, odd objects)', () => {
    fc.assert(
      fc.property(fc.oneof(objectOf(s.fields), fc.anything()), (raw) => {
        const quick = s.quick(raw);
        if (quick === undefined) return;
        const r = s.schema.safeParse(raw);
        expect(r.success).toBe(true);
        expect(quick).toEqual(r.data);
      }),
      { numRuns: 2_000 },
    );
  });

  it('accepts every worked case, as parseWith’s own answer', () => {
    const requests = caseRequests(s.cases);
    expect(requests.length).toBeGreaterThan(3);
    for (const request of requests) {
      expect(agree(s, request)).toBe('accepted');
      // The quick path is the one taken: the validated value is the body itself, not zod's copy.
      const parsed = parseWith(s.schema, request);
      expect(parsed.ok && parsed.value === request).toBe(s.name === 'POST /check');
    }
  });
});

describe('the quick path on the shipped catalogue', () => {
  it('agrees with the schema on every CosIng INCI name, as a line and as a blend component', () => {
    const names = cosingInciNames();
    expect(names.length).toBeGreaterThan(25_000);
    const check = SUBJECTS[0]!;
    let accepted = 0;
    for (const n of names) {
      const plain = { base: 'classic', basePct: 80, ph: 5.5, lines: [{ n, pct: 20 }] };
      const blended = { base: 'luxe', basePct: 80, ph: 5.5, lines: [{ pct: 20, blend: [{ n, f: 0.5 }, { n: 'AQUA', f: 0.5 }] }] };
      if (agree(check, plain) === 'accepted') accepted += 1;
      agree(check, blended);
    }
    // Catalogue names are what callers send: nearly all of them take the quick path.
    expect(accepted).toBeGreaterThan(names.length * 0.99);
  });
});

describe('parseWith with a quick path', () => {
  it('still answers a refused body with zod’s problems, field by field', () => {
    const r = parseWith(CheckRequestSchema, { base: 'classic', basePct: 80, ph: 5.5, lines: [{ n: 'AQUA', pct: 101 }, { n: 'canary-abc', pct: 1 }] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.map((p) => p.field)).toEqual(['lines[0].pct', 'lines[1].n']);
  });
});
