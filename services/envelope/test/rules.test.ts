import { describe, expect, it } from 'vitest';
import { applyRemedies } from '@svc/formula';
import { checkFormula } from '../src/engine/check';
import { actions, balanced, category, check, codes, formula } from './helpers';
import { resolveFor } from './fixtures/resolver';

/** Applies the remedies once and checks again: the convergence promise, on one formula. */
function afterRemedies(req: Parameters<typeof check>[0]) {
  const first = check(req);
  const next = applyRemedies(req, first.remedies);
  return { first, next, second: check(next) };
}

const SIMPLE = [
  { n: 'Glycerin', pct: 3 },
  { n: 'Niacinamide', pct: 2 },
  { n: 'Phenoxyethanol', pct: 0.8 },
];

describe('a plain formula inside every limit', () => {
  it('is compatible, with no remedies', () => {
    const r = check(balanced('classic', 70, 5.75, SIMPLE));
    expect(r.verdict).toBe('compatible');
    expect(r.remedies).toEqual([]);
    expect(r.unmatched).toEqual([]);
    expect(category(r, 'HU')).toMatchObject({ load: 3, max: 15, share: 0.2, status: 'ok' });
  });
});

describe('loads against maxima', () => {
  // classic at basePct 70: EM max 0.40 × 70 = 28
  it('a load exactly at its maximum is near, not over', () => {
    const r = check(balanced('classic', 70, 5.75, [{ n: 'Squalane', pct: 16 }, { n: 'Caprylic/Capric Triglyceride', pct: 12 }]));
    expect(category(r, 'EM')).toMatchObject({ load: 28, max: 28, status: 'near' });
    expect(r.verdict).toBe('compatible_verify');
    expect(codes(r)).toEqual(['load_near_max']);
  });

  it('just above the maximum is over: adjust, reduce the lines that carry it to the maximum', () => {
    const r = check(balanced('classic', 70, 5.75, [{ n: 'Squalane', pct: 16 }, { n: 'Caprylic/Capric Triglyceride', pct: 12.01 }]));
    expect(category(r, 'EM')?.status).toBe('over');
    expect(r.verdict).toBe('adjust');
    const reduce = r.remedies.find((m) => m.action === 'reduce');
    expect(reduce).toMatchObject({ code: 'load_over', target: 'EM', from: 28.01, to: 28 });
    expect(reduce?.changes?.map((c) => c.line)).toEqual([1, 2]);
    expect(reduce?.message).toContain('Squalane');
    expect(reduce?.message).toContain('28 %');
    expect(reduce?.message).toContain('0.4 × basePct 70');
  });

  it('exactly 85 % of the maximum is near; just below is ok', () => {
    // classic HU max 15: 85 % = 12.75
    const near = check(balanced('classic', 70, 5.75, [{ n: 'Glycerin', pct: 10 }, { n: 'Butylene Glycol', pct: 2.75 }]));
    expect(category(near, 'HU')?.status).toBe('near');
    expect(near.verdict).toBe('compatible_verify');
    const ok = check(balanced('classic', 70, 5.75, [{ n: 'Glycerin', pct: 10 }, { n: 'Butylene Glycol', pct: 2.74 }]));
    expect(category(ok, 'HU')?.status).toBe('ok');
    expect(ok.verdict).toBe('compatible');
  });

  it('maxima that scale with basePct move with it; absolute ones do not', () => {
    const at50 = check(balanced('classic', 50, 5.75, SIMPLE)).maxLoads;
    const at80 = check(balanced('classic', 80, 5.75, SIMPLE)).maxLoads;
    expect([at50.EM, at80.EM, at50.SA, at80.SA, at50.SN, at80.SN]).toEqual([20, 32, 1, 1.6, 2, 3.2]);
    expect(at50.HU).toBe(15);
    expect(at80.HU).toBe(15);
    expect(Object.keys(at50)).toHaveLength(13);
    const clinical = check(balanced('clinical', 50, 5, SIMPLE)).maxLoads;
    expect([clinical.EM, clinical.AC, clinical.FR, clinical.HU]).toEqual([15, 10, 0.3, 20]);
  });

  it('organic UV filters load EM; zinc oxide and titanium dioxide do not', () => {
    const r = check(
      balanced('classic', 50, 6, [
        { n: 'Ethylhexyl Methoxycinnamate', pct: 7.5 },
        { n: 'Butyl Methoxydibenzoylmethane', pct: 3 },
        { n: 'C12-15 Alkyl Benzoate', pct: 6 },
        { n: 'Zinc Oxide', pct: 10 },
      ]),
    );
    expect(category(r, 'EM')).toMatchObject({ load: 16.5, max: 20, status: 'ok' });
    expect(category(r, 'UV')).toMatchObject({ load: 20.5, max: null, share: null });
  });

  it('reducing EM over organic filters warns that SPF must be re-tested', () => {
    const r = check(balanced('classic', 50, 6, [{ n: 'Ethylhexyl Methoxycinnamate', pct: 10 }, { n: 'Squalane', pct: 12 }]));
    expect(r.verdict).toBe('adjust');
    const reduce = r.remedies.find((m) => m.target === 'EM');
    expect(reduce?.message).toMatch(/organic UV filters included/);
    expect(reduce?.message).toMatch(/SPF/);
  });

  it('electrolytes weigh by ionic strength: monovalent × 1, divalent × 3, trivalent × 6', () => {
    const salt = (n: string, pct: number) => category(check(balanced('classic', 70, 5.75, [{ n, pct }])), 'EL');
    expect(salt('Sodium Chloride', 0.5)?.load).toBe(0.5);
    expect(salt('Magnesium Sulfate', 0.2)?.load).toBe(0.6);
    expect(salt('Aluminum Chloride', 0.1)?.load).toBe(0.6);
    // classic EL max 1.0: 0.34 % magnesium sulfate is 1.02, over; the same % of sodium chloride is fine
    expect(salt('Magnesium Sulfate', 0.34)?.status).toBe('over');
    expect(salt('Sodium Chloride', 0.34)?.status).toBe('ok');
    // trisodium citrate is a pH adjuster here, not an EL load
    expect(category(check(balanced('classic', 70, 5.75, [{ n: 'Sodium Citrate', pct: 2 }])), 'EL')).toBeUndefined();
  });

  it('acids and preservative salts count as their free acid', () => {
    // classic AC max 2: 2.4 % ammonium glycolate is 1.961 % glycolic acid; 2.4 % glycolic acid is over
    const salt = check(balanced('classic', 70, 5, [{ n: 'Ammonium Glycolate', pct: 2.4 }]));
    expect(category(salt, 'AC')).toMatchObject({ load: 1.961, status: 'near' });
    const acid = check(balanced('classic', 70, 5, [{ n: 'Glycolic Acid', pct: 2.4 }]));
    expect(category(acid, 'AC')?.status).toBe('over');
    const pr = check(balanced('classic', 70, 4.9, [{ n: 'Sodium Benzoate', pct: 0.5 }, { n: 'Potassium Sorbate', pct: 0.3 }]));
    expect(category(pr, 'PR')?.load).toBe(0.647); // 0.5 × 0.847 + 0.3 × 0.746
  });
});

