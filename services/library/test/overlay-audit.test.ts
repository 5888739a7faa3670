/**
 * The curated overlay audited for the classes of gap the engines decide on: ionic character that
 * matches the category, valence on every electrolyte, the as-acid factor on preservative salts,
 * colourants named by CI number with the US name of the colour pack, and US names that are
 * spellings of the same INCI name (common names in brackets), never another ingredient.
 */
import { describe, expect, it } from 'vitest';
import { WATER_LABEL_WORDS } from '@svc/formula';
import { CI_NAME, loadCategoryMap, loadColourNames, loadOverlay, loadVocabulary, valenceFromName } from '../src/data/overlay';

const overlay = loadOverlay();
const colours = loadColourNames();

describe('overlay audit', () => {
  it('ionic character agrees with the category: SA anionic, CA cationic, SN nonionic or amphoteric', () => {
    for (const e of overlay.entries) {
      if (e.c === 'SA') expect(e.ionic, e.inci).toBe('anionic');
      if (e.c === 'CA') expect(e.ionic, e.inci).toBe('cationic');
      if (e.c === 'SN') expect(['nonionic', 'amphoteric'], e.inci).toContain(e.ionic);
      // Quaternary ammonium and biguanide preservatives are cations: the top-up rule keeps them from anionic systems.
      if (e.c === 'PR' && /(ONIUM|BIGUANIDE|CHLORHEXIDINE|ARGINATE)/.test(e.inci)) expect(e.ionic, e.inci).toBe('cationic');
      // Small-molecule preservative salts take no part in the anionic/cationic pair rule.
      if (e.c === 'PR' && /^(SODIUM|POTASSIUM|CALCIUM) /.test(e.inci)) expect(e.ionic, e.inci).toBeNull();
    }
  });

  it('every electrolyte has its valence; nothing else has one', () => {
    for (const e of overlay.entries) {
      if (e.c === 'EL') expect(e.valence, e.inci).not.toBeNull();
      else expect(e.valence, e.inci).toBeNull();
    }
  });

  it('an electrolyte the overlay does not curate takes its valence from its cation', () => {
    const map = loadCategoryMap();
    expect(valenceFromName('ALUMINUM SULFATE', map)).toBe(3);
    expect(valenceFromName('MAGNESIUM NITRATE', map)).toBe(2);
    expect(valenceFromName('ZINC CHLORIDE', map)).toBe(2);
    expect(valenceFromName('AMMONIUM CHLORIDE', map)).toBe(1);
    expect(valenceFromName('AMMONIUM ALUM', map)).toBe(3);
    expect(valenceFromName('ZIRCONIUM POWDER', map)).toBeNull();
  });

  it('every preservative or acid salt converts to its acid', () => {
    for (const e of overlay.entries) {
      if ((e.c === 'PR' || e.c === 'AC') && /^(SODIUM|POTASSIUM|CALCIUM|AMMONIUM) .*(ATE|IDE)$/.test(e.inci) && !/HYDROXYMETHYLGLYCINATE/.test(e.inci)) {
        expect(e.asAcid, e.inci).not.toBeNull();
        expect(e.asAcid!, e.inci).toBeLessThan(1);
      }
    }
  });

  it('colourants are named by CI number, are pigments, and carry the US name of the colour pack', () => {
    for (const e of overlay.entries) {
      const ci = CI_NAME.test(e.inci);
      expect(e.flags.includes('colourant'), e.inci).toBe(ci);
      if (ci) {
        expect(e.c, e.inci).toBe('PI');
        expect(e.usName, e.inci).toBe(colours.names[e.inci] ?? null);
      }
    }
  });

  it('a US name is the same INCI name with a common name in brackets, or the English name of an EU Latin one', () => {
    // EU INCI keeps the pharmacopoeia's Latin for these; US labels print the English name.
    const latin: Record<string, string> = {
      AQUA: 'WATER',
      PARFUM: 'FRAGRANCE',
      MEL: 'HONEY',
      'PARAFFINUM LIQUIDUM': 'MINERAL OIL',
      'CERA ALBA': 'BEESWAX',
      'EUPHORBIA CERIFERA CERA': 'EUPHORBIA CERIFERA (CANDELILLA) WAX',
      'COPERNICIA CERIFERA CERA': 'COPERNICIA CERIFERA (CARNAUBA) WAX',
      'MARIS SAL': 'SEA SALT',
    };
    for (const e of overlay.entries) {
      if (CI_NAME.test(e.inci)) continue;
      if (latin[e.inci]) expect(e.usName, e.inci).toBe(latin[e.inci]);
      else if (e.usName !== null) expect(e.usName.replace(/ \([^)]*\)/g, ''), e.inci).toBe(e.inci);
      // Any other Latin word in an EU name needs its US name curated.
      if (/\b(CERA|OLEUM|SAL|MEL|LAC|PARAFFINUM)\b/.test(e.inci)) expect(e.usName, e.inci).not.toBeNull();
    }
  });

  it('the vocabulary names curated ingredients by their EU and US label words, and no spelling twice', () => {
    const vocabulary = loadVocabulary();
    const seen = new Map<string, string>();
    for (const w of vocabulary.words) {
      const e = overlay.entries.find((x) => x.inci === w.inci);
      expect(e, w.inci).toBeDefined();
      expect(w.eu).toBe(w.inci);
      expect(e?.usName, w.inci).toBe(w.us);
      for (const s of [w.us, ...w.spellings]) {
        expect(seen.get(s), s).toBeUndefined();
        seen.set(s, w.inci);
      }
    }
    for (const e of overlay.entries) for (const s of e.synonyms) expect(seen.get(s), `${s} (${e.inci})`).toBeUndefined();
    const water = vocabulary.words.find((w) => w.inci === 'AQUA');
    expect([water?.eu, water?.us]).toEqual(WATER_LABEL_WORDS);
  });
});
