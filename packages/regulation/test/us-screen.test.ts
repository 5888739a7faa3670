/**
 * The US screen (market: "us") on the shipped pack (data/us-cfr.json). Every figure comes from the
 * pack: the cases are generated from its entries, their uses and maxima, never typed here.
 */
import { describe, expect, it } from 'vitest';
import colourNames from '../../../services/library/src/data/colour-names.json';
import { AREAS, PRODUCT_DEFAULTS, type Area, type IngredientFacts, type ProductDescription } from '@svc/formula';
import { shippedCatalogue } from '../../../scripts/catalogue-fixture';
import usCfrJson from '../data/us-cfr.json';
import { US_CFR, compileUsPack, lakeBase, screenUs, usEntriesNamed, usEntriesOf, type ScreenComponent, type UsEntry, type UsUse } from '../src/index';

const pack = US_CFR;

function component(inci: string, pct: number, over: Partial<ScreenComponent> = {}): ScreenComponent {
  return { inci, refs: [], prohibited: false, pct, asAcid: null, nano: false, line: 0, linePct: pct, cas: null, colourant: false, ...over };
}
const product = (over: Partial<ProductDescription> = {}): ProductDescription => ({ ...PRODUCT_DEFAULTS, ...over });
const entry = (ref: string): UsEntry => pack.byRef.get(ref) as UsEntry;
const about = (ref: string, r: ReturnType<typeof screenUs>) => r.remedies.filter((m) => m.ref === ref);
/** A use that covers the area for a product of this type, as the screen picks it (ordinary first, most permissive). */
function useIn(e: UsEntry, area: Area, p: ProductDescription): UsUse | undefined {
  const covering = e.uses.filter((u) => u.areas.includes(area) && (u.productType === null || u.productType === p.productType));
  const ordinary = covering.filter((u) => u.special === null);
  return (ordinary.length > 0 ? ordinary : covering).reduce<UsUse | undefined>((a, b) => (a === undefined || (b.max ?? Infinity) > (a.max ?? Infinity) ? b : a), undefined);
}

describe('the US pack', () => {
  it('says where it comes from, and cites a CFR section and its source for every entry', () => {
    expect(pack.source).toContain('Code of Federal Regulations');
    expect(pack.vintage.length).toBeGreaterThan(0);
    // The note names every colour entry's section, and again each entry with a use no source settled.
    for (const e of pack.entries.filter((x) => x.kind === 'colour')) expect(pack.note, e.ref).toContain(e.ref.replace('21 CFR ', ''));
    const unsettled = pack.entries.filter((e) => e.uses.some((u) => u.unsettled !== null));
    expect(unsettled.length).toBeGreaterThan(0);
    for (const e of unsettled) expect(pack.note, e.ref).toContain(`${e.ref.replace('21 CFR ', '')} ${e.title}`);
    for (const e of pack.entries) {
      expect(e.ref).toMatch(/^21 CFR \d+\.\d+[a-z]?$/);
      expect(e.source.length).toBeGreaterThan(0);
    }
  });

  it('covers every section of 21 CFR 700.11 to 700.35 that names an ingredient, and hexachlorophene', () => {
    const sections = ['700.11', '700.13', '700.14', '700.15', '700.16', '700.18', '700.19', '700.23', '700.27', '700.35', '250.250'];
    for (const s of sections) expect(pack.byRef.has(`21 CFR ${s}`), s).toBe(true);
    // And colour additives from each of parts 73, 74 and 82.
    for (const part of ['73', '74', '82']) expect(pack.entries.some((e) => e.kind === 'colour' && e.ref.startsWith(`21 CFR ${part}.`)), part).toBe(true);
  });

  it('is refused when it does not hold together, naming where', () => {
    const raw = structuredClone(usCfrJson) as { entries: Array<Record<string, unknown>> };
    const restricted = raw.entries.find((e) => e.status === 'restricted') as Record<string, unknown>;
    restricted.uses = [];
    expect(() => compileUsPack(raw)).toThrow(/entries\.\d+\.uses/);
    const twice = structuredClone(usCfrJson) as { entries: unknown[] };
    twice.entries.push(twice.entries[0]);
    expect(() => compileUsPack(twice)).toThrow(/listed twice/);
    const badArea = structuredClone(usCfrJson) as { entries: Array<{ uses: Array<{ areas: string[] }> }> };
    (badArea.entries.find((e) => e.uses.length > 0) as { uses: Array<{ areas: string[] }> }).uses[0]!.areas = ['elbow'];
    expect(() => compileUsPack(badArea)).toThrow(/areas/);
  });
});

