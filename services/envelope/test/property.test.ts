/**
 * Properties over thousands of generated formulas. The generator mixes every kind of line the
 * engine must handle: plain and blend lines, trace components, synonyms, misspelt and unknown
 * names, prohibited ingredients, ionic pairs, amounts from nothing to far too much, pH anywhere in
 * 0..14 with extra weight on the window edges, and formulas that balance and that do not.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARCHITECTURES, CheckRequestSchema, applyRemedies, type Architecture, type CheckRequest, type Line } from '@svc/formula';
import { checkFormula } from '../src/engine/check';
import { DEFAULT_PACK } from '../src/engine/pack';
import { FACTS, resolveFor } from './fixtures/resolver';

const ALL = [...FACTS.values()];
const SAFE = ALL.filter((f) => !f.prohibited);
const PROHIBITED = ALL.filter((f) => f.prohibited).map((f) => f.inci);
/** Pick a category first, then an ingredient of it: rare categories (CA, EL, SA) come up as often as common ones. */
const BY_CATEGORY = [...new Set(SAFE.map((f) => f.c))].map((c) => SAFE.filter((f) => f.c === c).map((f) => f.inci));
const ODD = ['Water', 'glycérine', 'Fragrance', 'Glycerinn', 'Mystery Extract', 'Aqua (Water)', '  sodium   chloride '];
const safeName = fc.constantFrom(...BY_CATEGORY).chain((names) => fc.constantFrom(...names));
const name = fc.oneof(
  { weight: 20, arbitrary: safeName },
  { weight: 1, arbitrary: fc.constantFrom(...PROHIBITED, 'Lilial') },
  { weight: 1, arbitrary: fc.constantFrom(...ODD) },
);

// Amounts, pH and basePct come in hundredths, unbiased: fast-check's default bias towards 0 would
// make most lines empty.
/** Amounts like formulators write them: mostly small, sometimes large, to 0.01. */
const amount = (max: number) =>
  fc
    .oneof(
      { weight: 1, arbitrary: fc.constant(0) },
      { weight: 10, arbitrary: fc.noBias(fc.integer({ min: 1, max: Math.min(max, 2) * 100 })) },
      { weight: 3, arbitrary: fc.noBias(fc.integer({ min: 1, max: max * 100 })) },
    )
    .map((v) => v / 100);

const line = (names: fc.Arbitrary<string>, max: number): fc.Arbitrary<Line> => {
  const plain: fc.Arbitrary<Line> = fc.record({ n: names, pct: amount(max) });
  const blend: fc.Arbitrary<Line> = fc
    .record({
      pct: amount(max),
      parts: fc.array(fc.record({ n: names, w: fc.integer({ min: 1, max: 9 }), trace: fc.noBias(fc.integer({ min: 0, max: 4 })).map((v) => v === 0) }), { minLength: 1, maxLength: 4 }),
    })
    .map(({ pct, parts }) => {
      const sum = parts.filter((p) => !p.trace).reduce((s, p) => s + p.w, 0);
      return { pct, blend: parts.map((p) => ({ n: p.n, f: p.trace ? ('trace' as const) : p.w / sum })) };
    });
  return fc.oneof({ weight: 4, arbitrary: plain }, { weight: 1, arbitrary: blend });
};

const WINDOWS = { classic: [4.5, 7], luxe: [5, 7], clinical: [3.5, 6.5] } as const;
const phFor = (base: Architecture) => {
  const [lo, hi] = WINDOWS[base];
  return fc.oneof(
    { weight: 4, arbitrary: fc.noBias(fc.integer({ min: lo * 100, max: hi * 100 })).map((v) => v / 100) },
    { weight: 1, arbitrary: fc.constantFrom(lo, hi, lo + 0.3, hi - 0.3, lo - 0.01, hi + 0.01) },
    { weight: 1, arbitrary: fc.noBias(fc.integer({ min: 0, max: 1400 })).map((v) => v / 100) },
  );
};

