import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findLeaks } from '@svc/chassis';
import { assessPreservation, namesToResolve, parsePreservationRequest } from '../src/engine/index';
import { EXAMPLE, resolveNames } from '../../../test/support/chassis-facts';

interface Case {
  name: string;
  why: string;
  request: Record<string, unknown>;
  expected: {
    selfPreserved: boolean;
    topUpNeeded: boolean;
    caps: Record<string, string>;
    reasons: string[];
    notReasons: string[];
    options: { include: string[]; exclude: string[] };
  };
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
      const e = c.expected;
      expect(Object.fromEntries(r.caps.map((x) => [x.n, x.status]))).toEqual(e.caps);
      expect(r.selfPreserved).toBe(e.selfPreserved);
      expect(r.topUp.needed).toBe(e.topUpNeeded);
      const codes = r.reasons.map((x) => x.code);
      for (const code of e.reasons) expect(codes, `reason ${code}`).toContain(code);
      for (const code of e.notReasons) expect(codes, `reason ${code}`).not.toContain(code);
      const names = r.topUp.options.map((o) => o.name);
      for (const n of e.options.include) expect(names, `option ${n}`).toContain(n);
      for (const n of e.options.exclude) expect(names, `option ${n}`).not.toContain(n);
      if (!r.topUp.needed) expect(r.topUp.options).toEqual([]);
      for (const cap of r.caps) expect(cap.limit).toMatch(/EU Annex (V|II)\//);
      expect(r.advice.join(' ')).toMatch(/ISO 11930/);
      expect(findLeaks(r, EXAMPLE)).toEqual([]);
    });
  }
});
