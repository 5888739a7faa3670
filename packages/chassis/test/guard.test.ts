import { describe, expect, it } from 'vitest';
import { DEFAULT_CHASSIS_FILE, LeakError, assertNoLeak, findLeaks, loadChassis } from '../src/index';

const chassis = loadChassis(DEFAULT_CHASSIS_FILE);

describe('egress filter', () => {
  it('passes a finished label, digits inside names included', () => {
    const label = 'AQUA, GLYCERIN, POLYGLYCERYL-10 LAURATE, 1,2-HEXANEDIOL, SODIUM PHYTATE, PEG-8 BEESWAX, CI 77491, CI 77891';
    expect(findLeaks(label, chassis)).toEqual([]);
    expect(findLeaks({ ordered: label.split(', '), tail: ['AQUA', 'GLYCERIN'] }, chassis)).toEqual([]);
  });

  it('passes a list where a name ending in a number precedes a component name', () => {
    expect(findLeaks('PEPTIDE COMPLEX 7, GLYCERIN, YELLOW 5', chassis)).toEqual([]);
    expect(findLeaks('about 7 % GLYCERIN', chassis)).toHaveLength(1);
    expect(findLeaks('7, GLYCERIN', chassis)).toHaveLength(1);
  });

  it('passes law text kept apart from the name', () => {
    expect(findLeaks({ n: 'PHENOXYETHANOL', ref: 'V/29', status: 'over_cap', limit: '1.0 % (EU Annex V/29)' }, chassis)).toEqual([]);
    expect(findLeaks('PHENOXYETHANOL is above the Annex V limit for this product type.', chassis)).toEqual([]);
  });

  it('catches a component name next to a number, either side, any case', () => {
    for (const text of ['AQUA 57.36 %', 'the chassis holds glycerin: 8', '6 % Caprylic/Capric Triglyceride', 'SQUALANE (2)', 'water = 71,7', 'PHENOXYETHANOL 1.0 % (EU Annex V/29)']) {
      const f = findLeaks({ text }, chassis);
      expect(f, text).toHaveLength(1);
      expect(f[0]!.kind).toBe('amount');
      expect(f[0]!.path).toBe('text');
    }
  });

  it('does not confuse a longer name containing a component name', () => {
    expect(findLeaks('POLYGLYCERYL-10 LAURATE, 2 drops', chassis)).toHaveLength(1);
    expect(findLeaks('GLYCERINE 5', chassis)).toEqual([]);
    expect(findLeaks('POLYGLYCERIN 5', chassis)).toEqual([]);
  });

  it('catches structured pairs: an object with a name and a number, an array, a key', () => {
    expect(findLeaks({ composition: [{ name: 'AQUA', pct: 57 }] }, chassis)[0]).toMatchObject({ kind: 'amount', path: 'composition[0]', component: 'AQUA' });
    expect(findLeaks(['TOCOPHEROL', 0.4], chassis)).toHaveLength(1);
    expect(findLeaks({ loads: { 'XANTHAN GUM': 0.24 } }, chassis)[0]).toMatchObject({ path: 'loads.XANTHAN GUM' });
    expect(findLeaks({ name: 'NIACINAMIDE', pct: 4 }, chassis)).toEqual([]);
  });

  it("allows the caller's own name/amount pairs (composition mode)", () => {
    const row = { name: 'GLYCERIN', pct: 3 };
    expect(findLeaks(row, chassis, { allow: [{ name: 'GLYCERIN', pct: 3 }] })).toEqual([]);
    expect(findLeaks('| GLYCERIN | 3 | lines[1] |', chassis, { allow: [{ name: 'GLYCERIN', pct: 3 }] })).toEqual([]);
    expect(findLeaks('| GLYCERIN | 6.4 | chassis |', chassis, { allow: [{ name: 'GLYCERIN', pct: 3 }] })).toHaveLength(1);
  });

  it("allows a caller's longer name that ends in a chassis name, with the caller's own amount only", () => {
    const allow = [{ name: 'ROSA DAMASCENA FLOWER WATER', pct: 0.001 }];
    expect(findLeaks('| ROSA DAMASCENA FLOWER WATER | 0.001 | lines[0] |', chassis, { allow })).toEqual([]);
    expect(findLeaks('| ROSA DAMASCENA FLOWER WATER | 0.002 | lines[0] |', chassis, { allow })).toHaveLength(1);
    expect(findLeaks('| AQUA | 0.001 | lines[0] |', chassis, { allow })).toHaveLength(1);
    expect(findLeaks('| ROSE WATER | 0.001 | lines[0] |', chassis, { allow })).toHaveLength(1);
    expect(findLeaks('| XROSA DAMASCENA FLOWER WATER | 0.001 |', chassis, { allow })).toHaveLength(1);
  });

  it('catches canary tokens anywhere, and any canary-like token', () => {
    expect(findLeaks({ a: { b: ['see CANARY-7F3A91 notes'] } }, chassis)[0]).toMatchObject({ kind: 'canary', path: 'a.b[0]' });
    expect(findLeaks('log canary-0000ff', chassis)[0]?.kind).toBe('canary');
  });

  it('throws a verdict that names places, never the number or the token', () => {
    let err: unknown;
    try {
      assertNoLeak({ msg: 'AQUA 71.7 and canary-c04be2' }, chassis);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(LeakError);
    const m = (err as Error).message;
    expect(m).toMatch(/egress blocked: 2 possible chassis disclosure/);
    expect(m).toContain('msg');
    expect(m).not.toContain('71.7');
    expect(m).not.toMatch(/c04be2/);
    expect(() => assertNoLeak({ ok: 'AQUA, GLYCERIN' }, chassis)).not.toThrow();
  });

  it('guards US label names of chassis components too', () => {
    expect(findLeaks('WATER 57 %', chassis)).toHaveLength(1);
    expect(findLeaks('SQUALANE (OLIVE) 2', chassis, { extraNames: ['SQUALANE (OLIVE)'] })).toHaveLength(1);
  });
});

describe('caller names echoed in an answer', () => {
  const c = loadChassis(DEFAULT_CHASSIS_FILE);
  const label = { finished_inci: 'AQUA, NIACINAMIDE 5%, GLYCERIN, FOO (5), SQUALANE, LOT 12., CHOLESTEROL', ordered: ['AQUA', 'NIACINAMIDE 5%', 'GLYCERIN'] };
  const names = ['AQUA', 'Niacinamide  5%', 'FOO (5)', 'lot 12.'];

  it('read as amounts beside whichever chassis name they land next to, unless named as the caller\'s', () => {
    expect(findLeaks(label, c).length).toBeGreaterThan(0);
    expect(findLeaks(label, c, { callerNames: names })).toEqual([]);
  });

  it('still finds a number the service itself put beside a chassis name', () => {
    const leaky = { ...label, reasons: ['NIACINAMIDE 5% and SQUALANE 2.0 % of the base'] };
    expect(findLeaks(leaky, c, { callerNames: names })).toEqual([expect.objectContaining({ kind: 'amount', component: 'SQUALANE' })]);
  });

  it('never blanks a bare number or a chassis name the caller also sent', () => {
    expect(findLeaks({ t: 'SQUALANE 10' }, c, { callerNames: ['10'] }).length).toBe(1);
    expect(findLeaks({ t: 'GLYCERIN 7' }, c, { callerNames: ['GLYCERIN', 'GLYCERIN 7'] }).length).toBe(1);
  });
});
