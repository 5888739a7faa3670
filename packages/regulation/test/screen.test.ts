/**
 * The regulatory screen on the shipped data: the pack built from the CosIng annexes and the
 * catalogue the library ships. Every figure comes from the pack; the cases are generated from it.
 */
import { describe, expect, it } from 'vitest';
import { PRODUCT_DEFAULTS, type Area, type IngredientFacts, type ProductDescription, type ProductType } from '@svc/formula';
import { shippedCatalogue } from '../../../scripts/catalogue-fixture';
import { EU_ANNEXES, screenFormula, type Cell, type Entry, type Item, type ScreenComponent } from '../src/index';

const pack = EU_ANNEXES;
const ingredients: IngredientFacts[] = shippedCatalogue().entries.map((e) => e.facts);

function component(f: IngredientFacts, pct: number, nano = false): ScreenComponent {
  return { inci: f.inci, refs: f.refs, prohibited: f.prohibited, pct, asAcid: f.asAcid, nano, line: 0, linePct: pct };
}

function productIn(cell: Cell, over: Partial<ProductDescription> = {}): ProductDescription {
  const [area, use] = cell.split(':') as [Area, ProductType];
  return { ...PRODUCT_DEFAULTS, area, productType: use, ...over };
}

const screen = (f: IngredientFacts, pct: number, p: ProductDescription, ph: number | null = 5.5) => screenFormula([component(f, pct)], p, ph, pack);
const about = (ref: string, r: ReturnType<typeof screen>) => r.remedies.filter((m) => m.ref === ref);

describe('the pack', () => {
  it('says where it comes from and how much of it is structured', () => {
    expect(pack.source).toContain('European Commission, CosIng');
    expect(pack.version).toMatch(/^eu-annexes-\d{4}-\d{2}-\d{2}$/);
    for (const annex of ['III', 'VI']) {
      const n = pack.entries.filter((e) => e.annex === annex);
      expect(n.filter((e) => e.status === 'structured').length).toBeGreaterThan(n.filter((e) => e.status === 'unstructured').length);
      expect(pack.coverage[annex]?.structured).toBe(n.filter((e) => e.status === 'structured').length);
    }
    for (const e of pack.entries.filter((x) => x.status === 'unstructured')) expect(e.raw?.length ?? 0).toBeGreaterThan(0);
  });
});

describe('Annex II', () => {
  // Ingredients whose only annex entries are unconditional Annex II prohibitions with no lifting entry.
  const banned = ingredients.filter((f) => {
    const entries = f.refs.map((r) => pack.byRef.get(r)).filter((e): e is Entry => e !== undefined);
    return entries.length > 0 && entries.length === f.refs.length && entries.every((e) => e.annex === 'II' && e.status === 'prohibited' && e.liftedBy.length === 0);
  });

  it('refuses every Annex II substance without an exception, in every product, citing its entry', () => {
    expect(banned.length).toBeGreaterThan(300);
    const products: ProductDescription[] = [PRODUCT_DEFAULTS, productIn('hair:rinse_off', { professional: true }), productIn('nail:leave_on', { professional: true })];
    for (const f of banned) {
      for (const p of products) {
        const r = screen(f, 0.01, p);
        expect(r.adjust, f.inci).toBe(true);
        const remove = r.remedies.find((m) => m.action === 'remove');
        expect(remove, f.inci).toMatchObject({ code: 'prohibited', target: f.inci, to: 0, changes: [{ line: 0, from: 0.01, to: 0 }] });
        expect(f.refs).toContain(remove?.ref);
        expect(remove?.regulation).toContain(pack.regulation);
      }
    }
  });

  it('lifts a prohibition where an Annex III entry permits the substance, and only there', () => {
    // Hydroquinone: the Annex II entry names the Annex III entry that lifts it.
    const hq = ingredients.find((f) => f.inci === 'HYDROQUINONE') as IngredientFacts;
    const ii = hq.refs.map((r) => pack.byRef.get(r)).find((e) => e?.annex === 'II') as Entry;
    const iii = pack.byRef.get(ii.liftedBy[0] as string) as Entry;
    const item = iii.items[0] as Item;
    const serum = screen(hq, 0.1, PRODUCT_DEFAULTS);
    expect(serum.remedies.map((m) => [m.action, m.ref])).toEqual([['remove', ii.ref]]);
    const nails = screen(hq, (item.max as number) / 2, productIn(item.cells[0] as Cell, { professional: item.professional }));
    expect(nails.adjust).toBe(false);
    expect(about(iii.ref, nails).map((m) => m.action)).toEqual(['verify']);
  });
});

/** A product only this sub-condition of its entry covers, and the ingredients the entry names. */
function casesOf(e: Entry): Array<{ item: Item; cell: Cell; f: IngredientFacts }> {
  const out: Array<{ item: Item; cell: Cell; f: IngredientFacts }> = [];
  const members = ingredients.filter((f) => f.refs.includes(e.ref) && !f.prohibited && f.refs.every((r) => r === e.ref || pack.byRef.get(r)?.annex !== 'II'));
  const f = members.find((m) => m.asAcid === null) ?? members[0];
  if (!f) return out;
  for (const item of e.items) {
    if (item.max === null || item.special !== null || item.afterMixing || item.nano) continue;
    const cell = item.cells.find((c) => e.items.every((o) => o === item || !o.cells.includes(c)));
    if (cell) out.push({ item, cell, f });
  }
  return out;
}

