import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findLeaks } from '@svc/chassis';
import { assessPreservation, namesToResolve, parsePreservationRequest } from '../src/engine/index';
import { EXAMPLE, resolveNames } from '../../../test/support/chassis-facts';
import { expectPreservation, type PreservationExpected } from './expected';

interface Case {
  name: string;
  why: string;
  request: Record<string, unknown>;
  expected: PreservationExpected;
}

const dir = resolve(import.meta.dirname, 'cases');
const cases = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(resolve(dir, f), 'utf8')) as Case);

describe('preservation cases (worked out by hand from the example chassis bands)', () => {
  it('has at least 15 formulas', () => expect(cases.length).toBeGreaterThanOrEqual(15));

  for (const c of cases) {
    it(`${c.name}: ${c.why}`, () => {
      const p = parsePreservationRequest(c.request);
      if (!p.ok) throw new Error(JSON.stringify(p.problems));
      const r = assessPreservation(p.value, resolveNames(namesToResolve(p.value, EXAMPLE)), EXAMPLE);
      expectPreservation(r, c.expected);
      if (!r.topUp.needed) expect(r.topUp.options).toEqual([]);
      for (const cap of r.caps) expect(cap.limit).toMatch(/EU Annex (V|II)\//);
      expect(r.advice.join(' ')).toMatch(/ISO 11930/);
      expect(findLeaks(r, EXAMPLE)).toEqual([]);
    });
  }
});
