/**
 * The chassis' own components in the regulatory screen of /check (issue 29): screened like lines,
 * each at the upper edge of its share's published band scaled to the product, never at its amount.
 * Two chassis that agree on every band give byte-identical check answers; a caller's line of a
 * substance the chassis also carries is reduced to what the chassis leaves; what the chassis alone
 * breaks is reported against the chassis, with no line to change. Figures come from the packs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AREAS, ARCHITECTURES, CheckRequestSchema, PRODUCT_TYPES, normaliseName, type Architecture, type CheckRequest, type Line } from '@svc/formula';
import { DEFAULT_CHASSIS_FILE, DISCLOSURE_BANDS, bandedChassis, loadChassis, type Chassis } from '@svc/chassis';
import { EU_ANNEXES, US_CFR, usEntriesOf, type UsEntry } from '@svc/regulation';
import { checkFormula, type ChassisShare } from '../services/envelope/src/engine/check';
import { DEFAULT_PACK } from '../services/envelope/src/engine/pack';
import { REPAIR_NAMES, repairFormula } from '../services/envelope/src/engine/repair';
import { resolveShipped, shippedFacts } from '../services/envelope/test/fixtures/shipped';
import { EXAMPLE_RAW, chassisOf, positionsArb, twinOf } from './support/band-twins';
import { FACT_NAMES } from './support/chassis-facts';

const EXAMPLE = loadChassis(DEFAULT_CHASSIS_FILE);
const sharesOf = (c: Chassis, v: Architecture): ChassisShare[] => bandedChassis(c, v, 100, DISCLOSURE_BANDS).map(({ n, key, share }) => ({ n, key, share }));
const resolve = (req: CheckRequest, chassis: readonly ChassisShare[]) =>
  resolveShipped({ lines: [...req.lines, ...[...REPAIR_NAMES, ...chassis.map((c) => c.n)].map((n) => ({ n, pct: 0 }))] });
const check = (req: CheckRequest, chassis: readonly ChassisShare[]) => checkFormula(req, resolve(req, chassis), DEFAULT_PACK, EU_ANNEXES, US_CFR, chassis);

describe('chassis that agree on every published band give the same check', () => {
  const facts = shippedFacts();
  const regulated = [...new Set([...facts.values()].filter((f) => usEntriesOf(US_CFR, f.inci, f.cas).length > 0 || f.refs.some((r) => ['III', 'V'].includes(EU_ANNEXES.byRef.get(r)?.annex ?? ''))).map((f) => f.inci))];
  const chassisNames = [...new Set(ARCHITECTURES.flatMap((v) => EXAMPLE_RAW.architectures[v].components.map((c) => c.n)))];
  const name = fc.oneof(fc.constantFrom(...FACT_NAMES), fc.constantFrom(...chassisNames), fc.constantFrom(...regulated.slice(0, 300)));
  const request: fc.Arbitrary<CheckRequest> = fc
    .record({
      base: fc.constantFrom(...ARCHITECTURES),
      basePct: fc.oneof(fc.integer({ min: 1, max: 1000 }).map((v) => v / 10), fc.double({ min: 1e-4, max: 1, noNaN: true })),
      ph: fc.integer({ min: 30, max: 80 }).map((v) => v / 10),
      lines: fc.array(fc.record({ n: name, pct: fc.integer({ min: 0, max: 5000 }).map((v) => v / 1000) }), { minLength: 1, maxLength: 6 }),
      productType: fc.constantFrom(...PRODUCT_TYPES),
      product: fc.record({ area: fc.constantFrom(...AREAS), spray: fc.boolean() }, { requiredKeys: [] }),
      market: fc.constantFrom('eu' as const, 'us' as const),
    })
    .filter((r) => CheckRequestSchema.safeParse(r).success);

  it('byte-identical answers, repair included, for generated requests and twins', () => {
    fc.assert(
      fc.property(positionsArb, request, (positions, req) => {
        const twin = chassisOf(twinOf(EXAMPLE_RAW, positions, 'cd34'));
        const a = sharesOf(EXAMPLE, req.base);
        const b = sharesOf(twin, req.base);
        const one = check(req, a);
        const two = check(req, b);
        expect(JSON.stringify(two)).toBe(JSON.stringify(one));
        const rOne = repairFormula(req, one, resolve(req, a), DEFAULT_PACK, EU_ANNEXES, US_CFR, a);
        const rTwo = repairFormula(req, two, resolve(req, b), DEFAULT_PACK, EU_ANNEXES, US_CFR, b);
        expect(JSON.stringify(rTwo)).toBe(JSON.stringify(rOne));
      }),
      { numRuns: 300 },
    );
  });
});

describe('a chassis component under a regulatory entry', () => {
  // Mercury compounds (21 CFR 700.13): permitted only in the eye area, up to a maximum as the metal.
  const hg = usEntriesOf(US_CFR, 'THIMEROSAL', null)[0] as UsEntry;
  const max = hg.uses[0]?.max as number;
  const factor = hg.factors.THIMEROSAL as number;
  const basePct = 80;
  /** A synthetic chassis carrying thimerosal with its share's band upper edge at `ofMax` of the maximum (as the metal) in the product. */
  const carrying = (ofMax: number): ChassisShare[] => {
    const hi = ((ofMax * max) / factor) * (100 / basePct);
    return [{ n: 'THIMEROSAL', key: normaliseName('THIMEROSAL'), share: { lo: hi / 2, hi } }];
  };
  const eyeSerum = (lines: Line[]): CheckRequest => {
    const sum = lines.reduce((s, l) => s + l.pct, 0);
    return { base: 'classic', basePct, ph: 5.5, lines: [{ n: 'AQUA', pct: Math.round((100 - basePct - sum) * 1e6) / 1e6 }, ...lines], market: 'us', product: { area: 'eye' } };
  };

  it('counts toward the entry: the caller line is reduced to what the chassis leaves', () => {
    const chassis = carrying(0.5);
    const req = eyeSerum([{ n: 'THIMEROSAL', pct: Math.round((max / factor) * 1e6) / 1e6 }]);
    expect(check(req, []).remedies.filter((m) => m.ref === hg.ref).map((m) => m.action)).toEqual(['verify']);
    const r = check(req, chassis);
    const reduce = r.remedies.find((m) => m.ref === hg.ref);
    expect(reduce).toMatchObject({ action: 'reduce', to: max });
    expect(reduce?.changes).toHaveLength(1);
    const chassisPart = ((chassis[0]?.share.hi as number) * basePct) / 100;
    expect(((reduce?.changes?.[0]?.to as number) + chassisPart) * factor).toBeLessThanOrEqual(max + 1e-9);
    expect(reduce?.message).toContain('published disclosure band');
    const rep = repairFormula(req, r, resolve(req, chassis), DEFAULT_PACK, EU_ANNEXES, US_CFR, chassis);
    expect(rep.verdict).not.toBe('adjust');
  });

  it('what the chassis alone breaks is reported against the chassis, with no line to change', () => {
    const chassis = carrying(2);
    const req = eyeSerum([{ n: 'GLYCERIN', pct: 3 }]);
    const r = check(req, chassis);
    expect(r.verdict).toBe('adjust');
    const finding = r.remedies.find((m) => m.ref === hg.ref);
    expect(finding).toMatchObject({ action: 'reduce', changes: [] });
    expect(finding?.message).toContain('this chassis does not suit this product');
    // Outside the eye area the same chassis is not permitted at all: remove, still no line changed.
    const face = check({ ...req, product: { area: 'face' } }, carrying(0.01));
    expect(face.remedies.find((m) => m.ref === hg.ref)).toMatchObject({ action: 'remove', changes: [] });
    // Nothing a caller can apply moves it: repair stops where it is.
    const rep = repairFormula(req, r, resolve(req, chassis), DEFAULT_PACK, EU_ANNEXES, US_CFR, chassis);
    expect(rep.verdict).toBe('adjust');
    expect(check(rep.request, chassis).verdict).toBe('adjust');
  });

  it('depends on the band, not on where the share sits inside it', () => {
    const req = eyeSerum([{ n: 'THIMEROSAL', pct: Math.round(((0.6 * max) / factor) * 1e6) / 1e6 }]);
    const band = carrying(0.5);
    const sameBandOtherLow = band.map((c) => ({ ...c, share: { lo: c.share.hi * 0.9, hi: c.share.hi } }));
    expect(JSON.stringify(check(req, sameBandOtherLow))).toBe(JSON.stringify(check(req, band)));
  });
});
