import { defineConfig } from 'vitest/config';

/**
 * Tests live next to the code they test, in three projects told apart by the file's name alone, so
 * that a new file lands in the right one without being listed here (README, "Tests"):
 * - e2e: `e2e.*.test.ts`, a whole system booted (embedded, split, a browser);
 * - contract: `*.contract.test.ts`, a database engine (the real PostgreSQL, or PGlite, which takes
 *   seconds to open), Redis, NATS, threads or processes, or deadlines that must run out;
 * - unit: every other `*.test.ts`: pure code in this process, no database, no server, no system. `npm run test:unit` sets
 *   SVC_TEST_UNIT_ONLY, and realServer and the system helpers then refuse, naming the pattern the
 *   file belongs under; `npm test` runs every project and refuses nothing, so a misnamed file
 *   still passes there, only making the unit run slower.
 */
const WHERE = ['packages/*/test/**/', 'services/*/test/**/', 'gateway/test/**/', 'test/**/'];
const E2E = WHERE.map((d) => `${d}e2e.*.test.ts`);
const CONTRACT = WHERE.map((d) => `${d}*.contract.test.ts`);
const ALL = WHERE.map((d) => `${d}*.test.ts`);

/** The catalogue imported once per data version, before any file that may boot a system runs. */
const globalSetup = ['test/support/global-setup.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Three files at a time on two cores: much of a file's time is waiting (on its system, the
    // real servers, a deadline that must run out, a killed process), which a third file fills
    // (the suite: 359 s with two, 341 s with three, docs/benchmarks.md). Four were faster again
    // (691 s against 795 s on a slow day) but drew 503s at the gRPC deadline in tests of
    // concurrency. Every file has its own database, namespace, ports and data dir, so they do not
    // see each other.
    maxWorkers: 3,
    reporters: ['default'],
    // The systems the tests boot run their services on the main thread: a thread per service
    // costs a second isolate compiling the same code. The tests about threads ask for them.
    env: { SVC_THREADS: 'none' },
    projects: [
      // Unit files are pure code in the process: they share one module graph per worker instead of
      // importing it again for each file (the unit project: 112 s to 54 s wall, 219 to 102 s CPU).
      { extends: true, test: { name: 'unit', include: ALL, exclude: [...E2E, ...CONTRACT], isolate: false } },
      // Contract and end-to-end files share a module graph per worker too: each imported the whole
      // system again (the suite's CPU: a tenth less on clean clones, a quarter in one run,
      // docs/benchmarks.md). A system's state lives in the system, not in its modules; the metrics
      // registry is per process, so a test reads that its own calls moved a count, not its value;
      // a file that needs the kit loaded under its own environment resets the module graph
      // (tracing-bus.contract.test.ts).
      { extends: true, test: { name: 'contract', include: CONTRACT, globalSetup, isolate: false } },
      { extends: true, test: { name: 'e2e', include: E2E, globalSetup, isolate: false } },
    ],
  },
});
