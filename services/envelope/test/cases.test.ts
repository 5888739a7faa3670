/**
 * Worked examples: realistic formulas a formulator can read in test/cases/*.json, each with the
 * verdict and remedies a chemist expects from domain.md, worked out by hand in its `why`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CheckRequestSchema, applyRemedies, parseWith } from '@svc/formula';
import { check } from './helpers';

interface Case {
  title: string;
  why: string;
  request: unknown;
  expect: {
    verdict: string;
    remedies: { code: string; action: string; target?: string }[];
    categories?: Record<string, string>;
    unmatched?: string[];
    afterRemedies?: string;
  };
}

const dir = join(import.meta.dirname, 'cases');
const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
const cases = files.map((f) => ({ file: f, c: JSON.parse(readFileSync(join(dir, f), 'utf8')) as Case }));

describe('worked examples', () => {
  it('cover at least 25 formulas on every architecture', () => {
    expect(cases.length).toBeGreaterThanOrEqual(25);
    const bases = new Set(cases.map(({ c }) => (c.request as { base: string }).base));
    expect([...bases].sort()).toEqual(['classic', 'clinical', 'luxe']);
    for (const { c } of cases) {
      expect(c.title.length).toBeGreaterThan(10);
      expect(c.why.length).toBeGreaterThan(40);
    }
  });

  for (const { file, c } of cases) {
    it(`${file}: ${c.title}`, () => {
      const parsed = parseWith(CheckRequestSchema, c.request);
      if (!parsed.ok) throw new Error(`case request is not a valid /check body: ${JSON.stringify(parsed.problems)}`);
      const req = parsed.value;
      const r = check(req);

      expect(r.verdict).toBe(c.expect.verdict);
      expect(r.remedies.map((m) => ({ code: m.code, action: m.action, target: m.target }))).toEqual(
        c.expect.remedies.map((m) => ({ code: m.code, action: m.action, target: m.target ?? expect.any(String) })),
      );
      for (const [code, status] of Object.entries(c.expect.categories ?? {})) {
        expect(r.categories.find((x) => x.code === code)?.status, code).toBe(status);
      }
      if (c.expect.unmatched) expect(r.unmatched.map((u) => u.n)).toEqual(c.expect.unmatched);
      for (const m of r.remedies) expect(m.message.length).toBeGreaterThan(30);

      const next = applyRemedies(req, r.remedies);
      const after = check(next);
      if (c.expect.afterRemedies) expect(after.verdict).toBe(c.expect.afterRemedies);
      if (r.verdict !== 'adjust') expect(next).toEqual(req);
    });
  }
});
