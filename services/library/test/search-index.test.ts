/** The in-memory search index on a small hand-made catalogue: tiers, order, totals, limits. */
import { describe, expect, it } from 'vitest';
import type { IngredientFacts } from '@svc/formula';
import type { NameKind } from '../src/engine/catalogue';
import { normaliseName, wordKey } from '../src/engine/keys';
import { SearchIndex, trigrams } from '../src/engine/search-index';

const facts = (inci: string, common = 0): IngredientFacts => ({
  inci, usName: null, c: 'OT', up: null, ionic: null, valence: null, asAcid: null, refs: [], fn: [], cas: null,
  allergen: false, allergenRef: null, colourant: false, uvFilter: false, prohibited: false, nano: false, common,
});

function build(rows: [inci: string, common: number, extra?: [string, NameKind][]][]): SearchIndex {
  const ings = rows.map(([inci, common], i) => ({ id: i + 1, facts: facts(inci, common) }));
  const names = rows.flatMap(([inci, , extra = []], i) =>
    [[inci, 'inci'] as [string, NameKind], ...extra].map(([name, kind]) => ({ ingredientId: i + 1, kind, nkey: normaliseName(name), wkey: wordKey(name) })),
  );
  return new SearchIndex(ings, names);
}

const idx = build([
  ['GLYCERIN', 90, [['GLYCERINE', 'synonym'], ['56-81-5', 'cas']]],
  ['GLYCERYL STEARATE', 40],
  ['GLYCOL', 0],
  ['POLYGLYCERIN-3', 10],
  ['DIGLYCERIN', 0],
  ['SODIUM HYALURONATE', 80, [['Hyalo Pro 5', 'trade']]],
  ['HYALURONIC ACID', 60],
  ['CAPRYLIC/CAPRIC TRIGLYCERIDE', 90, [['MCT OIL', 'synonym']]],
  ['CAPRYLIC ACID', 20],
  ['PEG-100 STEARATE', 30],
  ['SORBITAN STEARATE', 30],
  ['ISOSTEARIC ACID', 0, [['56-81-5', 'cas']]],
]);
const names = (q: string, n = 10) => idx.search(q, n).hits.map((h) => h.facts.inci);
const tiers = (q: string) => idx.search(q, 10).hits.map((h) => h.tier);

describe('SearchIndex', () => {
  it('exact beats prefix beats word prefix beats fuzzy', () => {
    expect(names('glycerin')[0]).toBe('GLYCERIN');
    expect(tiers('glycerin')[0]).toBe('exact');
    // prefix: GLYCERIN (exact synonym prefix too), GLYCERYL STEARATE, GLYCOL; word prefix: none; fuzzy: DIGLYCERIN...
    const r = idx.search('glyc', 10);
    expect(r.hits.map((h) => h.tier)).toEqual(['prefix', 'prefix', 'prefix']);
    expect(names('glyc')).toEqual(['GLYCERIN', 'GLYCERYL STEARATE', 'GLYCOL']);
    expect(names('stearate')).toEqual(['GLYCERYL STEARATE', 'PEG-100 STEARATE', 'SORBITAN STEARATE']);
    expect(tiers('stearate')).toEqual(['word_prefix', 'word_prefix', 'word_prefix']);
  });

  it('breaks ties by how common, then shorter name, then A–Z', () => {
    expect(names('capr')).toEqual(['CAPRYLIC/CAPRIC TRIGLYCERIDE', 'CAPRYLIC ACID']);
    expect(names('stearate')).toEqual(['GLYCERYL STEARATE', 'PEG-100 STEARATE', 'SORBITAN STEARATE']);
  });

  it('matches synonyms and trade names, case, accents and punctuation aside', () => {
    expect(names('Glycérine')[0]).toBe('GLYCERIN');
    expect(names('hyalo pro')[0]).toBe('SODIUM HYALURONATE');
    expect(names('mct')[0]).toBe('CAPRYLIC/CAPRIC TRIGLYCERIDE');
    expect(names('caprylic capric triglyceride')[0]).toBe('CAPRYLIC/CAPRIC TRIGLYCERIDE');
    expect(tiers('peg 100 stearate')[0]).toBe('exact');
  });

  it('finds misspellings by trigram similarity, closest first', () => {
    const r = idx.search('hyaluronik acid', 10);
    expect(r.hits[0]?.facts.inci).toBe('HYALURONIC ACID');
    expect(r.hits[0]?.tier).toBe('fuzzy');
    expect(r.hits[0]!.similarity).toBeGreaterThan(r.hits[1]?.similarity ?? 0);
    expect(names('glycerinn')[0]).toBe('GLYCERIN');
  });

  it('matches a CAS number only whole, and lists every ingredient that has it', () => {
    expect(idx.search('56-81-5', 10).hits.map((h) => [h.facts.inci, h.tier])).toEqual([
      ['GLYCERIN', 'cas'],
      ['ISOSTEARIC ACID', 'cas'],
    ]);
    expect(idx.search('56-81', 10).total).toBe(0);
  });

  it('counts every match in total and honours the limit', () => {
    const all = idx.search('a', 100);
    const two = idx.search('a', 2);
    expect(two.hits).toHaveLength(2);
    expect(two.total).toBe(all.total);
    expect(two.hits.map((h) => h.facts.inci)).toEqual(all.hits.slice(0, 2).map((h) => h.facts.inci));
  });

  it('returns nothing for empty, punctuation-only or control-character queries, and never throws', () => {
    for (const q of ['', '   ', '%', '_', '\\', '()/-', '\u0000\u0001', 'x'.repeat(50_000), '\ud800', 7, null]) {
      const r = idx.search(q, 10);
      expect(r.total).toBeGreaterThanOrEqual(r.hits.length);
    }
    expect(idx.search('%', 10).total).toBe(0);
  });

  it('makes trigrams the pg_trgm way', () => {
    expect([...trigrams('AB C')].sort()).toEqual(['  A', '  C', ' AB', ' C ', 'AB '].sort());
  });
});
