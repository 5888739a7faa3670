/**
 * The regulatory screen on the shipped data: the pack built from the CosIng annexes and the
 * catalogue the library ships. Every figure comes from the pack; the cases are generated from it.
 */
import { readFileSync } from 'node:fs';
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

describe('Annex V maxima', () => {
  const entries = pack.entries.filter((e) => e.annex === 'V' && e.status === 'structured');
  const cases = entries.flatMap((e) => casesOf(e).map((c) => ({ e, ...c })));
  const named = (inci: string) => ingredients.find((f) => f.inci === inci) as IngredientFacts;

  it('each preservative used as one: just under its maximum for the product type is not adjust; just over is a reduce to it', () => {
    expect(new Set(cases.map((c) => c.e.ref)).size).toBeGreaterThanOrEqual(30);
    for (const { e, item, cell, f } of cases) {
      const p = productIn(cell);
      const factor = item.basis !== null && f.asAcid !== null ? f.asAcid : 1;
      // One member alone: the lower of the entry's maximum and its cap on each member (parabens).
      const max = Math.min(item.max as number, item.perMember ?? Infinity);
      const at = (pct: number) => about(e.ref, screenFormula([{ ...component(f, pct), category: 'PR' }], p, 5.5, pack));
      expect(at((max * 0.99) / factor).filter((m) => m.action !== 'verify'), `${e.ref} ${f.inci} under`).toEqual([]);
      const over = at((max * 1.01) / factor);
      expect(over.map((m) => [m.action, m.to]), `${e.ref} ${f.inci} over`).toEqual([['reduce', max]]);
      expect(over[0]?.regulation).toBe(`${pack.regulation}, Annex V, entry ${e.ref.slice(2)}${e.amendedBy ? `, as amended by ${e.amendedBy}` : ''}`);
    }
  });

  it('rinse-off only: not permitted in a leave-on product', () => {
    const rinseOnly = entries.filter((e) => e.items.length > 0 && e.items.every((i) => i.cells.every((c) => c.endsWith(':rinse_off'))));
    expect(rinseOnly.length).toBeGreaterThanOrEqual(4);
    for (const e of rinseOnly) {
      const f = ingredients.find((x) => x.refs.includes(e.ref) && !x.prohibited);
      if (!f) continue;
      const r = about(e.ref, screenFormula([{ ...component(f, 0.0001), category: 'PR' }], productIn('face:leave_on'), 5.5, pack));
      expect(r.map((m) => m.action), `${e.ref} ${f.inci}`).toEqual(['remove']);
    }
  });

  it('holds each paraben of entry 12 to its own cap beside the cap on their sum', () => {
    const e = pack.entries.find((x) => x.annex === 'V' && x.items.some((i) => i.perMember !== undefined)) as Entry;
    const item = e.items[0] as Item;
    const [methyl, ethyl] = [named('METHYLPARABEN'), named('ETHYLPARABEN')];
    const asAcid = (f: IngredientFacts, v: number) => v / (f.asAcid as number);
    const run = (lines: Array<[IngredientFacts, number]>) =>
      about(e.ref, screenFormula(lines.map(([f, pct], i) => ({ ...component(f, pct), line: i, category: 'PR' })), productIn('face:leave_on'), 5.5, pack));
    const cap = item.perMember as number;
    expect(run([[methyl, asAcid(methyl, cap * 0.99)]])).toEqual([]);
    expect(run([[methyl, asAcid(methyl, cap * 1.05)]]).map((m) => [m.action, m.target, m.to])).toEqual([['reduce', 'METHYLPARABEN', cap]]);
    // Two esters each within their own cap, their sum within the entry's maximum.
    expect(run([[methyl, asAcid(methyl, cap * 0.99)], [ethyl, asAcid(ethyl, cap * 0.99)]])).toEqual([]);
    // One over its own cap, the sum over too: the member first, and the sum is then within.
    expect(run([[methyl, asAcid(methyl, cap * 1.5)], [ethyl, asAcid(ethyl, cap * 0.9)]]).map((m) => [m.target, m.to])).toEqual([['METHYLPARABEN', cap]]);
  });

  it('holds a substance with other purposes to the Annex V maximum only where it is the preservative', () => {
    const e = entries.find((x) => x.items.some((i) => i.otherPurposes) && ingredients.some((f) => f.refs.includes(x.ref) && f.c !== 'PR' && !f.prohibited)) as Entry;
    const f = ingredients.find((x) => x.refs.includes(e.ref) && x.c !== 'PR' && !x.prohibited) as IngredientFacts;
    const max = (e.items[0] as Item).max as number;
    const at = (category: string) => about(e.ref, screenFormula([{ ...component(f, max * 3), category }], productIn('hair:rinse_off'), 5.5, pack));
    expect(at(f.c)).toEqual([]);
    expect(at('PR').map((m) => m.action)).toContain('reduce');
  });

  it('applies the limits the preservation guidance applies (its reviewed Annex V pack)', () => {
    const reviewed = JSON.parse(readFileSync(new URL('../../../services/preservation/src/data/annex-v.json', import.meta.url), 'utf8')) as {
      entries: Array<{ ref: string; limits: Record<ProductType, { max: number | null }> }>;
    };
    for (const r of reviewed.entries) {
      const e = pack.byRef.get(r.ref) as Entry;
      for (const use of ['leave_on', 'rinse_off'] as const) {
        const covering = e.items.filter((i) => i.cells.includes(`face:${use}`));
        expect(covering.map((i) => i.max), `${r.ref} ${use}`).toEqual(r.limits[use].max === null ? [] : [r.limits[use].max]);
      }
    }
  });
});