describe('prohibited ingredients', () => {
  const prohibited = pack.entries.filter((e) => e.status === 'prohibited');

  it('removes every name of every prohibited entry, in every product, citing its section', () => {
    expect(prohibited.length).toBeGreaterThanOrEqual(6);
    const products = [product(), product({ area: 'eye' }), product({ area: 'hair', productType: 'rinse_off', spray: true })];
    for (const e of prohibited) {
      for (const name of e.names) {
        for (const p of products) {
          const r = screenUs([component(name, 0.01)], p, pack);
          expect(r.adjust, name).toBe(true);
          expect(r.remedies, name).toEqual([
            expect.objectContaining({ code: 'prohibited', action: 'remove', target: name, to: 0, ref: e.ref, changes: [{ line: 0, from: 0.01, to: 0 }] }),
          ]);
          expect(r.remedies[0]?.regulation).toBe(`${e.ref}, ${e.title}`);
        }
      }
    }
  });

  it('matches by CAS number as well as by name', () => {
    const e = prohibited.find((x) => x.cas.length > 0) as UsEntry;
    const r = screenUs([component('SOME TRADE NAME', 0.5, { cas: e.cas[0] as string })], product(), pack);
    expect(about(e.ref, r).map((m) => m.action)).toEqual(['remove']);
  });

  it('says what the section still allows, where it allows something (a residue)', () => {
    for (const e of prohibited.filter((x) => x.exception !== null)) {
      const r = screenUs([component(e.names[0] as string, 1)], product(), pack);
      expect(r.remedies[0]?.message).toContain(e.exception as string);
    }
  });
});

describe('restricted ingredients', () => {
  const restricted = pack.entries.filter((e) => e.status === 'restricted');

  it('for each use with a maximum: within it asks to verify the conditions, over it reduces to the maximum (converted to its basis)', () => {
    let cases = 0;
    for (const e of restricted) {
      for (const u of e.uses.filter((x) => x.max !== null)) {
        const max = u.max as number;
        for (const name of e.names) {
          const factor = e.factors[name] ?? 1;
          const area = u.areas[0] as Area;
          const p = product({ area });
          const under = screenUs([component(name, (max / factor) * 0.9)], p, pack);
          expect(under.adjust, `${name} under`).toBe(false);
          expect(about(e.ref, under).map((m) => m.action), name).toEqual(u.conditions.length > 0 ? ['verify'] : []);
          const pct = (max / factor) * 1.5;
          const over = screenUs([component(name, pct)], p, pack);
          expect(over.adjust, `${name} over`).toBe(true);
          const reduce = about(e.ref, over)[0];
          expect(reduce).toMatchObject({ code: 'cfr_over_max', action: 'reduce', to: max });
          // The line the remedy leaves is within the maximum, in the maximum's basis.
          expect((reduce?.changes?.[0]?.to ?? Infinity) * factor).toBeLessThanOrEqual(max + 1e-9);
          cases++;
        }
      }
    }
    expect(cases).toBeGreaterThan(5);
  });

  it('removes a restricted ingredient from a product its section does not permit it in', () => {
    for (const e of restricted) {
      const outside = AREAS.filter((a) => !e.uses.some((u) => u.areas.includes(a)));
      for (const area of outside) {
        const r = screenUs([component(e.names[0] as string, 1e-6)], product({ area }), pack);
        expect(about(e.ref, r), `${e.ref} ${area}`).toEqual([expect.objectContaining({ code: 'cfr_not_permitted', action: 'remove', to: 0 })]);
      }
    }
  });

  it('mercury compounds: permitted only in eye-area cosmetics, counted as the metal; with no area given it asks for the area', () => {
    const hg = entry('21 CFR 700.13');
    const eye = hg.uses.find((u) => u.areas.includes('eye')) as UsUse;
    const thimerosal = 'THIMEROSAL';
    const factor = hg.factors[thimerosal] as number;
    expect(factor).toBeLessThan(1);
    // As the compound it is over the limit, as the metal within: the metal decides.
    const pct = (eye.max as number) / factor / 1.1;
    expect(pct).toBeGreaterThan(eye.max as number);
    expect(screenUs([component(thimerosal, pct)], product({ area: 'eye' }), pack).adjust).toBe(false);
    const open = screenUs([component(thimerosal, pct)], product(), pack);
    expect(open.adjust).toBe(false);
    expect(about(hg.ref, open)[0]?.message).toContain('give product.area');
    expect(screenUs([component(thimerosal, pct)], product({ area: 'face' }), pack).remedies[0]?.message).toContain(hg.exception as string);
    // Matched by its class too: a mercury compound the entry does not name.
    expect(usEntriesOf(pack, 'PHENYL MERCURIC NITRATE', null)).toContain(hg);
    expect(usEntriesOf(pack, 'MERCURIALIS ANNUA EXTRACT', null)).not.toContain(hg);
  });
});

