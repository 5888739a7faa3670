/**
 * The documented twins of the validating schemas (contract/documented-inputs.ts) agree with them:
 * on the boundary values of every bound they state, JSON Schema (as a client's validator reads the
 * reference) and the gateway's zod schemas accept and refuse the same inputs.
 */
import { CheckRequestSchema } from '@svc/formula';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { standaloneObjectSchema } from '../src/contract/json-schema';
import { SearchQuerySchema } from '../src/operations/inputs';

const ajv = new Ajv2020({ strict: false });
const checkDoc = ajv.compile(standaloneObjectSchema(CheckRequestSchema, 'input'));
const searchDoc = ajv.compile(standaloneObjectSchema(SearchQuerySchema, 'input'));

const body = (over: Record<string, unknown>) => ({ base: 'classic', basePct: 90, ph: 5.5, lines: [{ n: 'Glycerin', pct: 10 }], ...over });

const CASES: Array<[string, unknown]> = [
  ['a plain line', body({})],
  ['basePct 100', body({ basePct: 100, lines: [{ n: 'Glycerin', pct: 0 }] })],
  ['basePct 0', body({ basePct: 0 })],
  ['basePct 100.5', body({ basePct: 100.5 })],
  ['ph 0', body({ ph: 0 })],
  ['ph 14', body({ ph: 14 })],
  ['ph -0.1', body({ ph: -0.1 })],
  ['ph 14.1', body({ ph: 14.1 })],
  ['pct -1', body({ lines: [{ n: 'Glycerin', pct: -1 }] })],
  ['pct 101', body({ lines: [{ n: 'Glycerin', pct: 101 }] })],
  ['a blend', body({ lines: [{ pct: 10, blend: [{ n: 'Aloe', f: 1 }, { n: 'Sorbate', f: 'trace' }] }] })],
  ['a blend fraction 0', body({ lines: [{ pct: 10, blend: [{ n: 'Aloe', f: 0 }] }] })],
  ['a blend fraction 1.5', body({ lines: [{ pct: 10, blend: [{ n: 'Aloe', f: 1.5 }] }] })],
  ['an empty blend', body({ lines: [{ pct: 10, blend: [] }] })],
  ['51 components', body({ lines: [{ pct: 10, blend: Array.from({ length: 51 }, (_, i) => ({ n: `I${i}`, f: 'trace' })) }] })],
  ['n and blend', body({ lines: [{ n: 'Aloe', pct: 10, blend: [{ n: 'Aloe', f: 1 }] }] })],
  ['an unknown line field', body({ lines: [{ n: 'Glycerin', pct: 10, amount: 1 }] })],
  ['no lines', body({ lines: [] })],
  ['201 lines', body({ basePct: 50, lines: Array.from({ length: 201 }, () => ({ n: 'Glycerin', pct: 0 })) })],
  ['a 201-character name', body({ lines: [{ n: 'G'.repeat(201), pct: 10 }] })],
  ['an empty name', body({ lines: [{ n: '', pct: 10 }] })],
  ['an unknown base', body({ base: 'gel' })],
  ['an unknown field', body({ variant: 'classic' })],
  ['lines missing', { base: 'classic', basePct: 90, ph: 5 }],
];

describe('the documented input schemas agree with the validating ones', () => {
  it.each(CASES)('/check: %s', (_name, input) => {
    expect(checkDoc(input)).toBe(CheckRequestSchema.safeParse(input).success);
  });

  it.each([['gl'], ['g'], ['x'.repeat(100)], ['x'.repeat(101)]])('/lib/search q=%s', (q) => {
    expect(searchDoc({ q })).toBe(SearchQuerySchema.safeParse({ q }).success);
  });
});
