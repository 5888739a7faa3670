import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildLabel, namesToResolve, parseLabelRequest, type LabelModeResponse } from '../src/engine/index';
import { EXAMPLE, resolveNames } from '../../../test/support/chassis-facts';

interface Case {
  name: string;
  why: string;
  request: Record<string, unknown>;
  expected: { eu: string; us: string; unmatched?: string[] };
}

const dir = resolve(import.meta.dirname, 'cases');
const cases = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(resolve(dir, f), 'utf8')) as Case);

function label(request: Record<string, unknown>, market: 'eu' | 'us'): LabelModeResponse {
  const p = parseLabelRequest({ ...request, market });
  if (!p.ok) throw new Error(`invalid case request: ${JSON.stringify(p.problems)}`);
  const r = buildLabel(p.value, resolveNames(namesToResolve(p.value, EXAMPLE)), EXAMPLE);
  if (r.mode !== 'label') throw new Error('expected label mode');
  return r;
}

describe('label cases (expected lists worked out by hand from the example chassis bands)', () => {
  it('has at least 20 formulas', () => expect(cases.length).toBeGreaterThanOrEqual(20));

  for (const c of cases) {
    describe(c.name, () => {
      for (const market of ['eu', 'us'] as const) {
        it(`${market.toUpperCase()}: ${c.why}`, () => {
          const r = label(c.request, market);
          expect(r.finished_inci).toBe(c.expected[market]);
          expect(r.ordered.join(', ')).toBe(r.finished_inci);
          expect(r.tail).toEqual([...r.tail].sort());
          for (const t of r.tail) expect(r.ordered).toContain(t);
          if (c.expected.unmatched) expect(r.unmatched.map((u) => u.n)).toEqual(c.expected.unmatched);
        });
      }
    });
  }
});