describe('conditions the request cannot settle', () => {
  it('zirconium is prohibited in aerosols: a spray asks to confirm it is not one, anything else passes', () => {
    const zr = entry('21 CFR 700.16');
    const name = 'ALUMINUM ZIRCONIUM TETRACHLOROHYDREX GLY';
    expect(usEntriesOf(pack, name, null)).toContain(zr);
    expect(screenUs([component(name, 10)], product({ spray: false }), pack).remedies).toEqual([]);
    const spray = screenUs([component(name, 10)], product({ spray: true }), pack);
    expect(spray).toMatchObject({ adjust: false, verify: true });
    expect(about(zr.ref, spray)).toEqual([expect.objectContaining({ code: 'cfr_verify', action: 'verify', to: null })]);
  });

  it('a verify entry (cattle materials, sunscreen ingredients) asks what its section asks, never adjust', () => {
    for (const e of pack.entries.filter((x) => x.status === 'verify')) {
      const name = e.names[0] ?? (e.ref === '21 CFR 700.27' ? 'SPINAL CORD EXTRACT' : '');
      expect(usEntriesOf(pack, name, null), e.ref).toContain(e);
      const r = screenUs([component(name, 1)], product(), pack);
      expect(r.adjust).toBe(false);
      expect(about(e.ref, r)).toEqual([expect.objectContaining({ action: 'verify', message: expect.stringContaining(e.conditions[0] as string) })]);
    }
  });
});

