/**
 * The import's reading of the reference files, without a database: annex parsing, the flags the
 * annexes imply, the data version, and the keys names are matched by.
 */
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { isAllergenEntry, namesInEntry, parseAnnex, refOf } from '../src/engine/annex';
import { buildCatalogue, compareRefs, type CatalogueEntry } from '../src/engine/catalogue';
import { escapeLike, queryKeys, wordKey } from '../src/engine/keys';
import { COSING_FUNCTIONS, SubmissionSchema } from '../src/engine/submission';
import { COSING_FILE, dataVersionOf, parseSources, readRawSources } from '../src/sources';

let entries: Map<string, CatalogueEntry>;
let raw: ReturnType<typeof readRawSources>;

beforeAll(() => {
  raw = readRawSources();
  const src = parseSources(raw);
  entries = new Map(buildCatalogue(src).entries.map((e) => [e.facts.inci, e]));
}, 60_000);

const facts = (inci: string) => {
  const e = entries.get(inci);
  if (!e) throw new Error(`${inci} is not in the catalogue`);
  return e.annexFlags;
};
const refs = (inci: string) => entries.get(inci)?.facts.refs ?? [];

describe('annex files', () => {
  it('parses quoted line breaks and the short data rows', () => {
    const csv = 'reference_number,inn,common_ingredients,x,chemical_name,identified_ingredients,cmr,update_date\n' +
      '45,"Benzyl\nAlcohol","BENZYL ALCOHOL","The presence ... shall be indicated in the list\nof ingredients","BENZYL ALCOHOL",,11/01/2024\n';
    const [e] = parseAnnex('III', csv);
    expect(e).toMatchObject({ annex: 'III', ref: '45', updated: '2024-01-11' });
    expect(isAllergenEntry(e!)).toBe(true);
    expect(namesInEntry(e!, (k) => k === 'BENZYL ALCOHOL')).toEqual([{ key: 'BENZYL ALCOHOL', nano: false }]);
  });

  it('keeps commas that belong to a name and cuts the ones that separate names', () => {
    const [e] = parseAnnex('III', 'reference_number,inn,common_ingredients,chemical_name,identified_ingredients,cmr,update_date\n' +
      '242,x,"Phenol, 2-methoxy-4-(2-propenyl)-, acetate","2,4-DIAMINOPHENOXYETHANOL HCL,2,4-DIAMINOPHENOXYETHANOL SULFATE",,01/01/2020\n');
    const known = new Set(['2,4-DIAMINOPHENOXYETHANOL HCL', '2,4-DIAMINOPHENOXYETHANOL SULFATE', 'PHENOL']);
    expect(namesInEntry(e!, (k) => known.has(k)).map((n) => n.key).sort()).toEqual(['2,4-DIAMINOPHENOXYETHANOL HCL', '2,4-DIAMINOPHENOXYETHANOL SULFATE']);
  });

  it('orders references by annex, then number', () => {
    expect(['V/29', 'III/167', 'III/88', 'II/1', 'VI/27a', 'VI/27'].sort(compareRefs)).toEqual(['II/1', 'III/88', 'III/167', 'V/29', 'VI/27', 'VI/27a']);
    expect(refOf({ annex: 'V', ref: '29' })).toBe('V/29');
  });
});

