/**
 * A repeatable measure of the hot path: checkFormula on a realistic 12-line cream whose names are
 * already resolved (as they are from the library cache in production). `npm run bench` calls it.
 */
import type { CheckRequest, IngredientFacts, Resolution } from '@svc/formula';
import { checkFormula, namesToResolve } from './check';
import { DEFAULT_PACK } from './pack';

const facts = (inci: string, c: IngredientFacts['c'], extra: Partial<IngredientFacts> = {}): IngredientFacts => ({
  inci, usName: null, c, up: null, ionic: null, valence: null, asAcid: null, refs: [], fn: [], cas: null,
  allergen: false, allergenRef: null, colourant: false, uvFilter: false, prohibited: false, nano: false, common: 50, ...extra,
});

/** A light day cream on the classic base at 60 %: compatible_verify (pH near the lower edge). */
export const BENCH_REQUEST: CheckRequest = {
  base: 'classic',
  basePct: 60,
  ph: 4.7,
  lines: [
    { n: 'Aqua', pct: 14.6 },
    { n: 'Glycerin', pct: 5 },
    { n: 'Niacinamide', pct: 4 },
    { n: 'Caprylic/Capric Triglyceride', pct: 6 },
    { n: 'Squalane', pct: 4 },
    { n: 'Butylene Glycol', pct: 2 },
    { n: 'Panthenol', pct: 1 },
    { n: 'Xanthan Gum', pct: 0.3 },
    { n: 'Sodium Benzoate', pct: 0.4 },
    { n: 'Parfum', pct: 0.3 },
    { n: 'Disodium EDTA', pct: 0.1 },
    { pct: 2.3, blend: [{ n: 'Aloe Barbadensis Leaf Juice', f: 0.99 }, { n: 'Potassium Sorbate', f: 0.01 }, { n: 'Citric Acid', f: 'trace' }] },
  ],
};

const LIBRARY: Record<string, IngredientFacts> = {
  AQUA: facts('AQUA', 'AQ', { usName: 'WATER' }),
  GLYCERIN: facts('GLYCERIN', 'HU'),
  NIACINAMIDE: facts('NIACINAMIDE', 'AV'),
  'CAPRYLIC/CAPRIC TRIGLYCERIDE': facts('CAPRYLIC/CAPRIC TRIGLYCERIDE', 'EM'),
  SQUALANE: facts('SQUALANE', 'EM'),
  'BUTYLENE GLYCOL': facts('BUTYLENE GLYCOL', 'HU'),
  PANTHENOL: facts('PANTHENOL', 'AV'),
  'XANTHAN GUM': facts('XANTHAN GUM', 'PO'),
  'SODIUM BENZOATE': facts('SODIUM BENZOATE', 'PR', { asAcid: 0.847, refs: ['V/1'] }),
  PARFUM: facts('PARFUM', 'FR', { usName: 'FRAGRANCE' }),
  'DISODIUM EDTA': facts('DISODIUM EDTA', 'CH'),
  'ALOE BARBADENSIS LEAF JUICE': facts('ALOE BARBADENSIS LEAF JUICE', 'AQ'),
  'POTASSIUM SORBATE': facts('POTASSIUM SORBATE', 'PR', { asAcid: 0.746, refs: ['V/4'] }),
  'CITRIC ACID': facts('CITRIC ACID', 'PH'),
};

export function benchResolutions(request: CheckRequest = BENCH_REQUEST): Map<string, Resolution> {
  const map = new Map<string, Resolution>();
  for (const key of namesToResolve(request)) {
    const f = LIBRARY[key];
    map.set(key, f ? { n: key, matched: true, facts: f } : { n: key, matched: false, suggestions: [] });
  }
  return map;
}

export interface BenchResult {
  iterations: number;
  ms: number;
  checksPerSecond: number;
  verdict: string;
}

/** Runs `iterations` checks after a warm-up and returns the rate; the verdict guards against a broken fixture. */
export function benchCheck(iterations = 200_000): BenchResult {
  const resolutions = benchResolutions();
  let verdict = '';
  for (let i = 0; i < 5_000; i++) verdict = checkFormula(BENCH_REQUEST, resolutions, DEFAULT_PACK).verdict;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) verdict = checkFormula(BENCH_REQUEST, resolutions, DEFAULT_PACK).verdict;
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  return { iterations, ms, checksPerSecond: Math.round((iterations / ms) * 1000), verdict };
}