describe('Annex III and VI maxima', () => {
  const entries = pack.entries.filter((e) => (e.annex === 'III' || e.annex === 'VI') && e.status === 'structured');
  const cases = entries.flatMap((e) => casesOf(e).map((c) => ({ e, ...c })));

  it('covers at least 20 Annex III entries', () => {
    expect(new Set(cases.filter((c) => c.e.annex === 'III').map((c) => c.e.ref)).size).toBeGreaterThanOrEqual(20);
  });

  it('each sub-condition: just under its maximum is not adjust; just over is a reduce to the maximum', () => {
    for (const { e, item, cell, f } of cases) {
      const p = productIn(cell, { professional: item.professional, spray: item.sprayOnly });
      const ph = item.ph ? ((item.ph.min ?? 0) + (item.ph.max ?? 14)) / 2 : 5.5;
      const factor = item.basis !== null && f.asAcid !== null ? f.asAcid : 1;
      const max = item.max as number;
      const under = about(e.ref, screen(f, (max * 0.99) / factor, p, ph));
      expect(under.filter((m) => m.action !== 'verify'), `${e.ref}(${item.id}) ${f.inci} under`).toEqual([]);
      const over = about(e.ref, screen(f, (max * 1.01) / factor, p, ph));
      expect(over.map((m) => [m.action, m.to]), `${e.ref}(${item.id}) ${f.inci} over`).toEqual([['reduce', max]]);
      expect(over[0]?.regulation).toContain(pack.regulation);
    }
  });

  it('salicylic acid (its Annex III entry) across its three product groups', () => {
    const sa = ingredients.find((f) => f.inci === 'SALICYLIC ACID') as IngredientFacts;
    const e = pack.entries.find((x) => x.annex === 'III' && x.names.includes('SALICYLIC ACID') && x.items.length === 3) as Entry;
    expect(e.items.map((i) => i.max).every((m) => m !== null)).toBe(true);
    const groups: Array<[Cell, Item]> = [
      ['hair:rinse_off', e.items[0] as Item],
      ['face:leave_on', e.items[1] as Item],
      ['body:leave_on', e.items[2] as Item],
      ['lip:leave_on', e.items[2] as Item],
    ];
    for (const [cell, item] of groups) {
      expect(item.cells).toContain(cell);
      const max = item.max as number;
      expect(about(e.ref, screen(sa, max, productIn(cell))).filter((m) => m.action !== 'verify')).toEqual([]);
      expect(about(e.ref, screen(sa, max + 0.01, productIn(cell))).map((m) => [m.action, m.to])).toEqual([['reduce', max]]);
    }
    // Not in oral products, nor for children under 3.
    expect(about(e.ref, screen(sa, 0.1, productIn('oral:rinse_off'))).map((m) => m.action)).toEqual(['remove']);
    expect(about(e.ref, screen(sa, 0.1, productIn('face:leave_on', { childrenUnder3: true }))).map((m) => m.action)).toEqual(['remove']);
    // No area: the groups disagree, so the screen asks for the area.
    expect(about(e.ref, screen(sa, (e.items[1]?.max as number) - 0.1, PRODUCT_DEFAULTS)).map((m) => m.action)).toEqual(['verify']);
  });
});

describe('Annex IV fields of application', () => {
  const outside: Record<NonNullable<Entry['field']>, Cell | null> = { all: null, rinse_off: 'face:leave_on', not_eye: 'eye:leave_on', not_mucous: 'lip:leave_on' };
  const inside: Record<NonNullable<Entry['field']>, Cell> = { all: 'eye:leave_on', rinse_off: 'hair:rinse_off', not_eye: 'face:leave_on', not_mucous: 'face:leave_on' };
  const colourants = pack.entries
    .filter((e) => e.annex === 'IV' && e.status === 'structured' && !(e.items[0]?.nano ?? false) && (e.items[0]?.conditions.length ?? 0) === 0)
    .map((e) => ({ e, f: ingredients.find((x) => x.refs.includes(e.ref) && e.names.includes(x.inci) && !x.prohibited && x.refs.every((r) => pack.byRef.get(r)?.annex !== 'II')) }))
    .filter((x): x is { e: Entry; f: IngredientFacts } => x.f !== undefined);

  it('holds every field of application', () => {
    expect(new Set(colourants.map((c) => c.e.field))).toEqual(new Set(['all', 'rinse_off', 'not_eye', 'not_mucous']));
    for (const { e, f } of colourants) {
      const field = e.field as NonNullable<Entry['field']>;
      const pct = e.items[0]?.max ?? 0.1;
      expect(about(e.ref, screen(f, pct / 2, productIn(inside[field]))).filter((m) => m.action !== 'verify'), `${e.ref} ${f.inci} inside`).toEqual([]);
      const out = outside[field];
      if (out === null) continue;
      const r = about(e.ref, screen(f, pct / 2, productIn(out)));
      expect(r.map((m) => [m.code, m.action]), `${e.ref} ${f.inci} outside`).toEqual([['colourant_field', 'replace']]);
      expect(r[0]?.changes).toEqual([{ line: 0, from: pct / 2, to: 0 }]);
    }
  });
});

describe('entries the screen cannot read', () => {
  it('answer verify naming the entry, never silence', () => {
    const e = pack.entries.find((x) => x.annex === 'III' && x.status === 'unstructured' && ingredients.some((f) => f.refs.includes(x.ref) && !f.prohibited)) as Entry;
    const f = ingredients.find((x) => x.refs.includes(e.ref) && !x.prohibited) as IngredientFacts;
    const r = about(e.ref, screen(f, 0.01, productIn('face:leave_on')));
    expect(r.map((m) => [m.code, m.action])).toEqual([['annex_unstructured', 'verify']]);
    expect(r[0]?.message).toContain(e.ref);
  });
});