describe('colour additives', () => {
  const colours = pack.entries.filter((e) => e.kind === 'colour');

  it('every colour additive in every area and product type: permitted, verify, or replace, as its listing says', () => {
    let replaced = 0;
    for (const e of colours) {
      for (const area of AREAS) {
        for (const productType of ['leave_on', 'rinse_off'] as const) {
          const p = product({ area, productType });
          const u = useIn(e, area, p);
          const pct = u?.max ? u.max / 2 : 0.1;
          const r = screenUs([component(e.names[0] as string, pct, { colourant: true })], p, pack);
          const mine = about(e.ref, r);
          if (u === undefined) {
            replaced++;
            expect(mine, `${e.ref} ${area}`).toEqual([expect.objectContaining({ code: 'colour_additive_use', action: 'replace', changes: [{ line: 0, from: pct, to: 0 }] })]);
            // The alternatives offered are listed for this product, without a condition of amount.
            for (const alt of mine[0]?.to as string[]) {
              const x = usEntriesOf(pack, alt, null).find((y) => y.kind === 'colour') as UsEntry;
              expect(useIn(x, area, p), `${alt} for ${area}`).toMatchObject({ special: null, max: null });
            }
            if (area === 'eye') expect(mine[0]?.message).toContain('70.5(a)');
          } else if (u.special !== null || u.conditions.length > 0 || u.unsettled !== null) {
            expect(mine.map((m) => m.action), `${e.ref} ${area}`).toEqual(['verify']);
          } else {
            expect(mine, `${e.ref} ${area}`).toEqual([]);
          }
        }
      }
    }
    expect(replaced).toBeGreaterThan(20);
  });

  it('a certified colour asks for a certified batch; one exempt from certification does not', () => {
    const certified = colours.find((e) => e.certification === true && e.uses.some((u) => u.areas.length === AREAS.length - 1)) as UsEntry;
    const exempt = colours.find((e) => e.certification === false && e.uses.some((u) => u.areas.length === AREAS.length)) as UsEntry;
    const face = product({ area: 'face' });
    expect(about(certified.ref, screenUs([component(certified.names[0] as string, 0.1)], face, pack))[0]?.message).toContain('certified');
    expect(screenUs([component(exempt.names[0] as string, 0.1)], face, pack).remedies).toEqual([]);
  });

  it('a lip maximum: just under asks only to verify, just over reduces to it', () => {
    const lipped = colours.filter((e) => e.uses.some((u) => u.areas.includes('lip') && u.max !== null));
    expect(lipped.length).toBeGreaterThanOrEqual(2);
    for (const e of lipped) {
      const max = (e.uses.find((u) => u.areas.includes('lip') && u.max !== null) as UsUse).max as number;
      const lip = product({ area: 'lip' });
      expect(screenUs([component(e.names[0] as string, max * 0.99)], lip, pack).adjust).toBe(false);
      const over = screenUs([component(e.names[0] as string, max * 1.01)], lip, pack);
      expect(about(e.ref, over)).toEqual([expect.objectContaining({ code: 'cfr_over_max', action: 'reduce', to: max })]);
    }
  });

  it('answers to the names a chemist writes: the CFR name, the label name, and the CI number the library gives that colour', () => {
    const library = (colourNames as { names: Record<string, string> }).names;
    for (const e of colours.filter((x) => x.certification === true)) {
      // The label name (21 CFR 701.3): the FD&C/D&C prefix and "No." left out.
      const label = e.title.replace(/^(FD&C|D&C) /, '').replace(/^Ext\. D&C /, 'Ext. ').replace(' No. ', ' ').toUpperCase();
      expect(e.names, e.ref).toContain(label);
      for (const n of [e.title, label, label.toLowerCase()]) expect(usEntriesNamed(pack, n), `${e.ref} ${n}`).toContain(e);
      // A CI number never where the library's catalogue gives it another colour (none for CI 15800, D&C Red No. 31).
      for (const ci of e.names.filter((n) => n.startsWith('CI '))) expect([label, undefined], `${e.ref} ${ci}`).toContain(library[ci]);
    }
  });

  it('a colourant the pack does not hold is never passed: verify, naming where to look', () => {
    const catalogue: IngredientFacts[] = shippedCatalogue().entries.map((x) => x.facts);
    const unlisted = catalogue.filter((f) => f.colourant && usEntriesOf(pack, f.inci, f.cas).length === 0);
    expect(unlisted.length).toBeGreaterThan(50);
    for (const f of unlisted.slice(0, 40)) {
      const r = screenUs([component(f.inci, 0.1, { cas: f.cas, colourant: true })], product({ area: 'face' }), pack);
      expect(r, f.inci).toMatchObject({ adjust: false, verify: true });
      expect(r.remedies).toEqual([expect.objectContaining({ code: 'colour_additive_unlisted', action: 'verify', ref: pack.unlisted.ref, regulation: pack.unlisted.regulation })]);
    }
  });
});