describe('pH window and verify band', () => {
  const at = (ph: number, base: 'classic' | 'luxe' | 'clinical' = 'classic') => check(balanced(base, 70, ph, SIMPLE));

  it('a pH exactly on the window edge is inside the window but in the verify band', () => {
    for (const [base, ph] of [['classic', 4.5], ['classic', 7.0], ['luxe', 5.0], ['clinical', 3.5], ['clinical', 6.5]] as const) {
      const r = at(ph, base);
      expect(r.verdict, `${base} ${ph}`).toBe('compatible_verify');
      expect(codes(r)).toEqual(['ph_near_edge']);
    }
  });

  it('the verify band includes its inner boundary', () => {
    expect(at(4.8).verdict).toBe('compatible_verify');
    expect(at(4.81).verdict).toBe('compatible');
    expect(at(6.7).verdict).toBe('compatible_verify');
    expect(at(6.69).verdict).toBe('compatible');
  });

  it('just outside the window is adjust, with set_ph to the comfortable range and its middle', () => {
    for (const ph of [4.49, 7.01]) {
      const r = at(ph);
      expect(r.verdict).toBe('adjust');
      expect(r.remedies[0]).toMatchObject({ code: 'ph_outside_window', action: 'set_ph', from: ph, to: { min: 4.8, max: 6.7 } });
      expect(applyRemedies(balanced('classic', 70, ph, SIMPLE), r.remedies).ph).toBe(5.75);
    }
  });

  it('aims below the efficacy pH of an organic-acid preservative when the window allows', () => {
    const req = balanced('classic', 70, 7.4, [{ n: 'Sodium Benzoate', pct: 0.5 }, { n: 'Glycerin', pct: 3 }]);
    const r = check(req);
    expect(r.remedies[0]?.to).toEqual({ min: 4.8, max: 5 });
    expect(afterRemedies(req).second.verdict).toBe('compatible');
  });
});

