/** The label's regulatory additions (issue 29): the "[+/- ...]" shade group and the annex warnings. */
import { describe, expect, it } from 'vitest';
import { PRODUCT_DEFAULTS, type IngredientFacts } from '@svc/formula';
import { EU_ANNEXES, labelWarnings, type Entry } from '@svc/regulation';
import { buildLabel, namesToResolve, parseLabelRequest } from '../src/engine/index';
import { EXAMPLE, resolveNames } from '../../../test/support/chassis-facts';
import { shippedFacts } from '../../envelope/test/fixtures/shipped';

function build(body: Record<string, unknown>) {
  const p = parseLabelRequest(body);
  if (!p.ok) throw new Error(JSON.stringify(p.problems));
  return buildLabel(p.value, resolveNames(namesToResolve(p.value, EXAMPLE)), EXAMPLE);
}

describe('may contain', () => {
  it('prints the shade-range colourants last, after +/-, and the others where colourants go', () => {
    const out = build({ variant: 'classic', nbPct: 90, lines: [{ n: 'AQUA', pct: 9.7 }, { n: 'CI 77019', pct: 0.1 }, { n: 'CI 42090', pct: 0.1, mayContain: true }, { n: 'CI 15985', pct: 0.1, mayContain: true }] });
    if (out.mode !== 'label') throw new Error('label mode expected');
    expect(out.mayContain).toEqual(['CI 15985', 'CI 42090']);
    expect(out.finished_inci.endsWith(', CI 77019, [+/- CI 15985, CI 42090]')).toBe(true);
  });

  it('refuses a mayContain that is not true or false, naming the field', () => {
    const p = parseLabelRequest({ variant: 'classic', nbPct: 90, lines: [{ n: 'CI 77019', pct: 10, mayContain: 'yes' }] });
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.problems.map((x) => x.field)).toEqual(['lines[0].mayContain']);
  });
});

describe('annex warnings', () => {
  it('prints every warning of a sub-condition that applies to the product, in annex order, and none for another product', () => {
    // An ordinary (not product-class) sub-condition with wording, and an ingredient it names.
    const facts = [...shippedFacts().values()];
    const found = EU_ANNEXES.entries
      .filter((e): e is Entry => e.annex === 'III' && e.status === 'structured')
      .flatMap((e) => e.items.filter((i) => i.warnings.length > 0 && i.special === null && !i.professional && !i.sprayOnly && !i.nano).map((i) => ({ e, i, f: facts.find((x) => x.refs.includes(e.ref)) })))
      .find((x): x is typeof x & { f: IngredientFacts } => x.f !== undefined);
    expect(found).toBeDefined();
    const { e, i, f } = found!;
    const [area, productType] = (i.cells[0] as string).split(':') as ['face', 'leave_on'];
    const w = labelWarnings([{ inci: f.inci, refs: f.refs, nano: false }], { ...PRODUCT_DEFAULTS, area, productType }, EU_ANNEXES);
    const mine = w.find((x) => x.ref === e.ref);
    expect(mine?.text).toEqual(expect.arrayContaining(i.warnings));
    expect(mine?.regulation).toContain('1223/2009');
    const elsewhere = e.items.flatMap((x) => x.cells);
    const outside = ['face', 'eye', 'lip', 'oral', 'hair', 'nail', 'body', 'skin', 'scalp'].flatMap((a) => [`${a}:leave_on`, `${a}:rinse_off`]).find((c) => !elsewhere.includes(c as never));
    if (outside) {
      const [a, t] = outside.split(':') as ['face', 'leave_on'];
      expect(labelWarnings([{ inci: f.inci, refs: f.refs, nano: false }], { ...PRODUCT_DEFAULTS, area: a, productType: t }, EU_ANNEXES).find((x) => x.ref === e.ref)).toBeUndefined();
    }
  });
});
