import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANNEX_V, RULES, WATER_ACTIVITY, assessPreservation, namesToResolve, parsePreservationRequest, waterActivity } from '../src/engine/index';
import { EXAMPLE, FACTS, resolveNames } from '../../../test/support/chassis-facts';

describe('preservation request schema', () => {
  it('applies the defaults and accepts an optional pH', () => {
    const p = parsePreservationRequest({ variant: 'classic', nbPct: 90, lines: [{ n: 'AQUA', pct: 10 }] });
    expect(p.ok && p.value).toMatchObject({ productType: 'leave_on', market: 'eu' });
    expect(p.ok && p.value.ph).toBeUndefined();
  });

  it('maps every violation to its field path', () => {
    const p = parsePreservationRequest({
      variant: 'gold',
      nbPct: -1,
      ph: 14.5,
      productType: 'wash_off',
      market: 'us',
      mode: 'label',
      lines: [{ n: 'A', pct: 1 }, { pct: 1, blend: [{ n: 'B', f: 0.5 }] }],
    });
    expect(p.ok).toBe(false);
    if (p.ok) return;
    const byField = Object.fromEntries(p.problems.map((x) => [x.field, x.message]));
    expect(byField).toMatchObject({
      variant: 'must be one of classic, luxe, clinical',
      nbPct: 'must be greater than 0 and at most 100 (% of the finished product)',
      ph: 'must be between 0 and 14',
      productType: 'must be one of leave_on, rinse_off',
      market: 'must be eu (the only market supported)',
      mode: 'unknown field',
    });
    expect(byField['lines[1].blend']).toMatch(/sum to 1/);
  });
});

describe('water activity model', () => {
  it('matches the Norrish and ideal-electrolyte equations worked by hand', () => {
    // 50 g glycerin in 50 g water: xs = 0.1636, aw = 0.8364 exp(-1.16 xs²) = 0.8108
    expect(waterActivity(50, new Map([['GLYCERIN', 50]]), WATER_ACTIVITY)).toBeCloseTo(0.8108, 3);
    // 5 g NaCl in 95 g water: ln aw = -2 n/nw = -0.03245, aw = 0.9681 (measured: about 0.970)
    expect(waterActivity(95, new Map([['SODIUM CHLORIDE', 5]]), WATER_ACTIVITY)).toBeCloseTo(0.9681, 3);
    // Ross: the mixture is the product of the two.
    const both = waterActivity(50, new Map([['GLYCERIN', 25], ['SODIUM CHLORIDE', 2.5]]), WATER_ACTIVITY)!;
    const g = waterActivity(50, new Map([['GLYCERIN', 25]]), WATER_ACTIVITY)!;
    const s = waterActivity(50, new Map([['SODIUM CHLORIDE', 2.5]]), WATER_ACTIVITY)!;
    expect(both).toBeCloseTo(g * s, 10);
    expect(waterActivity(0, new Map(), WATER_ACTIVITY)).toBeNull();
    expect(waterActivity(10, new Map([['UNKNOWN THING', 90]]), WATER_ACTIVITY)).toBe(1);
  });
});

