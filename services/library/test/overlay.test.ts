/**
 * The curated overlay and the CosIng-function → category map are reviewed data: these tests check
 * them against the CosIng inventory and annexes the library ships in ../data (Source: European
 * Commission, CosIng) and against a formulator's list of the 200 most common ingredients.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_CODES, type Category } from '@svc/formula';
import {
  categoryFromFunctions,
  ionicFromName,
  loadCategoryMap,
  loadOverlay,
  overlayNames,
  overlayToFacts,
  parseCas,
  parseCategoryMap,
  parseOverlay,
  parseRefs,
  splitFunctions,
  type CategoryMap,
  type CosingRow,
  type Overlay,
  type OverlayEntry,
} from '../src/data/overlay';

// The copy the library ships (byte for byte the shared CosIng files; see data/README.md).
const DATA = new URL('../data/', import.meta.url);
const COSING_GZ = new URL('cosing_ingredients_2021-12-15.csv.gz', DATA);

/** Upper case, accents stripped, soft hyphens removed, whitespace collapsed. */
const fold = (s: string): string =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u00ad]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();

const readCsv = (file: string): string[][] =>
  parse(readFileSync(new URL(file, DATA)), { relax_quotes: true, relax_column_count: true, from_line: 2 }) as string[][];

/** Each annex row as one folded text (all columns), plus the row itself. */
const annex = (which: string): { row: string[]; text: string }[] =>
  readCsv(`cosing_annex_${which}.csv`).map((row) => ({ row, text: fold(row.join(' | ')) }));

