/**
 * Search latency, measured in-process over the full catalogue with a query mix that looks like
 * real traffic: common names, two-letter prefixes, misspellings, accents, CAS numbers, trade
 * names, punctuation-heavy INCI names, and misses.
 *
 *   npx tsx services/library/src/bench.ts            # PGlite in memory
 *   npx tsx services/library/src/bench.ts <pg-url>   # PostgreSQL (imports into that database)
 */
import type { Sql } from '@svc/kit';
import { search } from './store';

export const QUERY_MIX: readonly string[] = [
  'glycerin', 'Glycérine', 'gly', 'aqua', 'water', 'niacinamide', 'niacinamid', 'hyaluronic', 'sodium hyaluronate',
  'hyaluronik acid', 'caprylic', 'capric', 'caprylic/capric triglyceride', 'cetearyl alcohol', 'cetearyl',
  'phenoxyethanol', 'phenoxy', 'ethylhexylglycerin', 'so', 'sodium', 'sodium benzoate', 'potassium sorbate',
  'benzyl alcohol', 'tocopherol', 'vitamin e', 'panthenol', 'allantoin', 'xanthan gum', 'xanthan', 'carbomer',
  'dimethicone', 'peg-100 stearate', 'peg 100 stearate', 'polysorbate 20', 'citric acid', 'lactic acid',
  'salicylic acid', 'glycolic', 'retinol', 'ascorbic acid', 'titanium dioxide', 'zinc oxide', 'zinc oxyde',
  'CI 77891', 'ci 77', 'limonene', 'linalool', 'parfum', 'fragrance', '56-81-5', '7732-18-5', '122-99-6',
  'butylene glycol', 'propanediol', '1,2-hexanediol', 'hexanediol', 'squalane', 'shea butter', 'butyrospermum',
  'aloe barbadensis leaf juice', 'aloe', 'rosa damascena', 'lavandula', 'disodium edta', 'edta', 'sodium chloride',
  'cocamidopropyl betaine', 'sodium laureth sulfate', 'sles', 'decyl glucoside', 'ceramide np', 'ceramide',
  'urea', 'betaine', 'xyz', 'qq', 'unknownium', "'; drop table library.names; --", '%_\\', 'a b c d e f',
  'ethylhexyl methoxycinnamate', 'octocrylene', 'avobenzone', 'butyl methoxydibenzoylmethane', 'euxyl',
];

export interface BenchResult {
  /** Milliseconds. */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Sequential searches per second over the measured run. */
  qps: number;
  n: number;
}

export interface BenchOptions {
  queries?: readonly string[];
  /** Measured searches (the mix is cycled). */
  iterations?: number;
  /** Unmeasured searches first: JIT, index load. */
  warmup?: number;
}

/** Runs the mix sequentially through search() (index freshness checks included) and reports percentiles. */
export async function benchSearch(sql: Sql, opts: BenchOptions = {}): Promise<BenchResult> {
  const queries = opts.queries ?? QUERY_MIX;
  const iterations = opts.iterations ?? 5_000;
  const warmup = opts.warmup ?? 500;
  for (let i = 0; i < warmup; i++) await search(sql, queries[i % queries.length] ?? '');
  const times = new Float64Array(iterations);
  const t0 = performance.now();
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    await search(sql, queries[i % queries.length] ?? '');
    times[i] = performance.now() - t;
  }
  const elapsed = performance.now() - t0;
  times.sort();
  const at = (p: number): number => round(times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: round(times[times.length - 1] ?? 0), qps: Math.round((iterations / elapsed) * 1000), n: iterations };
}

const round = (v: number): number => Math.round(v * 1000) / 1000;

async function main(): Promise<void> {
  const { pgliteSql, postgresSql } = await import('@svc/kit');
  const { migrate } = await import('./migrations');
  const url = process.argv[2];
  const sql = url ? postgresSql(url, { max: 4, applicationName: 'library-bench' }) : await pgliteSql();
  try {
    const t = performance.now();
    await migrate(sql, (m) => console.log(m));
    console.log(`ready in ${Math.round(performance.now() - t)} ms; benchmarking search on ${sql.kind}`);
    console.log(JSON.stringify(await benchSearch(sql)));
  } finally {
    await sql.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
