/**
 * The embedded system for one test file: started before its tests, stopped and its data dir removed
 * after.
 *
 * `memoryDb: true` asks for a database the file has alone and nothing kept after it: a fresh
 * database on the real PostgreSQL, copied from the catalogue template. An embedded PGlite restored
 * from the catalogue's dump costs 7 to 11 s of CPU per start against about 1 s (docs/benchmarks.md,
 * "The test suite's time"), and most files boot a system only to reach the gateway. The files about
 * the embedded start itself (e2e.embedded, e2e.data-folder, e2e.npm-start, e2e.shutdown,
 * e2e.signals) still start it on PGlite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { freshDatabase, refuseInUnitTests } from '@svc/kit/testing';
import { checkResponses } from './contract';
import { startSystem, type RunningSystem, type SystemOptions } from '../../scripts/system';

/** The options that start a system on a fresh PostgreSQL database of its own, and the database's drop. */
export async function ownDatabase(tag: string, opts: Omit<SystemOptions, 'dataDir'>): Promise<{ opts: Omit<SystemOptions, 'dataDir'>; drop(): Promise<void> }> {
  if (!opts.memoryDb || opts.databaseUrl) return { opts, drop: async () => {} };
  const db = await freshDatabase(tag.replace(/[^a-z]/g, ''), { catalogue: true });
  return { opts: { ...opts, memoryDb: false, databaseUrl: db.url }, drop: () => db.drop() };
}

export function systemForSuite(name: string, opts: Omit<SystemOptions, 'dataDir'>, started: (sys: RunningSystem) => void): { dataDir: string } {
  refuseInUnitTests('boot a system', 'e2e.*.test.ts');
  const dataDir = mkdtempSync(join(tmpdir(), `svc-${name}-`));
  let sys: RunningSystem | undefined;
  let drop = async () => {};
  beforeAll(async () => {
    const own = await ownDatabase(name, opts);
    drop = own.drop;
    sys = await startSystem({ dataDir, port: 0, ...own.opts });
    started(sys);
  }, 180_000);
  afterAll(async () => {
    await sys?.stop();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  // Every response the suite receives is held to the reference (test/support/contract.ts).
  checkResponses(() => sys?.url);
  return { dataDir };
}