const mentions = (text: string, name: string): boolean => {
  const n = fold(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^A-Z0-9-])${n}($|[^A-Z0-9-])`).test(text);
};

let overlay: Overlay;
let map: CategoryMap;
let cosing: Map<string, CosingRow>;
let byInci: Map<string, OverlayEntry>;

beforeAll(() => {
  overlay = loadOverlay();
  map = loadCategoryMap();
  const rows = parse(gunzipSync(readFileSync(COSING_GZ)), { columns: true, relax_quotes: true }) as CosingRow[];
  cosing = new Map(rows.map((r) => [fold(r.inci_name), r]));
  byInci = new Map(overlay.entries.map((e) => [e.inci, e]));
});

/** What the library assigns: the overlay first, else the map over the CosIng functions. */
const assigned = (inci: string): Category | undefined => {
  const e = byInci.get(inci);
  if (e) return e.c;
  const row = cosing.get(fold(inci));
  if (!row) return undefined;
  return categoryFromFunctions(splitFunctions(row.function), map, { inci });
};

describe('schemas', () => {
  it('both files validate and carry their pack names and the CosIng credit', () => {
    expect(overlay.pack).toBe('library-overlay');
    expect(map.pack).toBe('library-category-map');
    expect(overlay.source).toContain('Source: European Commission, CosIng');
    const raw = JSON.parse(readFileSync(new URL('../src/data/overlay.json', import.meta.url), 'utf8')) as unknown;
    expect(() => parseOverlay(raw)).not.toThrow();
  });

  it('rejects malformed entries and bad patterns', () => {
    const good = overlay.entries[0]!;
    const bad = (patch: object): unknown => ({ ...overlay, entries: [{ ...good, ...patch }] });
    expect(() => parseOverlay(bad({ c: 'XX' }))).toThrow();
    expect(() => parseOverlay(bad({ inci: 'glycerin' }))).toThrow();
    expect(() => parseOverlay(bad({ flags: ['allergic'] }))).toThrow();
    expect(() => parseOverlay(bad({ asAcid: 1.2 }))).toThrow();
    expect(() => parseOverlay(bad({ extra: 1 }))).toThrow();
    expect(() => parseCategoryMap({ ...map, nameRules: [{ pattern: '(', c: 'OT' }] })).toThrow();
  });
});

describe('overlay content', () => {
  it('has at least 300 entries and at least 15 trade names', () => {
    expect(overlay.entries.length).toBeGreaterThanOrEqual(300);
    expect(overlay.entries.reduce((n, e) => n + e.tradeNames.length, 0)).toBeGreaterThanOrEqual(15);
  });

  it('has no duplicate INCI and no name (INCI or synonym) shared by two entries, accents and case folded', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const e of overlay.entries) {
      for (const n of new Set(overlayNames(e).map(fold))) {
        const prev = owner.get(n);
        if (prev !== undefined && prev !== e.inci) clashes.push(`${n}: ${prev} / ${e.inci}`);
        owner.set(n, e.inci);
      }
    }
    expect(clashes).toEqual([]);
    expect(new Set(overlay.entries.map((e) => e.inci)).size).toBe(overlay.entries.length);
  });

  it('every INCI exists in CosIng unless flagged notInCosing (and flagged ones really are absent)', () => {
    const missing = overlay.entries.filter((e) => !e.notInCosing && !cosing.has(fold(e.inci))).map((e) => e.inci);
    const wronglyFlagged = overlay.entries.filter((e) => e.notInCosing && cosing.has(fold(e.inci))).map((e) => e.inci);
    expect(missing).toEqual([]);
    expect(wronglyFlagged).toEqual([]);
  });

  it('a synonym is never another CosIng INCI name, except the entry\'s own US label name (WATER, HONEY...)', () => {
    const bad = overlay.entries.flatMap((e) =>
      e.synonyms.filter((s) => cosing.has(fold(s)) && fold(s) !== fold(e.inci) && s !== e.usName).map((s) => `${s} -> ${e.inci}`),
    );
    expect(bad).toEqual([]);
  });

  it('trade names: unique, blends sum to 1 within 0.01, components are overlay entries', () => {
    const seen = new Set<string>();
    for (const e of overlay.entries) {
      for (const t of e.tradeNames) {
        const key = fold(t.name);
        expect(seen.has(key), `duplicate trade name ${t.name}`).toBe(false);
        seen.add(key);
        expect(byInci.has(key), `trade name ${t.name} is an INCI`).toBe(false);
        const sum = t.blend.reduce((s, b) => s + b.f, 0);
        expect(Math.abs(sum - 1), `${t.name} sums to ${sum}`).toBeLessThanOrEqual(0.01);
        for (const b of t.blend) expect(byInci.has(b.n), `${t.name}: ${b.n} not in overlay`).toBe(true);
        // a trade name sits on the entry of its main functional component (water is a carrier)
        const main = [...t.blend].filter((b) => b.n !== 'AQUA').sort((a, b) => b.f - a.f)[0]!;
        expect(main.n, `${t.name} should sit on ${main.n}`).toBe(e.inci);
      }
    }
  });

  it('contains every component of the example chassis', () => {
    const chassis = JSON.parse(readFileSync(new URL('../../../packages/chassis/data/chassis.example.json', import.meta.url), 'utf8')) as {
      architectures: Record<string, { components: { n: string }[] }>;
    };
    const names = Object.values(chassis.architectures).flatMap((a) => a.components.map((c) => c.n));
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((n) => !byInci.has(n))).toEqual([]);
  });

  it('electrolytes carry a valence, and only electrolytes do', () => {
    for (const e of overlay.entries) {
      if (e.c === 'EL') expect(e.valence, e.inci).not.toBeNull();
      else expect(e.valence, e.inci).toBeNull();
    }
  });

  it('preservatives regulated "as acid" carry asAcid; salts and esters have the molar-mass factor', () => {
    // Annex V entries whose maximum is expressed as acid
    const asAcidRefs = new Set(
      readCsv('cosing_annex_V.csv')
        .filter((r) => /acid/i.test(r[6] ?? ''))
        .map((r) => `V/${r[0]}`),
    );
    expect(asAcidRefs).toContain('V/1');
    expect(asAcidRefs).toContain('V/4');
    expect(asAcidRefs).toContain('V/13');
    for (const e of overlay.entries) {
      const refs = parseRefs(cosing.get(fold(e.inci))?.restriction);
      if (refs.some((r) => asAcidRefs.has(r)) && !e.flags.includes('prohibited')) expect(e.asAcid, e.inci).not.toBeNull();
      if (e.asAcid !== null) expect(e.c === 'PR' || e.c === 'AC', e.inci).toBe(true);
    }
    // acid MW / salt-or-ester MW (anhydrous)
    const factor: Record<string, number> = {
      'BENZOIC ACID': 1,
      'SODIUM BENZOATE': 122.12 / 144.1,
      'SORBIC ACID': 1,
      'POTASSIUM SORBATE': 112.13 / 150.22,
      'DEHYDROACETIC ACID': 1,
      'SODIUM DEHYDROACETATE': 168.15 / 190.13,
      'SALICYLIC ACID': 1,
      'SODIUM SALICYLATE': 138.12 / 160.1,
      METHYLPARABEN: 138.12 / 152.15,
      ETHYLPARABEN: 138.12 / 166.17,
      PROPYLPARABEN: 138.12 / 180.2,
      BUTYLPARABEN: 138.12 / 194.23,
      'SODIUM METHYLPARABEN': 138.12 / 174.13,
    };
    for (const [inci, f] of Object.entries(factor)) expect(byInci.get(inci)?.asAcid, inci).toBeCloseTo(f, 2);
  });

  it('preservatives are Annex V substances; other entries citing Annex V say why in their note', () => {
    const annexV = annex('V');
    for (const e of overlay.entries.filter((x) => x.c === 'PR')) {
      const inAnnex = annexV.some((a) => mentions(a.text, e.inci));
      expect(inAnnex || e.flags.includes('prohibited'), `${e.inci} not in Annex V`).toBe(true);
    }
    for (const e of overlay.entries.filter((x) => x.c !== 'PR')) {
      if (parseRefs(cosing.get(fold(e.inci))?.restriction).some((r) => r.startsWith('V/'))) {
        expect(e.note, `${e.inci} cites Annex V but is ${e.c}`).toMatch(/Annex V/);
      }
    }
  });

  it('flags agree with the annexes', () => {
    const III = annex('III');
    const labelled = III.filter((a) => /(MUST|SHALL) BE INDICATED .*0[,.]001 ?% IN LEAVE-ON/.test(a.text));
    expect(labelled.length).toBeGreaterThan(60);
    const II = annex('II');
    const IV = annex('IV');
    const VI = annex('VI');
    const nanoRows = [...IV, ...VI].filter((a) => a.text.includes('(NANO)'));
    for (const e of overlay.entries) {
      const has = (f: string): boolean => e.flags.includes(f as never);
      // A collective entry ("Turpentine ... (Pinus spp.)") names no INCI: the note then cites the entry it belongs to.
      const citedRef = /Annex (III\/\d+)/.exec(e.note)?.[1];
      if (has('allergen')) expect(labelled.some((a) => mentions(a.text, e.inci) || `III/${a.row[0]}` === citedRef), `${e.inci}: not a labelled allergen`).toBe(true);
      if (has('prohibited')) expect(II.some((a) => mentions(a.text, e.inci)), `${e.inci}: not in Annex II`).toBe(true);
      if (has('uv_filter')) expect(VI.some((a) => mentions(a.text, e.inci)), `${e.inci}: not in Annex VI`).toBe(true);
      if (has('colourant')) {
        const ci = overlayNames(e).filter((n) => /^CI \d{5}$/.test(n));
        // Mica (CI 77019) colours without an Annex IV entry; labels declare it by its CI number all the same.
        const outsideAnnexIV = ['CI 77019'];
        expect(ci.length > 0 && ci.every((n) => outsideAnnexIV.includes(n) || IV.some((a) => mentions(a.text, n))), `${e.inci}: no Annex IV CI number`).toBe(true);
      }
      if (has('nano')) expect(nanoRows.some((a) => mentions(a.text, e.inci)), `${e.inci}: no (nano) entry`).toBe(true);
      // and the other way round
      if (e.c === 'UV') expect(has('uv_filter'), e.inci).toBe(true);
      if (/^CI \d{5}$/.test(e.inci)) expect(has('colourant'), e.inci).toBe(true);
      if (has('uv_filter') && nanoRows.some((a) => mentions(a.text, `${e.inci} (NANO)`))) expect(has('nano'), e.inci).toBe(true);
      const listedAllergen = labelled.some((a) =>
        [a.row[2] ?? '', a.row[14] ?? ''].some((col) => fold(col).split(/[;,]/).map((s) => s.trim()).includes(e.inci)),
      );
      if (listedAllergen) expect(has('allergen'), `${e.inci} is a labelled allergen`).toBe(true);
    }
    for (const n of ['TITANIUM DIOXIDE', 'ZINC OXIDE', 'METHYLENE BIS-BENZOTRIAZOLYL TETRAMETHYLBUTYLPHENOL']) {
      expect(byInci.get(n)?.flags, n).toContain('nano');
    }
  });

  it('uses the EU/US label names the domain model requires', () => {
    expect(byInci.get('AQUA')?.usName).toBe('WATER');
    expect(byInci.get('PARFUM')?.usName).toBe('FRAGRANCE');
    // Their other spellings live in vocabulary.json (overlay-audit.test.ts holds the two in agreement).
    expect(byInci.get('AQUA')?.synonyms).toEqual([]);
    expect(byInci.get('PARFUM')?.synonyms).toEqual([]);
  });
});

describe('category map', () => {
  it('maps exactly the CosIng function values: each is a rule or listed as unmapped, none is invented', () => {
    const all = new Set<string>();
    for (const r of cosing.values()) for (const f of splitFunctions(r.function)) all.add(f);
    expect(all.size).toBe(81);
    const ruled = map.rules.map((r) => r.function);
    const unmapped = map.unmapped ?? [];
    expect(ruled.filter((f) => !all.has(f))).toEqual([]);
    expect(unmapped.filter((f) => !all.has(f))).toEqual([]);
    expect(unmapped.filter((f) => ruled.includes(f))).toEqual([]);
    expect([...all].filter((f) => !ruled.includes(f) && !unmapped.includes(f))).toEqual([]);
    for (const r of map.nameRules) for (const f of r.functions ?? []) expect(all.has(f), f).toBe(true);
  });

  it('applies the priority order', () => {
    expect(categoryFromFunctions(['ANTIMICROBIAL', 'PRESERVATIVE'], map)).toBe('PR');
    expect(categoryFromFunctions(['ANTIMICROBIAL'], map)).toBe('BO');
    expect(categoryFromFunctions(['COLORANT', 'UV FILTER'], map)).toBe('UV');
    expect(categoryFromFunctions(['SKIN CONDITIONING', 'HUMECTANT'], map)).toBe('HU');
    expect(categoryFromFunctions(['ph adjusters'], map)).toBe('PH');
    expect(categoryFromFunctions(['OPACIFYING'], map)).toBe('OT');
    expect(categoryFromFunctions([], map)).toBe(map.default);
  });

  it('surfactants go by ionic class when known, else SN', () => {
    const fn = ['SURFACTANT - CLEANSING'];
    expect(categoryFromFunctions(fn, map)).toBe('SN');
    expect(categoryFromFunctions(fn, map, { ionic: 'anionic' })).toBe('SA');
    expect(categoryFromFunctions(fn, map, { ionic: 'cationic' })).toBe('CA');
    expect(categoryFromFunctions(fn, map, { ionic: 'amphoteric' })).toBe('SN');
    expect(categoryFromFunctions(fn, map, { inci: 'SODIUM LAURETH-8 SULFATE' })).toBe('SA');
    expect(categoryFromFunctions(fn, map, { inci: 'LAURAMIDOPROPYL HYDROXYSULTAINE' })).toBe('SN');
    expect(ionicFromName('AMMONIUM LAURYL SULFATE', map)).toBe('anionic');
    expect(ionicFromName('CETRIMONIUM CHLORIDE', map)).toBe('cationic');
    expect(ionicFromName('DECYL GLUCOSIDE', map)).toBe('nonionic');
  });

  it('every CosIng ingredient gets a valid category', () => {
    const counts = new Map<Category, number>();
    for (const r of cosing.values()) {
      const c = categoryFromFunctions(splitFunctions(r.function), map, { inci: r.inci_name });
      expect(CATEGORY_CODES).toContain(c);
      counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    // no category swallows the inventory (extracts alone are a fifth of it), and the default stays a minority
    for (const [c, n] of counts) expect(n, c).toBeLessThan(cosing.size * 0.5);
    expect(counts.get('OT') ?? 0).toBeLessThan(cosing.size * 0.1);
  });
});

describe('the 200 most common cosmetic ingredients land in the right category', () => {
  const common = JSON.parse(readFileSync(new URL('./common-200.json', import.meta.url), 'utf8')) as { inci: string; c: Category }[];

  it('is a list of 200 distinct ingredients, many of them left to the mapping', () => {
    expect(common).toHaveLength(200);
    expect(new Set(common.map((x) => x.inci)).size).toBe(200);
    for (const x of common) expect(CATEGORY_CODES).toContain(x.c);
    expect(common.filter((x) => !byInci.has(x.inci)).length).toBeGreaterThanOrEqual(60);
  });

  it('every one exists in CosIng and gets its category (overlay first, else the map)', () => {
    const wrong = common
      .map((x) => ({ ...x, got: assigned(x.inci) }))
      .filter((x) => x.got !== x.c)
      .map((x) => `${x.inci}: want ${x.c}, got ${x.got ?? 'not in CosIng'}`);
    expect(wrong).toEqual([]);
  });
});

describe('overlayToFacts', () => {
  it('maps an entry and its CosIng row to IngredientFacts', () => {
    const tio2 = byInci.get('TITANIUM DIOXIDE')!;
    const f = overlayToFacts(tio2, cosing.get('TITANIUM DIOXIDE'));
    expect(f).toMatchObject({ inci: 'TITANIUM DIOXIDE', c: 'UV', uvFilter: true, nano: true, colourant: false, allergen: false, cas: '13463-67-7' });
    expect(f.refs).toEqual(['IV/143', 'VI/27', 'VI/27a']);
    expect(f.fn).toContain('UV FILTER');

    const aqua = overlayToFacts(byInci.get('AQUA')!);
    expect(aqua).toMatchObject({ inci: 'AQUA', usName: 'WATER', c: 'AQ', refs: [], fn: [], cas: null, common: 100 });

    const sb = overlayToFacts(byInci.get('SODIUM BENZOATE')!, cosing.get('SODIUM BENZOATE'));
    expect(sb).toMatchObject({ c: 'PR', asAcid: 0.847, refs: ['V/1'] });
    expect(overlayToFacts(byInci.get('LIMONENE')!, cosing.get('LIMONENE')).allergen).toBe(true);
    expect(overlayToFacts(byInci.get('BUTYLPHENYL METHYLPROPIONAL')!).prohibited).toBe(true);
  });

  it('parses CosIng free-text fields', () => {
    expect(parseRefs('III/88 III/167 III/168')).toEqual(['III/88', 'III/167', 'III/168']);
    expect(parseRefs('III/45 and V/34')).toEqual(['III/45', 'V/34']);
    expect(parseRefs('Annex II/1670')).toEqual(['II/1670']);
    expect(parseRefs('IV/81 (CI 47000) (colorant) II/1358 (Solvent Yellow 33; CI 47000: hair dye)')).toEqual(['IV/81', 'II/1358']);
    expect(parseRefs('')).toEqual([]);
    expect(parseCas('139-33-3 --- 6381-92-6')).toEqual(['139-33-3', '6381-92-6']);
    expect(parseCas('-')).toEqual([]);
    expect(splitFunctions('ANTIMICROBIAL, PRESERVATIVE')).toEqual(['ANTIMICROBIAL', 'PRESERVATIVE']);
  });
});