describe('balance', () => {
  it('balances within 0.05 and not beyond', () => {
    expect(check(formula('classic', 70, 5.75, [{ n: 'Aqua', pct: 24.25 }, ...SIMPLE])).verdict).toBe('compatible'); // 100.05
    expect(check(formula('classic', 70, 5.75, [{ n: 'Aqua', pct: 24.15 }, ...SIMPLE])).verdict).toBe('compatible'); // 99.95
    const over = check(formula('classic', 70, 5.75, [{ n: 'Aqua', pct: 24.26 }, ...SIMPLE])); // 100.06
    expect(over.verdict).toBe('adjust');
    expect(over.remedies).toEqual([expect.objectContaining({ code: 'not_balanced', action: 'balance', from: 100.06, to: 100 })]);
    const under = check(formula('classic', 70, 5.75, [{ n: 'Aqua', pct: 24.14 }, ...SIMPLE])); // 99.94
    expect(under.verdict).toBe('adjust');
    expect(applyRemedies(formula('classic', 70, 5.75, [{ n: 'Aqua', pct: 24.14 }, ...SIMPLE]), under.remedies).lines[0]).toEqual({ n: 'Aqua', pct: 24.2 });
  });

  it('adds an AQUA line when there is no water', () => {
    const req = formula('classic', 70, 5.75, SIMPLE);
    const { first, next, second } = afterRemedies(req);
    expect(first.remedies[0]?.message).toContain('Add an AQUA line at 24.2 %');
    expect(next.lines.at(-1)).toEqual({ n: 'AQUA', pct: 24.2 });
    expect(second.verdict).toBe('compatible');
  });

  it('lowers basePct when the lines overflow and there is no water to take from', () => {
    const req = formula('luxe', 100, 6, [{ n: 'Parfum', pct: 0.5 }]);
    const r = check(req);
    expect(r.remedies).toEqual([expect.objectContaining({ action: 'lower_base', from: 100, to: 99.5 })]);
    expect(afterRemedies(req).second.verdict).toBe('compatible');
  });
});

describe('trace components', () => {
  it('a trace-only blend makes the answer compatible_verify, never worse', () => {
    const req = balanced('classic', 70, 5.75, [
      ...SIMPLE,
      { pct: 0.5, blend: [{ n: 'Tocopherol', f: 'trace' }, { n: 'Helianthus Annuus Seed Oil', f: 'trace' }] },
    ]);
    const r = check(req);
    expect(r.verdict).toBe('compatible_verify');
    expect(codes(r)).toEqual(['trace_component']);
    expect(r.lines.filter((l) => l.trace).map((l) => [l.inci, l.pct, l.line])).toEqual([
      ['TOCOPHEROL', 0, 4],
      ['HELIANTHUS ANNUUS SEED OIL', 0, 4],
    ]);
  });

  it('a trace of a prohibited ingredient or of a cationic next to anionics stays compatible_verify', () => {
    const r = check(
      balanced('classic', 70, 5.75, [
        { n: 'Sodium Laureth Sulfate', pct: 1 },
        { pct: 0.5, blend: [{ n: 'Parfum', f: 1 }, { n: 'Butylphenyl Methylpropional', f: 'trace' }, { n: 'Behentrimonium Chloride', f: 'trace' }] },
      ]),
    );
    expect(r.verdict).toBe('compatible_verify');
    expect(codes(r)).toEqual(['prohibited_trace', 'trace_component']);
    expect(r.remedies[0]?.message).toContain('Annex II/1666');
  });
});

