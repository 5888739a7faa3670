/**
 * repair: true (issue 29) over generated formulas that carry annex substances: checking the repaired
 * formula yourself gives the verdict the answer reported for it, and a repair never leaves `adjust`
 * behind while a remedy could still move the formula.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AREAS, ARCHITECTURES, CheckRequestSchema, PRODUCT_TYPES, applyRemedies, type CheckRequest, type Line } from '@svc/formula';
import { EU_ANNEXES } from '@svc/regulation';
import { checkFormula } from '../src/engine/check';
import { DEFAULT_PACK } from '../src/engine/pack';
import { REPAIR_NAMES, repairFormula } from '../src/engine/repair';
import { FACTS } from './fixtures/resolver';
import { resolveShipped, shippedFacts } from './fixtures/shipped';

// Names of the catalogue that some annex entry restricts or prohibits, found through the pack.
const facts = shippedFacts();
const REGULATED = [...new Set([...facts.values()].filter((f) => f.refs.some((r) => ['II', 'III', 'IV', 'VI'].includes(EU_ANNEXES.byRef.get(r)?.annex ?? ''))).map((f) => f.inci))].sort();
// Those whose entry sets a pH range for some product: their pH remedy meets the chassis' own.
const PH_BOUND = REGULATED.filter((n) => facts.get(n)?.refs.some((r) => EU_ANNEXES.byRef.get(r)?.items.some((i) => i.ph !== null)));
const ORDINARY = [...FACTS.values()].filter((f) => !f.prohibited && f.refs.length === 0).map((f) => f.inci);

const amount = fc.noBias(fc.integer({ min: 1, max: 400 })).map((v) => v / 100);
const name = fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...ORDINARY) }, { weight: 1, arbitrary: fc.constantFrom(...REGULATED) });
const line: fc.Arbitrary<Line> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ n: name, pct: amount }) },
  { weight: 1, arbitrary: fc.record({ pct: amount, a: name, b: name }).map(({ pct, a, b }) => ({ pct, blend: [{ n: a, f: 0.5 }, { n: b, f: 0.5 }] })) },
);
const product = fc.record(
  { area: fc.constantFrom(...AREAS), spray: fc.boolean(), childrenUnder3: fc.boolean(), professional: fc.boolean() },
  { requiredKeys: [] },
);

const request: fc.Arbitrary<CheckRequest> = fc
  .record({
    base: fc.constantFrom(...ARCHITECTURES),
    basePct: fc.noBias(fc.integer({ min: 40, max: 90 })),
    ph: fc.noBias(fc.integer({ min: 300, max: 800 })).map((v) => v / 100),
    lines: fc.array(line, { minLength: 1, maxLength: 8 }),
    productType: fc.constantFrom(...PRODUCT_TYPES),
    product,
  })
  .map((req) => {
    const room = Math.round((100 - req.basePct - req.lines.reduce((s, l) => s + l.pct, 0)) * 1e4) / 1e4;
    return room > 0 ? { ...req, lines: [{ n: 'AQUA', pct: room }, ...req.lines] } : req;
  })
  .filter((req) => CheckRequestSchema.safeParse(req).success);

function resolveWithRepair(req: CheckRequest) {
  return resolveShipped({ lines: [...req.lines, ...REPAIR_NAMES.map((n) => ({ n, pct: 0 }))] });
}

describe('repair', () => {
  it('checking the repaired formula yourself gives the verdict reported for it', () => {
    fc.assert(
      fc.property(request, (req) => {
        const resolutions = resolveWithRepair(req);
        const first = checkFormula({ ...req, repair: true }, resolutions, DEFAULT_PACK, EU_ANNEXES);
        const rep = repairFormula({ ...req, repair: true }, first, resolutions, DEFAULT_PACK, EU_ANNEXES);
        expect(rep.request.repair).toBeUndefined();
        expect(rep.request.product).toEqual(req.product);
        const again = checkFormula(rep.request, resolveWithRepair(rep.request), DEFAULT_PACK, EU_ANNEXES);
        expect(again.verdict).toBe(rep.verdict);
        if (first.verdict !== 'adjust') expect(rep.steps).toEqual([]);
        // Left adjust only when applying its remedies no longer moves it.
        if (rep.verdict === 'adjust') expect(applyRemedies(rep.request, again.remedies, resolutions)).toEqual(rep.request);
      }),
      { numRuns: 1500 },
    );
  });

  it('never asks for two pH ranges that no pH satisfies, so applying the remedies settles the pH', () => {
    expect(PH_BOUND.length).toBeGreaterThan(0);
    const phRequest = fc.record({
      base: fc.constantFrom(...ARCHITECTURES),
      ph: fc.noBias(fc.integer({ min: 200, max: 900 })).map((v) => v / 100),
      n: fc.constantFrom(...PH_BOUND),
      pct: amount,
      productType: fc.constantFrom(...PRODUCT_TYPES),
      product,
    });
    fc.assert(
      fc.property(phRequest, ({ n, pct, ...rest }) => {
        const req: CheckRequest = { ...rest, basePct: 80, lines: [{ n: 'AQUA', pct: Math.round((20 - pct) * 1e4) / 1e4 }, { n, pct }] };
        const result = checkFormula(req, resolveWithRepair(req), DEFAULT_PACK, EU_ANNEXES);
        const ranges = result.remedies.flatMap((r) => (r.action === 'set_ph' && r.to !== null && typeof r.to === 'object' && !Array.isArray(r.to) ? [r.to] : []));
        const lo = Math.max(...ranges.map((r) => r.min));
        const hi = Math.min(...ranges.map((r) => r.max));
        if (ranges.length > 1) expect(lo, JSON.stringify(ranges)).toBeLessThanOrEqual(hi);
        const fixed = applyRemedies(req, result.remedies, resolveWithRepair(req));
        const again = checkFormula(fixed, resolveWithRepair(fixed), DEFAULT_PACK, EU_ANNEXES);
        expect(again.remedies.filter((r) => r.action === 'set_ph'), JSON.stringify(fixed)).toEqual([]);
      }),
      { numRuns: 1500 },
    );
  });
});