describe('colour additives: one case per restriction kind, generated from the pack', () => {
  const colours = pack.entries.filter((e) => e.kind === 'colour');
  const ordinaryIn = (e: UsEntry, area: Area) => e.uses.some((u) => u.areas.includes(area) && u.special === null);
  /** An amount the entry's use in this area permits: `pct`, or half the use's maximum where that is lower. */
  const within = (e: UsEntry, area: Area, pct = 0.1): number => {
    const max = useIn(e, area, product({ area }))?.max;
    return max != null ? Math.min(pct, max / 2) : pct;
  };

  it('the eye area is refused for every colour whose listing does not name it (21 CFR 70.5(a)), and passed where it does', () => {
    const notEye = colours.filter((e) => !e.uses.some((u) => u.areas.includes('eye')) && ordinaryIn(e, 'face'));
    const eye = colours.filter((e) => e.uses.some((u) => u.areas.includes('eye') && u.special === null && u.max === null));
    expect(notEye.length).toBeGreaterThanOrEqual(8);
    expect(eye.length).toBeGreaterThanOrEqual(15);
    for (const e of notEye) {
      const pct = within(e, 'face');
      const r = screenUs([component(e.names[0] as string, pct, { colourant: true })], product({ area: 'eye' }), pack);
      expect(about(e.ref, r), e.ref).toEqual([expect.objectContaining({ code: 'colour_additive_use', action: 'replace', message: expect.stringContaining('70.5(a)') })]);
      // The same amount on the face is listed.
      expect(screenUs([component(e.names[0] as string, pct, { colourant: true })], product({ area: 'face' }), pack).adjust, e.ref).toBe(false);
    }
    for (const e of eye) expect(screenUs([component(e.names[0] as string, 0.1)], product({ area: 'eye' }), pack).adjust, e.ref).toBe(false);
  });

  it('a colour listed for externally applied cosmetics only is refused on the lips and in the mouth, and passed on the skin', () => {
    const external = colours.filter((e) => e.uses.length > 0 && e.uses.every((u) => u.areas.every((a) => pack.externalAreas.includes(a))) && ordinaryIn(e, 'skin'));
    expect(external.length).toBeGreaterThanOrEqual(6);
    for (const e of external) {
      const pct = within(e, 'skin', 0.05);
      for (const area of ['lip', 'oral'] as const) {
        const r = screenUs([component(e.names[0] as string, pct)], product({ area }), pack);
        expect(about(e.ref, r), `${e.ref} ${area}`).toEqual([expect.objectContaining({ code: 'colour_additive_use', action: 'replace', changes: [{ line: 0, from: pct, to: 0 }] })]);
      }
      expect(screenUs([component(e.names[0] as string, pct)], product({ area: 'skin' }), pack).adjust, e.ref).toBe(false);
    }
  });

  it('a maximum on the lips: each listed maximum just under passes (certification asked), just over reduces to it, and elsewhere it does not apply', () => {
    const lipped = colours.filter((e) => e.uses.some((u) => u.areas.includes('lip') && u.max !== null));
    expect(lipped.map((e) => e.ref).length).toBeGreaterThanOrEqual(3);
    for (const e of lipped) {
      const u = e.uses.find((x) => x.areas.includes('lip') && x.max !== null) as UsUse;
      const max = u.max as number;
      const name = e.names[e.names.length - 1] as string;
      const under = screenUs([component(name, max * 0.95)], product({ area: 'lip' }), pack);
      expect(under.adjust, e.ref).toBe(false);
      expect(about(e.ref, under).map((m) => m.action)).toEqual(e.certification ? ['verify'] : []);
      const over = screenUs([component(name, max * 1.2)], product({ area: 'lip' }), pack);
      expect(about(e.ref, over), e.ref).toEqual([expect.objectContaining({ code: 'cfr_over_max', action: 'reduce', to: max, from: expect.closeTo(max * 1.2, 6) })]);
      // The same amount on the skin (externally applied, no maximum) is not reduced.
      if (ordinaryIn(e, 'skin')) expect(screenUs([component(name, max * 1.2)], product({ area: 'skin' }), pack).adjust, e.ref).toBe(false);
    }
  });

  it('a lake is screened under its colour: refused where the colour is, and asked to verify its certification and listing where the colour is permitted', () => {
    let cases = 0;
    for (const e of colours.filter((x) => x.certification === true)) {
      for (const lake of [`${e.names[e.names.length - 1]} LAKE`, `${e.title} Aluminum Lake`]) {
        expect(lakeBase(lake)).not.toBeNull();
        expect(usEntriesNamed(pack, lake), lake).toEqual([e]);
        for (const area of AREAS) {
          const p = product({ area });
          const r = screenUs([component(lake, 0.1, { colourant: true, usRefs: [e.ref] })], p, pack);
          const u = useIn(e, area, p);
          const lakeAsk = r.remedies.filter((m) => m.code === 'colour_additive_lake');
          if (u === undefined) {
            expect(r.remedies.map((m) => m.code), `${lake} ${area}`).toEqual(['colour_additive_use']);
          } else {
            expect(lakeAsk, `${lake} ${area}`).toEqual([expect.objectContaining({ action: 'verify', ref: pack.lakes.ref, regulation: pack.lakes.regulation, target: lake })]);
            expect(lakeAsk[0]?.message).toContain(e.ref);
          }
          cases++;
        }
      }
    }
    expect(cases).toBeGreaterThan(100);
    // The colour's own name is no lake; a lake of a colour the pack does not hold is a colourant it does not hold.
    const straight = colours.find((x) => x.certification === true) as UsEntry;
    expect(screenUs([component(straight.names[0] as string, 0.1)], product({ area: 'face' }), pack).remedies.some((m) => m.code === 'colour_additive_lake')).toBe(false);
    expect(usEntriesNamed(pack, 'ACID BLUE 9 ALUMINUM LAKE')).toEqual([]);
    expect(usEntriesOf(pack, 'NOT A COLOUR LAKE', null)).toEqual([]);
  });
});