describe('anionic and cationic together', () => {
  const pair = (anionic: number, cationic: number) =>
    check(balanced('classic', 70, 5.5, [{ n: 'Sodium Laureth Sulfate', pct: anionic }, { n: 'Behentrimonium Chloride', pct: cationic }]));

  it('both above 0.1 % is adjust with a separate remedy on the smaller class', () => {
    const r = pair(1, 0.2);
    expect(r.verdict).toBe('adjust');
    expect(r.remedies[0]).toMatchObject({ code: 'anionic_cationic', action: 'separate', target: 'cationic', from: 0.2, to: 0 });
    expect(r.remedies[0]?.changes).toEqual([{ line: 2, from: 0.2, to: 0 }]);
    expect(r.remedies[0]?.message).toContain('SODIUM LAURETH SULFATE');
    expect(r.remedies[0]?.message).toContain('BEHENTRIMONIUM CHLORIDE');
    expect(pair(0.15, 0.25).remedies[0]?.target).toBe('anionic');
  });

  it('exactly 0.1 % of one side is not above', () => {
    expect(pair(1, 0.1).verdict).toBe('compatible');
    // 0.3 % cationic is exactly the classic CA maximum: near, so verify, but no clash
    expect(codes(pair(0.1, 0.3))).toEqual(['load_near_max']);
    expect(pair(0.11, 0.11).verdict).toBe('adjust');
  });

  it('cationic polymers count, amphoteric surfactants do not', () => {
    const poly = check(balanced('classic', 70, 5.5, [{ n: 'Sodium Laureth Sulfate', pct: 1 }, { n: 'Polyquaternium-10', pct: 0.2 }]));
    expect(codes(poly)).toContain('anionic_cationic');
    const betaine = check(balanced('classic', 70, 5.5, [{ n: 'Cocamidopropyl Betaine', pct: 1 }, { n: 'Behentrimonium Chloride', pct: 0.2 }]));
    expect(betaine.verdict).toBe('compatible');
  });
});

describe('prohibited and unmatched ingredients', () => {
  it('a prohibited ingredient is adjust with a remove remedy naming the Annex II entry', () => {
    const req = balanced('classic', 70, 5.75, [...SIMPLE, { n: 'Lilial', pct: 0.05 }]);
    const r = check(req);
    expect(r.verdict).toBe('adjust');
    expect(r.remedies[0]).toMatchObject({ code: 'prohibited', action: 'remove', target: 'BUTYLPHENYL METHYLPROPIONAL', to: 0 });
    expect(r.remedies[0]?.message).toContain('Annex II/1666');
    const { next, second } = afterRemedies(req);
    expect(next.lines.some((l) => 'n' in l && l.n === 'Lilial')).toBe(false);
    expect(second.verdict).toBe('compatible');
  });

  it('an unmatched line is compatible_verify with a verify remedy and library suggestions', () => {
    const r = check(balanced('classic', 70, 5.75, [...SIMPLE, { n: 'Glycerinn', pct: 1 }]));
    expect(r.verdict).toBe('compatible_verify');
    expect(r.unmatched).toEqual([{ n: 'Glycerinn', suggestions: expect.arrayContaining(['GLYCERIN']) }]);
    expect(r.remedies).toEqual([expect.objectContaining({ code: 'unmatched', action: 'verify', target: 'Glycerinn' })]);
    expect(r.lines.at(-1)).toMatchObject({ n: 'Glycerinn', inci: null, c: null, matched: false, pct: 1 });
  });

  it('a name the resolver never answered counts as unmatched, without suggestions', () => {
    const req = balanced('classic', 70, 5.75, SIMPLE);
    const r = checkFormula(req, new Map());
    expect(r.verdict).toBe('compatible_verify');
    expect(r.unmatched.map((u) => u.suggestions)).toEqual([[], [], [], []]);
  });
});

