/**
 * Properties over generated requests: no amount leaves the service, no chassis name stands next to
 * a number, and conclusions depend on the secret only through the published bands of its shares
 * (the whole-response property over every route is test/secret-independence.test.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expandLines, normaliseName } from '@svc/formula';
import { findLeaks, type Chassis } from '@svc/chassis';
import { ANNEX_V, RULES, assessPreservation, namesToResolve, parsePreservationRequest, type PreservationRequest } from '../src/engine/index';
import { ALT, EXAMPLE, FACTS, FACT_NAMES, resolveNames } from '../../../test/support/chassis-facts';
import { blendOf } from '../../../test/support/generators';
import { EXAMPLE_RAW, chassisOf, positionsArb, twinOf } from '../../../test/support/band-twins';

const PRESERVATIVES = ['PHENOXYETHANOL', 'SODIUM BENZOATE', 'POTASSIUM SORBATE', 'SODIUM DEHYDROACETATE', 'METHYLPARABEN', 'ETHYLPARABEN', 'PROPYLPARABEN', 'BUTYLPARABEN', 'ISOBUTYLPARABEN', 'METHYLISOTHIAZOLINONE', 'CHLORPHENESIN', 'BENZYL ALCOHOL', 'BENZALKONIUM CHLORIDE'];
const name = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...FACT_NAMES) },
  { weight: 3, arbitrary: fc.constantFrom(...PRESERVATIVES) },
  { weight: 1, arbitrary: fc.constantFrom('Mystery Preservative X', 'Oat Extract 2', 'Water') },
);
const amount = fc.oneof(fc.integer({ min: 1, max: 1500 }).map((v) => v / 1000), fc.integer({ min: 1, max: 40_000 }).map((v) => v / 1000));

const blend = blendOf(name, 4);

const body = fc.record(
  {
    variant: fc.constantFrom('classic', 'luxe', 'clinical'),
    nbPct: fc.oneof({ weight: 1, arbitrary: fc.constant(100) }, { weight: 3, arbitrary: fc.integer({ min: 5, max: 999 }).map((v) => v / 10) }),
    lines: fc.array(fc.oneof({ weight: 3, arbitrary: fc.record({ n: name, pct: amount }) }, { weight: 1, arbitrary: fc.record({ pct: amount, blend }) }), { minLength: 1, maxLength: 10 }),
    ph: fc.integer({ min: 0, max: 140 }).map((v) => v / 10),
    productType: fc.constantFrom('leave_on', 'rinse_off'),
  },
  { requiredKeys: ['variant', 'nbPct', 'lines', 'productType'] },
);

function parsed(b: unknown): PreservationRequest {
  const p = parsePreservationRequest(b);
  if (!p.ok) throw new Error(`generator made an invalid request: ${JSON.stringify(p.problems)}`);
  return p.value;
}

const assess = (r: PreservationRequest, c: Chassis) => assessPreservation(r, resolveNames(namesToResolve(r, c)), c);

/** Thresholds of the standards and of the rules pack: the only numbers a reason may carry. */
const ALLOWED = new Set<number>([
  RULES.lowRisk.phBelow, RULES.lowRisk.phAbove, RULES.lowRisk.alcoholAbove, RULES.lowRisk.awBelow,
  RULES.hurdles.acidicPhAtOrBelow, RULES.hurdles.alkalinePhAtOrAbove, RULES.hurdles.alcoholAtOrAbove, RULES.hurdles.awBelow,
  RULES.organicAcidPhMax, 29621, 11930,
]);

function strings(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) v.forEach((x) => strings(x, out));
  else if (v && typeof v === 'object') Object.values(v).forEach((x) => strings(x, out));
  else if (typeof v === 'number') throw new Error('a number field in a preservation response');
  return out;
}

describe('preservation properties', () => {
  it('carries no amount and no chassis name next to a number', () => {
    fc.assert(
      fc.property(body, (b) => {
        const r = parsed(b);
        const out = assess(r, EXAMPLE);
        expect(findLeaks(out, EXAMPLE)).toEqual([]);
        // Caps carry the law's own text, nothing computed.
        for (const c of out.caps) {
          const entry = ANNEX_V.byRef.get(c.ref);
          if (entry) expect(c.limit).toBe(entry.limits[r.productType].text);
          else expect(c.limit).toMatch(/^prohibited \(EU Annex II\//);
        }
        // Everything else: once names are taken out, only the published thresholds remain as numbers.
        const names = [...FACTS.values()].map((f) => f.inci).concat(expandLines(r.lines).flatMap((c) => [c.n, normaliseName(c.n)]));
        names.sort((a, c) => c.length - a.length);
        const texts = strings({ ...out, caps: out.caps.map((c) => ({ ...c, limit: '', ref: '' })) });
        for (let t of texts) {
          for (const n of names) t = t.split(n).join(' ');
          for (const m of t.matchAll(/\d+(?:\.\d+)?/g)) expect(ALLOWED.has(Number(m[0])), `${m[0]} in "${t}"`).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('secret independence: twins that agree on every published band', () => {
  it('give byte-identical answers to preservative-heavy requests, nbPct below 1 included', () => {
    const low = fc.double({ min: 1e-4, max: 1, noNaN: true });
    fc.assert(
      fc.property(positionsArb, body, fc.option(low, { nil: undefined }), (positions, b, nb) => {
        const r = parsed(nb === undefined ? b : { ...b, nbPct: nb });
        const twin = chassisOf(twinOf(EXAMPLE_RAW, positions, 'c3d4'));
        expect(JSON.stringify(assess(r, twin))).toBe(JSON.stringify(assess(r, EXAMPLE)));
      }),
      { numRuns: 300 },
    );
  });

  it('the second fixture, every share in the band of the example, answers exactly as the example', () => {
    fc.assert(
      fc.property(body, (b) => {
        const r = parsed(b);
        expect(assess(r, ALT)).toEqual(assess(r, EXAMPLE));
      }),
      { numRuns: 100 },
    );
  });
});