describe('every colour additive of the pack, inside and outside its uses', () => {
  const colours = pack.entries.filter((e) => e.kind === 'colour');
  /** What the screen is to say for an amount inside a use: nothing, or verify when the use carries a condition, a product class or is unsettled. */
  const insideActions = (u: UsUse): string[] => (u.special !== null || u.conditions.length > 0 || u.unsettled !== null ? ['verify'] : []);

  it('inside each use: never adjust; outside every use (an area none covers, over a maximum): replace or reduce, citing the section', () => {
    let inside = 0;
    let outside = 0;
    const nowhereRefused: string[] = [];
    for (const e of colours) {
      const name = e.names[0] as string;
      for (const u of e.uses) {
        const area = u.areas[0] as Area;
        const p = product({ area, productType: u.productType ?? 'leave_on' });
        if (useIn(e, area, p) !== u) continue;
        const pct = u.max !== null ? u.max / 2 : 0.1;
        const r = screenUs([component(name, pct, { colourant: true })], p, pack);
        expect(r.adjust, `${e.ref} ${u.text}`).toBe(false);
        expect(about(e.ref, r).map((m) => m.action), `${e.ref} ${u.text}`).toEqual(insideActions(u));
        inside++;
        if (u.max !== null) {
          const over = screenUs([component(name, u.max * 1.5, { colourant: true })], p, pack);
          expect(about(e.ref, over), `${e.ref} over ${u.max}`).toEqual([expect.objectContaining({ code: 'cfr_over_max', action: 'reduce', to: u.max, ref: e.ref })]);
          outside++;
        }
      }
      const uncovered = AREAS.filter((a) => !e.uses.some((u) => u.areas.includes(a)));
      for (const area of uncovered) {
        const r = screenUs([component(name, 0.01, { colourant: true })], product({ area }), pack);
        expect(about(e.ref, r), `${e.ref} ${area}`).toEqual([expect.objectContaining({ code: 'colour_additive_use', action: 'replace', ref: e.ref, regulation: `${e.ref}, ${e.title}` })]);
        outside++;
      }
      if (uncovered.length === 0 && e.uses.every((u) => u.max === null)) nowhereRefused.push(e.ref);
    }
    expect(inside).toBeGreaterThanOrEqual(colours.length);
    expect(outside).toBeGreaterThan(colours.length * 2);
    // The colours no area or amount refuses are those listed everywhere (cosmetics generally, including the eye area) or not settled.
    for (const ref of nowhereRefused) {
      const e = entry(ref);
      const everywhere = AREAS.every((a) => e.uses.some((u) => u.areas.includes(a) && u.special === null));
      expect(e.uses.some((u) => u.unsettled !== null) || everywhere, ref).toBe(true);
    }
  });

  it('the eye area, the lips and the mouth: refused for every colour no use of which covers them', () => {
    for (const area of ['eye', 'lip', 'oral'] as const) {
      const refused = colours.filter((e) => !e.uses.some((u) => u.areas.includes(area)));
      expect(refused.length, area).toBeGreaterThan(10);
      for (const e of refused) {
        const r = screenUs([component(e.names[0] as string, 0.01, { colourant: true })], product({ area }), pack);
        expect(r.adjust, `${e.ref} ${area}`).toBe(true);
        expect(about(e.ref, r)[0]?.action, `${e.ref} ${area}`).toBe('replace');
      }
    }
  });

  it('a use no source settled answers verify, saying so and naming the section, and is never offered as an alternative', () => {
    const unsettled = colours.flatMap((e) => e.uses.filter((u) => u.unsettled !== null).map((u) => [e, u] as const));
    expect(unsettled.length).toBeGreaterThan(5);
    for (const [e, u] of unsettled) {
      for (const area of u.areas) {
        const r = screenUs([component(e.names[0] as string, 0.01, { colourant: true })], product({ area }), pack);
        expect(r, `${e.ref} ${area}`).toMatchObject({ adjust: false, verify: true });
        const m = about(e.ref, r);
        expect(m.map((x) => x.action)).toEqual(['verify']);
        expect(m[0]?.message).toContain(u.unsettled as string);
      }
    }
    // Offered alternatives: replacing an eye-area colour never proposes a colour whose use there is unsettled.
    const names = new Set(unsettled.map(([e]) => e.ref));
    for (const e of colours.filter((x) => !x.uses.some((u) => u.areas.includes('lip')))) {
      const r = screenUs([component(e.names[0] as string, 0.01, { colourant: true })], product({ area: 'lip' }), pack);
      for (const alt of (about(e.ref, r)[0]?.to as string[] | undefined) ?? []) {
        const x = usEntriesOf(pack, alt, null).find((y) => y.kind === 'colour') as UsEntry;
        expect(names.has(x.ref) && useIn(x, 'lip', product({ area: 'lip' }))?.unsettled !== null, `${alt} offered for ${e.ref}`).toBe(false);
      }
    }
  });

  it('a maximum binds in a product class the description does not carry: over it reduces, within it asks to verify the class', () => {
    const classed = colours.flatMap((e) => e.uses.filter((u) => u.special !== null && u.max !== null).map((u) => [e, u] as const));
    expect(classed.length).toBeGreaterThanOrEqual(2);
    for (const [e, u] of classed) {
      const p = product({ area: u.areas[0] as Area });
      const max = u.max as number;
      expect(about(e.ref, screenUs([component(e.names[0] as string, max * 0.9)], p, pack)).map((m) => m.action), e.ref).toEqual(['verify']);
      const over = screenUs([component(e.names[0] as string, max * 1.1)], p, pack);
      expect(about(e.ref, over), e.ref).toEqual([expect.objectContaining({ code: 'cfr_over_max', action: 'reduce', to: max })]);
    }
  });

  it('a product-class use asks to confirm the class and its own conditions (a certified batch, a formula restriction), not the class alone', () => {
    const both = colours.flatMap((e) => e.uses.filter((u) => u.special !== null && u.conditions.length > 0).map((u) => [e, u] as const));
    expect(both.length).toBeGreaterThanOrEqual(3);
    let asked = 0;
    for (const [e, u] of both) {
      const area = u.areas[0] as Area;
      const p = product({ area, productType: u.productType ?? 'leave_on' });
      if (useIn(e, area, p) !== u) continue;
      const m = about(e.ref, screenUs([component(e.names[0] as string, u.max !== null ? u.max / 2 : 0.01, { colourant: true })], p, pack));
      expect(m.map((x) => x.action), `${e.ref} ${u.special}`).toEqual(['verify']);
      expect(m[0]?.message, `${e.ref} ${u.special}`).toContain(u.special as string);
      for (const c of u.conditions) expect(m[0]?.message, `${e.ref} ${u.special}`).toContain(c.replace(/\.$/, ''));
      asked++;
    }
    expect(asked).toBeGreaterThanOrEqual(3);
  });

  it('every CAS number in the pack has a valid check digit, and no number stands for two entries of different kinds', () => {
    const check = (cas: string): boolean => {
      const digits = cas.replace(/-/g, '');
      const body = digits.slice(0, -1);
      const sum = [...body].reverse().reduce((s, d, i) => s + Number(d) * (i + 1), 0);
      return sum % 10 === Number(digits.slice(-1));
    };
    for (const e of pack.entries) for (const cas of e.cas) expect(check(cas), `${e.ref} ${cas}`).toBe(true);
    for (const [cas, entries] of pack.byCas) expect(new Set(entries.map((e) => e.kind)).size, cas).toBe(1);
  });
});