describe('preservative efficacy pH and alcohol', () => {
  it('an organic-acid preservative above its efficacy pH asks for verification', () => {
    const at = (ph: number) => check(balanced('classic', 70, ph, [{ n: 'Sodium Benzoate', pct: 0.5 }]));
    expect(at(5.0).verdict).toBe('compatible');
    expect(codes(at(5.5))).toEqual(['preservative_ph']);
    expect(at(5.5).remedies[0]?.message).toMatch(/benzoic acid.*pH 5\.0.*pH 5\.5/);
  });

  it('salicylic acid used as an exfoliant is not a preservative case', () => {
    // Only its Annex III/98 condition of use (a purpose other than preservation) is left to verify.
    const r = check({ ...balanced('classic', 70, 5.5, [{ n: 'Salicylic Acid', pct: 0.5 }]), product: { area: 'face' } });
    expect(r.verdict).toBe('compatible_verify');
    expect(r.remedies.map((m) => [m.code, m.ref])).toEqual([['annex_verify', 'III/98']]);
  });

  it('short-chain alcohol strictly above half its maximum asks for verification', () => {
    const at = (pct: number) => check(balanced('classic', 70, 5.75, [{ n: 'Alcohol', pct }]));
    expect(at(4).verdict).toBe('compatible');
    expect(codes(at(4.1))).toEqual(['alcohol_high']);
    expect(codes(at(6.8))).toEqual(['load_near_max']);
  });
});

describe('basePct', () => {
  it('100 % chassis with a zero line is fine; a tiny basePct still has maxima', () => {
    expect(check(formula('classic', 100, 5.75, [{ n: 'Aqua', pct: 0 }])).verdict).toBe('compatible');
    const tiny = check(formula('classic', 0.5, 5.75, [{ n: 'Aqua', pct: 99.3 }, { n: 'Squalane', pct: 0.2 }]));
    expect(tiny.maxLoads.EM).toBe(0.2);
    expect(category(tiny, 'EM')?.status).toBe('near');
  });

  it('outside (0, 100] is adjust with raise_base or lower_base, and the remedies converge', () => {
    for (const [basePct, action] of [[0, 'raise_base'], [-5, 'raise_base'], [Number.NaN, 'raise_base'], [120, 'lower_base']] as const) {
      const req = formula('classic', basePct, 5.75, [{ n: 'Aqua', pct: 20 }, ...SIMPLE]);
      const r = checkFormula(req, resolveFor(req));
      expect(r.verdict).toBe('adjust');
      expect(actions(r)).toContain(action);
      const next = applyRemedies(req, r.remedies);
      expect(next.basePct).toBe(74.2);
      expect(checkFormula(next, resolveFor(next)).verdict).not.toBe('adjust');
    }
  });
});

describe('output shapes', () => {
  it('lists every component with its line index, blends expanded', () => {
    const r = check(
      formula('classic', 70, 5.75, [
        { n: ' Aqua ', pct: 28.5 },
        { pct: 1, blend: [{ n: 'Phenoxyethanol', f: 0.9 }, { n: 'Ethylhexylglycerin', f: 0.1 }] },
        { n: 'Glycerin', pct: 0.5 },
      ]),
    );
    expect(r.lines).toEqual([
      { n: 'Aqua', inci: 'AQUA', c: 'AQ', pct: 28.5, matched: true, line: 0, trace: false },
      { n: 'Phenoxyethanol', inci: 'PHENOXYETHANOL', c: 'PR', pct: 0.9, matched: true, line: 1, trace: false },
      { n: 'Ethylhexylglycerin', inci: 'ETHYLHEXYLGLYCERIN', c: 'BO', pct: 0.1, matched: true, line: 1, trace: false },
      { n: 'Glycerin', inci: 'GLYCERIN', c: 'HU', pct: 0.5, matched: true, line: 2, trace: false },
    ]);
    expect(r.categories.map((c) => c.code)).toEqual(['AQ', 'HU', 'PR', 'BO']);
  });

  it('the same request always gives the same answer', () => {
    const req = balanced('luxe', 60, 5.2, [{ n: 'Squalane', pct: 20 }, { n: 'Sodium Benzoate', pct: 0.4 }, { n: 'Xyz', pct: 1 }]);
    expect(JSON.stringify(check(req))).toBe(JSON.stringify(check(structuredClone(req))));
  });

  it('does not modify the request', () => {
    const req = balanced('classic', 50, 8, [{ n: 'Squalane', pct: 30 }, { n: 'Lilial', pct: 0.1 }]);
    const copy = structuredClone(req);
    const r = check(req);
    applyRemedies(req, r.remedies);
    expect(req).toEqual(copy);
  });
});
