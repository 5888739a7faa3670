/**
 * The in-process measures, run in the bench process itself before any child starts (so nothing
 * else competes for the core): the envelope engine, the label engine, and library search over
 * the full catalogue on PGlite and, when reachable, on the real PostgreSQL.
 */
import net from 'node:net';
import type { Sql } from '@svc/kit';
import type { BenchResult } from '@svc/library/bench';

export interface RateResult {
  /** Median of the rounds, per second. */
  perSecond: number;
  rounds: number[];
  note: string;
}

export interface SearchResult extends BenchResult {
  /** Catalogue import before the measure, ms. */
  prepareMs: number;
}

/** Which of the values is their median (the upper one of an even count). */
export const medianIndex = (xs: readonly number[]): number => xs.map((x, i) => ({ x, i })).sort((a, b) => a.x - b.x)[Math.floor(xs.length / 2)]?.i ?? 0;

export const median = (xs: readonly number[]): number => xs[medianIndex(xs)] ?? 0;

/**
 * Imports a module whose "run me directly" guard compares only the basename of process.argv[1]
 * (services/label/src/engine/bench.ts: `import.meta.url.endsWith(basename(argv[1]))`), which is
 * also true for scripts/bench.ts and would start its own 2 s benchmark on import.
 */
async function importQuietly<T>(load: () => Promise<T>): Promise<T> {
  const argv1 = process.argv[1];
  process.argv[1] = '';
  try {
    return await load();
  } finally {
    if (argv1 !== undefined) process.argv[1] = argv1;
  }
}

/** benchCheck in `rounds` rounds of about `roundMs` each (iterations calibrated on a first short run). */
export async function envelopeEngine(o: { rounds?: number; roundMs?: number } = {}): Promise<RateResult> {
  const { benchCheck } = await importQuietly(() => import('@svc/envelope/engine/bench'));
  const probe = benchCheck(20_000);
  const iterations = Math.max(20_000, Math.min(2_000_000, Math.round((probe.checksPerSecond * (o.roundMs ?? 1500)) / 1000)));
  const rounds: number[] = [];
  let verdict = probe.verdict;
  for (let i = 0; i < (o.rounds ?? 3); i++) {
    const r = benchCheck(iterations);
    rounds.push(r.checksPerSecond);
    verdict = r.verdict;
  }
  return { perSecond: median(rounds), rounds, note: `${iterations.toLocaleString('en-US')} checks per round, verdict ${verdict}` };
}

/** benchLabels in `rounds` rounds of `roundMs` each. */
export async function labelEngine(o: { rounds?: number; roundMs?: number } = {}): Promise<RateResult> {
  const { benchLabels } = await importQuietly(() => import('@svc/label/engine/bench'));
  const { DEFAULT_CHASSIS_FILE, loadChassis } = await import('@svc/chassis');
  const chassis = loadChassis(DEFAULT_CHASSIS_FILE);
  const rounds: number[] = [];
  let labels = 0;
  for (let i = 0; i < (o.rounds ?? 3); i++) {
    const r = benchLabels({ durationMs: o.roundMs ?? 1500, chassis });
    rounds.push(r.labelsPerSecond);
    labels += r.labels;
  }
  return { perSecond: median(rounds), rounds, note: `${labels.toLocaleString('en-US')} labels in ${rounds.length} rounds of ${((o.roundMs ?? 1500) / 1000).toFixed(1)} s` };
}

const SEARCH_ITERATIONS = 5_000;
const SEARCH_WARMUP = 500;

/** Library search over the full catalogue, PGlite in memory in this process. */
/** Imports the full catalogue into `sql`, then runs the search mix on it. */
async function importThenSearch(sql: Sql): Promise<SearchResult> {
  const { migrate } = await import('@svc/library/migrations');
  const { benchSearch } = await import('@svc/library/bench');
  const t = performance.now();
  await migrate(sql);
  const prepareMs = Math.round(performance.now() - t);
  return { ...(await benchSearch(sql, { iterations: SEARCH_ITERATIONS, warmup: SEARCH_WARMUP })), prepareMs };
}

export async function searchPglite(): Promise<SearchResult> {
  const { pgliteSql } = await import('@svc/kit');
  const sql = await pgliteSql();
  try {
    return await importThenSearch(sql);
  } finally {
    await sql.close();
  }
}

export const POSTGRES_URL = process.env.SVC_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Whether something listens at the URL's host and port (1 s). */
export function reachable(url: string, timeoutMs = 1_000): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect({ host: u.hostname, port: Number(u.port || 5432) }, () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
    s.setTimeout(timeoutMs, () => {
      s.destroy();
      resolve(false);
    });
  });
}

/** The same on the real PostgreSQL, in a fresh database that is dropped afterwards; null when not reachable. */
export async function searchPostgres(): Promise<SearchResult | null> {
  if (!(await reachable(POSTGRES_URL))) return null;
  const { postgresSql } = await import('@svc/kit');
  const { freshDatabase } = await import('@svc/kit/testing');
  const db = await freshDatabase('bench');
  try {
    const sql = postgresSql(db.url, { max: 4, applicationName: 'svc-bench' });
    try {
      return await importThenSearch(sql);
    } finally {
      await sql.close();
    }
  } finally {
    await db.drop();
  }
}

export interface ScreeningResult {
  /** Per request, µs: text screening of every free-text field plus the probe signature and window. */
  p50Us: number;
  p99Us: number;
  maxUs: number;
  /** The same with every text new to the classifier's memo (worst case). */
  coldP99Us: number;
  n: number;
}

/**
 * The gateway's in-process protected-information work per request (issue 13's hot path):
 * screening the free-text fields of a formula body and a search query, and computing, checking
 * and storing the formula's probe signature. Timed one request at a time, in this process.
 */
export async function screeningEngine(body: { base: string; basePct: number; lines: ReadonlyArray<{ n?: string; pct: number; blend?: ReadonlyArray<{ n: string; f: number | 'trace' }> }> }, queries: readonly string[], n = 20_000): Promise<ScreeningResult> {
  const { Screener } = await import('@svc/screening');
  // The gateway's own screening of a request: texts (with split-question fragments for the query),
  // then the formula signature, the sweep run and the window.
  const screener = new Screener();
  const names = body.lines.flatMap((l) => [...(l.n ? [l.n] : []), ...(l.blend ?? []).map((b) => b.n)]);
  const once = (texts: string[], i: number): number => {
    const t0 = process.hrtime.bigint();
    // Each request moves two amounts, as formulating does, so the window keeps filling.
    const lines = body.lines.map((l, j) => (j < 2 ? { ...l, pct: l.pct + (i % 7) * 0.01 } : l));
    screener.screen('bench', { texts: texts.slice(0, -1), joinable: false, formula: { architecture: body.base, share: body.basePct, lines }, guidance: false }, i * 1_000);
    screener.screen('bench', { texts: texts.slice(-1), joinable: true, formula: null, guidance: false }, i * 1_000);
    return Number(process.hrtime.bigint() - t0) / 1_000;
  };
  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;
  for (let i = 0; i < 2_000; i++) once([...names, queries[i % queries.length]!], i);
  const warm: number[] = [];
  for (let i = 0; i < n; i++) warm.push(once([...names, queries[i % queries.length]!], i));
  const cold: number[] = [];
  for (let i = 0; i < Math.min(n, 5_000); i++) cold.push(once([...names.map((x) => `${x} ${i}`), `${queries[i % queries.length]!} ${i}`], i));
  return { p50Us: pct(warm, 0.5), p99Us: pct(warm, 0.99), maxUs: Math.max(...warm), coldP99Us: pct(cold, 0.99), n };
}