describe('flags from the annexes', () => {
  it('fragrance allergens of Annex III, old and new (Regulation (EU) 2023/1545)', () => {
    for (const a of ['LIMONENE', 'LINALOOL', 'CITRONELLOL', 'GERANIOL', 'BENZYL ALCOHOL', 'EUGENOL', 'COUMARIN', 'ANETHOLE', 'VANILLIN', 'MENTHOL']) {
      expect(facts(a).allergen, a).toBe(true);
    }
    expect(refs('LIMONENE')).toContain('III/88');
    for (const n of ['GLYCERIN', 'PHENOXYETHANOL', 'THIOGLYCOLIC ACID', 'PHENOL']) expect(facts(n).allergen, n).toBe(false);
  });

  it('distrusts inventory references whose number the current annex gives to another substance', () => {
    // III/196 was HC BLUE NO. 11 in 2021; it is verbena absolute, a fragrance allergen, now.
    expect(facts('HC BLUE NO. 11').allergen).toBe(false);
    // VI/10 on SODIUM IODATE is the old Directive's preservative annex, not today's UV filter VI/10.
    expect(facts('SODIUM IODATE').uvFilter).toBe(false);
    expect(refs('SODIUM IODATE')).not.toContain('VI/10');
  });

  it('UV filters, colourants and nano forms', () => {
    expect(facts('TITANIUM DIOXIDE')).toMatchObject({ uvFilter: true, colourant: true, nano: true });
    expect(facts('ZINC OXIDE')).toMatchObject({ uvFilter: true, nano: true });
    expect(facts('BUTYL METHOXYDIBENZOYLMETHANE')).toMatchObject({ uvFilter: true, nano: false });
    expect(facts('CI 77266')).toMatchObject({ colourant: true, nano: true });
    expect(facts('CI 77891')).toMatchObject({ colourant: true, uvFilter: false });
    expect(facts('GLYCERIN')).toMatchObject({ uvFilter: false, colourant: false, nano: false });
  });

  it('prohibitions of Annex II, but not the conditional ones', () => {
    expect(facts('ZINC PYRITHIONE').prohibited).toBe(true); // banned after the 2021 inventory
    expect(refs('ZINC PYRITHIONE')).toContain('II/1670');
    expect(facts('PHENOL').prohibited).toBe(true);
    // "Furocoumarines ... except for normal content in natural essences"
    expect(facts('CITRUS AURANTIFOLIA PEEL OIL').prohibited).toBe(false);
    // "when used as a substance in hair dye products"
    expect(facts('HYDROQUINONE').prohibited).toBe(false);
    expect(facts('PHENOXYETHANOL').prohibited).toBe(false);
    expect(refs('PHENOXYETHANOL')).toEqual(['V/29']);
  });

  it('every electrolyte of the catalogue is a salt with a known valence; an oil or a powder listed as antiperspirant is not one', () => {
    const unsalted = [...entries.values()].filter((e) => e.facts.c === 'EL' && e.facts.valence === null).map((e) => e.facts.inci);
    expect(unsalted).toEqual([]);
    expect(entries.get('ALUMINUM CHLOROHYDRATE')?.facts).toMatchObject({ c: 'EL', valence: 3 });
    expect(entries.get('BURSERA GRAVEOLENS FRUIT OIL')?.facts.c).toBe('FR');
    expect(entries.get('ZIRCONIUM POWDER')?.facts.c).not.toBe('EL');
  });

  it('every overlay entry is in the catalogue with its curated facts', () => {
    for (const o of raw.overlay.entries) {
      const e = entries.get(o.inci);
      expect(e, o.inci).toBeDefined();
      expect(e!.curated).toBe(true);
      expect(e!.facts).toMatchObject({ c: o.c, up: o.up, common: o.common, ionic: o.ionic });
      for (const t of o.tradeNames) expect(e!.names).toContainEqual({ name: t.name, kind: 'trade' });
    }
  });
});

describe('data version', () => {
  it('changes with the overlay and not otherwise', () => {
    const v = dataVersionOf(raw);
    expect(dataVersionOf(readRawSources())).toBe(v);
    const changed = { ...raw, overlay: { ...raw.overlay, version: `${raw.overlay.version}.x` } };
    expect(dataVersionOf(changed)).not.toBe(v);
    const otherFile = { ...raw, files: raw.files.map((f) => (f.name === COSING_FILE ? { ...f, bytes: Buffer.concat([f.bytes, Buffer.from(' ')]) } : f)) };
    expect(dataVersionOf(otherFile)).not.toBe(v);
  });
});

describe('keys', () => {
  it('folds case, accents, spacing and punctuation', () => {
    expect(queryKeys('  Glycérine ')).toEqual({ exact: 'GLYCERINE', words: 'GLYCERINE' });
    expect(wordKey('Caprylic/Capric  Triglyceride')).toBe(' CAPRYLIC CAPRIC TRIGLYCERIDE ');
    expect(wordKey('PEG-100 STEARATE')).toBe(wordKey('peg 100 stearate'));
    expect(wordKey('%_\\')).toBe('');
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });
});

describe('submission schema', () => {
  it('knows every CosIng function value', () => {
    const rows = parse(gunzipSync(raw.files.find((f) => f.name === COSING_FILE)!.bytes), { columns: true, bom: true }) as { function: string }[];
    const inFile = new Set(rows.flatMap((r) => r.function.split(',').map((s) => s.trim()).filter(Boolean)));
    expect([...COSING_FUNCTIONS].sort()).toEqual([...inFile].sort());
  });

  it('normalises known functions, keeps free text, rejects unknown fields', () => {
    const ok = SubmissionSchema.parse({ inci: ' New  Oil ', functions: ['ph adjusters', 'smells nice'], note: 'line 1\nline 2' });
    expect(ok).toEqual({ inci: 'New Oil', functions: ['pH ADJUSTERS', 'smells nice'], note: 'line 1\nline 2' });
    expect(SubmissionSchema.safeParse({ inci: 'New Oil', extra: 1 }).success).toBe(false);
    expect(SubmissionSchema.safeParse({ inci: 'New\tOil' }).success).toBe(false);
    expect(SubmissionSchema.safeParse({ inci: 'New Oil', cas: '56-81-5' }).success).toBe(true);
    expect(SubmissionSchema.safeParse({ inci: 'New Oil', cas: '5681-5' }).success).toBe(false);
  });
});
