/**
 * Label throughput on one core: a realistic serum on the example chassis, built in a loop the way
 * the gRPC handler calls the engine (request already validated, names already resolved). The
 * chassis' bands are cached per (chassis, pack, variant, nbPct), so the loop measures the merge,
 * the ordering and the string building, which is what every request pays.
 */
import { pathToFileURL } from 'node:url';
import { normaliseName, type Category, type IngredientFacts, type Resolution } from '@svc/formula';
import { DEFAULT_CHASSIS_FILE, loadChassis, type Chassis } from '@svc/chassis';
import { buildLabel, namesToResolve } from './label';
import type { LabelRequest } from './request';

/** Target from the brief: above this many labels per second on one core. */
export const TARGET_LABELS_PER_SECOND = 30_000;

function facts(inci: string, c: Category, extra: Partial<IngredientFacts> = {}): IngredientFacts {
  return {
    inci, usName: null, c, up: null, ionic: null, valence: null, asAcid: null, refs: [], fn: [], cas: null,
    allergen: false, allergenRef: null, colourant: false, uvFilter: false, prohibited: false, nano: false, common: 50, ...extra,
  };
}

const BENCH_FACTS: IngredientFacts[] = [
  facts('AQUA', 'AQ', { usName: 'WATER' }), facts('GLYCERIN', 'HU'), facts('CAPRYLIC/CAPRIC TRIGLYCERIDE', 'EM'),
  facts('HYDROGENATED LECITHIN', 'SN'), facts('PENTYLENE GLYCOL', 'BO'), facts('POLYGLYCERYL-10 LAURATE', 'SN'),
  facts('SQUALANE', 'EM'), facts('GLYCERYL CAPRYLATE', 'BO'), facts('CHOLESTEROL', 'EM'), facts('PHENOXYETHANOL', 'PR'),
  facts('TOCOPHEROL', 'AO'), facts('XANTHAN GUM', 'PO'), facts('SODIUM PHYTATE', 'CH'), facts('NIACINAMIDE', 'AV'),
  facts('SODIUM HYALURONATE', 'AV'), facts('PANTHENOL', 'AV'), facts('BUTYLENE GLYCOL', 'HU'), facts('ALLANTOIN', 'AV'),
  facts('PARFUM', 'FR', { usName: 'FRAGRANCE' }), facts('LINALOOL', 'FR', { allergen: true, allergenRef: 'III/84' }), facts('LIMONENE', 'FR', { allergen: true, allergenRef: 'III/88' }),
  facts('CITRIC ACID', 'PH'), facts('CI 77491', 'PI', { colourant: true, usName: 'IRON OXIDES' }),
];

export const BENCH_REQUEST: LabelRequest = {
  variant: 'classic',
  nbPct: 78,
  mode: 'label',
  market: 'eu',
  productType: 'leave_on',
  lines: [
    { n: 'AQUA', pct: 12.4 },
    { n: 'NIACINAMIDE', pct: 4 },
    { n: 'GLYCERIN', pct: 2 },
    { pct: 1.5, blend: [{ n: 'BUTYLENE GLYCOL', f: 0.7 }, { n: 'PANTHENOL', f: 0.3 }] },
    { n: 'SODIUM HYALURONATE', pct: 0.5 },
    { pct: 0.8, blend: [{ n: 'PARFUM', f: 0.96 }, { n: 'LINALOOL', f: 0.025 }, { n: 'LIMONENE', f: 0.015 }, { n: 'TOCOPHEROL', f: 'trace' }] },
    { n: 'ALLANTOIN', pct: 0.2 },
    { n: 'CITRIC ACID', pct: 0.1 },
    { n: 'CI 77491', pct: 0.5 },
  ],
};

export function benchResolutions(req: LabelRequest, chassis: Chassis): Map<string, Resolution> {
  const byKey = new Map(BENCH_FACTS.map((f) => [normaliseName(f.inci), f]));
  const out = new Map<string, Resolution>();
  for (const n of namesToResolve(req, chassis)) {
    const key = normaliseName(n);
    const f = byKey.get(key);
    out.set(key, f ? { n, matched: true, facts: f } : { n, matched: false, suggestions: [] });
  }
  return out;
}

export interface BenchResult {
  labels: number;
  seconds: number;
  labelsPerSecond: number;
}

/** Builds labels for about `durationMs` (after a warm-up) and returns the rate. */
export function benchLabels(opts: { durationMs?: number; chassis?: Chassis; request?: LabelRequest } = {}): BenchResult {
  const chassis = opts.chassis ?? loadChassis(DEFAULT_CHASSIS_FILE);
  const req = opts.request ?? BENCH_REQUEST;
  const res = benchResolutions(req, chassis);
  const duration = opts.durationMs ?? 1000;
  let sink = 0;
  for (let i = 0; i < 2000; i++) sink += buildLabel(req, res, chassis).mode.length;
  let labels = 0;
  const start = process.hrtime.bigint();
  const end = start + BigInt(Math.round(duration * 1e6));
  let now = start;
  while (now < end) {
    for (let i = 0; i < 500; i++) sink += buildLabel(req, res, chassis).mode.length;
    labels += 500;
    now = process.hrtime.bigint();
  }
  const seconds = Number(now - start) / 1e9;
  if (sink < 0) throw new Error('unreachable');
  return { labels, seconds, labelsPerSecond: Math.round(labels / seconds) };
}

// Only when run directly: importing this file (npm run bench) must not start a benchmark.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = benchLabels({ durationMs: 2000 });
  console.log(`${r.labelsPerSecond} labels/s (${r.labels} in ${r.seconds.toFixed(2)} s; target ${TARGET_LABELS_PER_SECOND})`);
}
