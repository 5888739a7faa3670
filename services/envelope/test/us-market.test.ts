/**
 * POST /check with market: "us" (issue 29): the formula is screened against the US pack, never the
 * EU annexes, the answer says so, and repair converges on it as on the EU screen. Figures come from
 * the pack; the catalogue resolves the names.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AREAS, ARCHITECTURES, CheckRequestSchema, PRODUCT_TYPES, applyRemedies, type CheckRequest, type Line } from '@svc/formula';
import { EU_ANNEXES, US_CFR, usEntriesOf, type UsEntry } from '@svc/regulation';
import { checkFormula } from '../src/engine/check';
import { DEFAULT_PACK } from '../src/engine/pack';
import { REPAIR_NAMES, repairFormula } from '../src/engine/repair';
import { FACTS } from './fixtures/resolver';
import { resolveShipped, shippedFacts } from './fixtures/shipped';

const facts = shippedFacts();
const withRepair = (req: CheckRequest) => resolveShipped({ lines: [...req.lines, ...REPAIR_NAMES.map((n) => ({ n, pct: 0 }))] });
const check = (req: CheckRequest) => checkFormula(req, withRepair(req), DEFAULT_PACK, EU_ANNEXES, US_CFR);
const repair = (req: CheckRequest) => {
  const first = check(req);
  return { first, rep: repairFormula(req, first, withRepair(req), DEFAULT_PACK, EU_ANNEXES, US_CFR) };
};
const regulatory = (refs: Array<string | undefined>) => refs.filter((r): r is string => r !== undefined);
/** The pack entry a catalogue name falls under. */
const entryOf = (name: string): UsEntry => {
  const f = facts.get(name);
  return usEntriesOf(US_CFR, f?.inci ?? name, f?.cas ?? null)[0] as UsEntry;
};

/** A serum on the classic chassis, balanced with AQUA. */
function serum(lines: Line[], extra: Partial<CheckRequest> = {}): CheckRequest {
  const sum = lines.reduce((s, l) => s + l.pct, 0);
  return { base: 'classic', basePct: 80, ph: 5.5, lines: [{ n: 'AQUA', pct: Math.round((20 - sum) * 1e4) / 1e4 }, ...lines], ...extra };
}

describe('market: us', () => {
  it('screens US law only: the answer says us, and no remedy cites an EU annex', () => {
    const hq = serum([{ n: 'HYDROQUINONE', pct: 0.1 }]);
    const eu = check(hq);
    expect(eu.market).toBe('eu');
    expect(regulatory(eu.remedies.map((m) => m.ref)).some((r) => r.startsWith('II/'))).toBe(true);
    const us = check({ ...hq, market: 'us' });
    expect(us.market).toBe('us');
    expect(regulatory(us.remedies.map((m) => m.ref))).toEqual([]);
    // Nothing in 21 CFR 700 names hydroquinone: on the US market it is not a cosmetic-ingredient finding.
    expect(us.verdict).not.toBe('adjust');
  });

  it('removes a prohibited ingredient citing its section, and repair takes it out', () => {
    const req = serum([{ n: 'CHLOROFORM', pct: 0.5 }, { n: 'GLYCERIN', pct: 3 }], { market: 'us' });
    const e = entryOf('CHLOROFORM');
    const { first, rep } = repair({ ...req, repair: true });
    expect(first.verdict).toBe('adjust');
    expect(first.remedies.filter((m) => m.ref === e.ref)).toEqual([expect.objectContaining({ action: 'remove', code: 'prohibited', regulation: `${e.ref}, ${e.title}` })]);
    expect(rep.request.lines.map((l) => ('n' in l ? l.n : ''))).not.toContain('CHLOROFORM');
    expect(rep.request.market).toBe('us');
    expect(rep.verdict).not.toBe('adjust');
    expect(check(rep.request).verdict).toBe(rep.verdict);
  });

  it('replaces a colour additive not listed for the eye area', () => {
    const colour = US_CFR.entries.find(
      (e) => e.kind === 'colour' && e.uses.every((u) => !u.areas.includes('eye')) && e.uses.some((u) => u.areas.includes('face') && u.special === null) && e.names.some((n) => facts.has(n)),
    ) as UsEntry;
    const name = colour.names.find((n) => facts.has(n)) as string;
    const req = serum([{ n: name, pct: 0.1 }], { market: 'us', product: { area: 'eye' } });
    const r = check(req);
    expect(r.verdict).toBe('adjust');
    const replace = r.remedies.find((m) => m.ref === colour.ref);
    expect(replace).toMatchObject({ action: 'replace', code: 'colour_additive_use' });
    expect((replace?.to as string[]).length).toBeGreaterThan(0);
    const { rep } = repair({ ...req, repair: true });
    expect(rep.request.lines.map((l) => ('n' in l ? l.n : ''))).not.toContain(name);
    // The same colour on the face is listed: nothing to change (a certified one asks for its batch).
    const face = check({ ...req, product: { area: 'face' } });
    expect(face.verdict).not.toBe('adjust');
    expect(face.remedies.filter((m) => m.ref === colour.ref).map((m) => m.action)).toEqual(colour.certification ? ['verify'] : []);
  });

  it('reduces a mercury preservative in an eye product to the limit, counted as the metal', () => {
    const hg = entryOf('THIMEROSAL');
    const max = hg.uses[0]?.max as number;
    const factor = hg.factors.THIMEROSAL as number;
    const req = serum([{ n: 'THIMEROSAL', pct: Math.round((max / factor) * 3 * 1e4) / 1e4 }], { market: 'us', product: { area: 'eye' } });
    const r = check(req);
    expect(r.remedies.find((m) => m.ref === hg.ref)).toMatchObject({ action: 'reduce', to: max });
    const { rep } = repair({ ...req, repair: true });
    expect(rep.verdict).not.toBe('adjust');
    const left = rep.request.lines.find((l) => 'n' in l && l.n === 'THIMEROSAL');
    expect((left?.pct ?? 0) * factor).toBeLessThanOrEqual(max + 1e-9);
  });

  it('a lake written by its label name is screened under its colour: replaced in the eye area, asked to verify on the lips', () => {
    // A certified colour listed for the lips but not the eye area, by its label name (e.g. RED 33 LAKE).
    const colour = US_CFR.entries.find((e) => e.certification === true && e.uses.some((u) => u.areas.includes('lip') && u.special === null) && !e.uses.some((u) => u.areas.includes('eye'))) as UsEntry;
    const lake = `${colour.names[colour.names.length - 1]} LAKE`;
    const eye = check(serum([{ n: lake, pct: 0.1 }], { market: 'us', product: { area: 'eye' } }));
    expect(eye.verdict).toBe('adjust');
    expect(eye.remedies.filter((m) => m.ref === colour.ref)).toEqual([expect.objectContaining({ action: 'replace', code: 'colour_additive_use' })]);
    const lip = check(serum([{ n: lake, pct: 0.1 }], { market: 'us', product: { area: 'lip' } }));
    expect(lip.verdict).toBe('compatible_verify');
    if (!facts.has(lake)) expect(lip.remedies.filter((m) => m.code === 'colour_additive_lake')).toEqual([expect.objectContaining({ action: 'verify', ref: US_CFR.lakes.ref, target: lake })]);
  });

  it('does not cite EU Annex II for a prohibited trace', () => {
    const eu = check(serum([{ pct: 1, blend: [{ n: 'GLYCERIN', f: 1 }, { n: 'CHLOROFORM', f: 'trace' }] }]));
    const us = check(serum([{ pct: 1, blend: [{ n: 'GLYCERIN', f: 1 }, { n: 'CHLOROFORM', f: 'trace' }] }], { market: 'us' }));
    expect(eu.remedies.map((m) => m.code)).toContain('prohibited_trace');
    expect(us.remedies.map((m) => m.code)).not.toContain('prohibited_trace');
    expect(us.remedies.map((m) => m.code)).toContain('trace_component');
  });
});