describe('reviewed Annex V pack', () => {
  it('cites its source and vintage and holds the must-pass limits', () => {
    const raw = JSON.parse(readFileSync(resolve(import.meta.dirname, '../src/data/annex-v.json'), 'utf8')) as { source: string; vintage: string };
    expect(raw.source).toBe('European Commission, CosIng');
    expect(raw.vintage).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const pe = ANNEX_V.byRef.get('V/29')!;
    expect(pe.limits.leave_on).toEqual({ max: 1, text: '1.0 % (EU Annex V/29)' });
    const mi = ANNEX_V.byRef.get('V/57')!;
    expect(mi.limits.leave_on.max).toBeNull();
    expect(mi.limits.rinse_off.max).toBe(0.0015);
    expect(mi.isothiazolinone).toBe(true);
    expect(ANNEX_V.byRef.get('V/12')!.perEster).toBe(0.4);
    expect(ANNEX_V.byRef.get('V/12a')!.limits.leave_on.max).toBe(0.14);
    expect(ANNEX_V.groups[0]).toMatchObject({ refs: ['V/12', 'V/12a'], max: 0.8 });
    for (const n of ['ISOPROPYLPARABEN', 'ISOBUTYLPARABEN', 'PHENYLPARABEN', 'BENZYLPARABEN', 'PENTYLPARABEN']) expect(ANNEX_V.prohibited.has(n), n).toBe(true);
    expect(ANNEX_V.memberOf.get('SODIUM BENZOATE')?.asAcid).toBe(0.847);
    expect(ANNEX_V.memberOf.get('POTASSIUM SORBATE')?.asAcid).toBe(0.746);
    expect(ANNEX_V.memberOf.get('SODIUM DEHYDROACETATE')?.asAcid).toBe(0.884);
  });

  it('agrees with the library facts on the as-acid factors it shares', () => {
    for (const f of FACTS.values()) {
      const m = ANNEX_V.memberOf.get(f.inci);
      if (m?.asAcid !== undefined && f.asAcid !== null) expect(f.asAcid, f.inci).toBeCloseTo(m.asAcid, 3);
    }
  });

  it('every top-up candidate is a reviewed Annex V entry or a booster with efficacy data', () => {
    for (const t of RULES.topUp) {
      if (t.ref) expect(ANNEX_V.byRef.has(t.ref), t.name).toBe(true);
      if (t.c === 'BO') expect(RULES.efficacy.boosters[t.booster ?? ''], t.name).toBeDefined();
    }
  });
});

describe('preservation behaviour', () => {
  const assess = (body: Record<string, unknown>) => {
    const p = parsePreservationRequest(body);
    if (!p.ok) throw new Error(JSON.stringify(p.problems));
    return assessPreservation(p.value, resolveNames(namesToResolve(p.value, EXAMPLE)), EXAMPLE);
  };

  it('counts a salt as its acid: the same benzoate as is would be over the limit', () => {
    const r = assess({ variant: 'clinical', nbPct: 80, ph: 5, lines: [{ n: 'SODIUM BENZOATE', pct: 0.59 }, { n: 'AQUA', pct: 19.41 }] });
    expect(r.caps).toEqual([{ n: 'SODIUM BENZOATE', ref: 'V/1', status: 'within', limit: '0.5 % as acid in leave-on products (EU Annex V/1)' }]);
    const rinse = assess({ variant: 'clinical', nbPct: 80, ph: 5, productType: 'rinse_off', lines: [{ n: 'SODIUM BENZOATE', pct: 2.9 }, { n: 'AQUA', pct: 17.1 }] });
    expect(rinse.caps[0]).toMatchObject({ status: 'within', limit: '2.5 % as acid in rinse-off products (EU Annex V/1)' });
  });

  it('counts the chassis: dilution changes the phenoxyethanol verdict only through its band', () => {
    const at = (nbPct: number) => assess({ variant: 'classic', nbPct, ph: 5.5, lines: [{ n: 'PHENOXYETHANOL', pct: 0.45 }, { n: 'AQUA', pct: 100 - nbPct - 0.45 }] }).caps[0]!.status;
    expect(at(95)).toBe('over_cap'); // band (0.5, 0.6]: 0.6 + 0.45
    expect(at(80)).toBe('within'); // band (0.4, 0.5]: 0.5 + 0.45
  });

  it('tells the caller what was not given', () => {
    const r = assess({ variant: 'classic', nbPct: 90, lines: [{ n: 'POTASSIUM SORBATE', pct: 0.3 }, { n: 'AQUA', pct: 9 }] });
    expect(r.reasons.map((x) => x.code)).toEqual(expect.arrayContaining(['ph_unknown', 'unbalanced']));
    expect(r.advice.join(' ')).toMatch(/Measure the pH/);
  });
});