const basePct = fc.oneof(
  { weight: 4, arbitrary: fc.noBias(fc.integer({ min: 30, max: 95 })) },
  { weight: 1, arbitrary: fc.noBias(fc.integer({ min: 1, max: 10000 })).map((v) => v / 100) },
  { weight: 1, arbitrary: fc.constant(100) },
);

/** Gentle formulas (small amounts of ordinary ingredients) reach compatible; wild ones hit every rule. */
const profile = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ names: safeName, max: 0.5, lines: 6 }) },
  { weight: 3, arbitrary: fc.constant({ names: name, max: 25, lines: 14 }) },
);

const request: fc.Arbitrary<CheckRequest> = fc
  .tuple(fc.constantFrom(...ARCHITECTURES), profile)
  .chain(([base, p]) =>
    fc.record({
      base: fc.constant(base),
      basePct,
      ph: phFor(base),
      lines: fc.array(line(p.names, p.max), { minLength: 1, maxLength: p.lines }),
      topUp: fc.noBias(fc.integer({ min: 0, max: 3 })).map((v) => v > 0),
    }),
  )
  .map(({ topUp, ...req }) => {
    // Most formulas are topped up with water so that the other rules get exercised on their own.
    const room = Math.round((100 - req.basePct - req.lines.reduce((s, l) => s + l.pct, 0)) * 1e4) / 1e4;
    if (topUp && room > 0) return { ...req, lines: [{ n: 'AQUA', pct: room }, ...req.lines] };
    return req;
  })
  .filter((req) => CheckRequestSchema.safeParse(req).success);

const RUNS = 3000;

describe('envelope properties', () => {
  it('never throws on a schema-valid request, and its answer is well formed', () => {
    fc.assert(
      fc.property(request, (req) => {
        const r = checkFormula(req, resolveFor(req), DEFAULT_PACK);
        expect(['compatible', 'compatible_verify', 'adjust']).toContain(r.verdict);
        expect(new Set(r.lines.map((l) => l.line)).size).toBe(req.lines.length);
        for (const c of r.categories) {
          if (c.max === null) continue;
          if (c.status === 'over') expect(c.load).toBeGreaterThanOrEqual(c.max);
          else expect(c.load).toBeLessThanOrEqual(c.max + 1e-3);
        }
        // adjust exactly when some remedy asks for a change
        expect(r.verdict === 'adjust').toBe(r.remedies.some((m) => m.action !== 'verify'));
      }),
      { numRuns: RUNS },
    );
  });

  it('a compatible formula gets no remedies except verify', () => {
    fc.assert(
      fc.property(request, (req) => {
        const r = checkFormula(req, resolveFor(req), DEFAULT_PACK);
        if (r.verdict !== 'adjust') expect(r.remedies.filter((m) => m.action !== 'verify')).toEqual([]);
        if (r.verdict === 'compatible') expect(r.remedies.every((m) => m.action === 'verify')).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('applying the remedies of an adjust answer once gives a formula that is not adjust', () => {
    let adjusted = 0;
    fc.assert(
      fc.property(request, (req) => {
        const r = checkFormula(req, resolveFor(req), DEFAULT_PACK);
        if (r.verdict !== 'adjust') return;
        adjusted++;
        const next = applyRemedies(req, r.remedies);
        const again = checkFormula(next, resolveFor(next), DEFAULT_PACK);
        if (again.verdict === 'adjust') {
          throw new Error(`still adjust: ${JSON.stringify(again.remedies.filter((m) => m.action !== 'verify').map((m) => m.message))}`);
        }
        // The remedied formula is something the API itself would accept (when it still has lines).
        if (next.lines.length > 0) expect(CheckRequestSchema.safeParse(next).success).toBe(true);
      }),
      { numRuns: RUNS },
    );
    // The generator must actually exercise the property.
    expect(adjusted).toBeGreaterThan(RUNS / 5);
  });
});