describe('repair on the US market', () => {
  // Catalogue names some entry of the US pack covers, found through the pack.
  const REGULATED = [...new Set([...facts.values()].filter((f) => usEntriesOf(US_CFR, f.inci, f.cas).length > 0 || f.colourant).map((f) => f.inci))].sort();
  const ORDINARY = [...FACTS.values()].filter((f) => !f.colourant && usEntriesOf(US_CFR, f.inci, f.cas).length === 0).map((f) => f.inci);
  const amount = fc.noBias(fc.integer({ min: 1, max: 400 })).map((v) => v / 100);
  const name = fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...ORDINARY) }, { weight: 1, arbitrary: fc.constantFrom(...REGULATED) });
  const request: fc.Arbitrary<CheckRequest> = fc
    .record({
      base: fc.constantFrom(...ARCHITECTURES),
      basePct: fc.noBias(fc.integer({ min: 40, max: 90 })),
      ph: fc.noBias(fc.integer({ min: 300, max: 800 })).map((v) => v / 100),
      lines: fc.array(fc.record({ n: name, pct: amount }), { minLength: 1, maxLength: 8 }),
      productType: fc.constantFrom(...PRODUCT_TYPES),
      product: fc.record({ area: fc.constantFrom(...AREAS), spray: fc.boolean() }, { requiredKeys: [] }),
      market: fc.constant('us' as const),
    })
    .map((req) => {
      const room = Math.round((100 - req.basePct - req.lines.reduce((s, l) => s + l.pct, 0)) * 1e4) / 1e4;
      return room > 0 ? { ...req, lines: [{ n: 'AQUA', pct: room }, ...req.lines] } : req;
    })
    .filter((req) => CheckRequestSchema.safeParse(req).success);

  it('checking the repaired formula yourself gives the verdict reported for it', () => {
    expect(REGULATED.length).toBeGreaterThan(100);
    fc.assert(
      fc.property(request, (req) => {
        const { first, rep } = repair({ ...req, repair: true });
        expect(first.market).toBe('us');
        const again = check(rep.request);
        expect(again.verdict).toBe(rep.verdict);
        if (rep.verdict === 'adjust') expect(applyRemedies(rep.request, again.remedies, withRepair(rep.request))).toEqual(rep.request);
      }),
      { numRuns: 400 },
    );
  });
});