describe('Annex II exceptions', () => {
  const named = (inci: string) => ingredients.find((f) => f.inci === inci) as IngredientFacts;

  it('are weighed only for the substances the excepting entry names', () => {
    // Hydrofluorides the Annex III fluoride entries do not name stay prohibited on the skin.
    const lone = ingredients.filter((f) => {
      if (f.prohibited || f.refs.length === 0) return false;
      const entries = f.refs.map((r) => pack.byRef.get(r));
      return entries.every((e) => e?.annex === 'II' && e.status === 'prohibited' && e.liftedBy.length > 0) &&
        entries.every((e) => (e as Entry).liftedBy.every((l) => !pack.byRef.get(l)?.names.includes(f.inci)));
    });
    expect(lone.length).toBeGreaterThan(5);
    for (const f of lone) expect(screen(f, 0.01, productIn('face:leave_on')).remedies.map((m) => m.action), f.inci).toContain('remove');
    // A hydrofluoride the fluoride entries of Annex III do not name: once lifted by the zinc salts' entry.
    const hf = named('PALMITYL TRIHYDROXYETHYL PROPYLENEDIAMINE DIHYDROFLUORIDE');
    expect(screen(hf, 0.5, productIn('face:leave_on')).remedies.map((m) => [m.action, m.ref])).toEqual([['remove', hf.refs[0]]]);
  });

  it('a prohibition "when used as a fragrance ingredient" refuses what the library files as fragrance, and asks otherwise', () => {
    const only = (f: IngredientFacts, re: RegExp) => f.refs.length > 0 && !f.prohibited && f.refs.every((r) => { const e = pack.byRef.get(r); return e?.annex === 'II' && e.status === 'conditional' && re.test(e.raw ?? ''); });
    const fragrances = ingredients.filter((f) => only(f, /fragrance ingredient/i));
    expect(fragrances.length).toBeGreaterThan(5);
    for (const f of fragrances) {
      const as = (category: string) => screenFormula([{ ...component(f, 0.01), category }], productIn('face:leave_on'), 5.5, pack).remedies.map((m) => [m.action, m.ref]);
      expect(as('FR'), f.inci).toEqual([['remove', f.refs[0]]]);
      expect(as('SO'), f.inci).toEqual([['verify', f.refs[0]]]);
    }
  });

  it('a prohibition "as a substance in hair dye products" asks for hair, scalp, eyelashes or no area, and says nothing elsewhere', () => {
    const dyes = ingredients.filter((f) => f.refs.length > 0 && !f.prohibited && f.refs.every((r) => { const e = pack.byRef.get(r); return e?.annex === 'II' && e.status === 'conditional' && /hair dye products\W*$/i.test(e.raw ?? ''); }));
    expect(dyes.length).toBeGreaterThan(10);
    for (const f of dyes) {
      for (const cell of ['hair:rinse_off', 'scalp:leave_on', 'eye:leave_on'] as Cell[]) expect(screen(f, 0.01, productIn(cell)).remedies.map((m) => m.action), `${f.inci} ${cell}`).toEqual(['verify']);
      expect(screen(f, 0.01, PRODUCT_DEFAULTS).remedies.map((m) => m.action), f.inci).toEqual(['verify']);
      for (const cell of ['face:leave_on', 'body:rinse_off', 'lip:leave_on'] as Cell[]) expect(screen(f, 0.01, productIn(cell)).remedies, `${f.inci} ${cell}`).toEqual([]);
    }
  });

  it('never link an entry through a piece of a name the annex files cut at a comma', () => {
    const ii191 = pack.entries.find((e) => e.annex === 'II' && e.substance.startsWith('Hydrofluoric acid')) as Entry;
    for (const l of ii191.liftedBy) expect(pack.byRef.get(l)?.substance, l).toMatch(/fluor/i);
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
