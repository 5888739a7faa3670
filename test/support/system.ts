/** The embedded system for one test file: started before its tests, stopped and its data dir removed after. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { refuseInUnitTests } from '@svc/kit/testing';
import { checkResponses } from './contract';
import { startSystem, type RunningSystem, type SystemOptions } from '../../scripts/system';

export function systemForSuite(name: string, opts: Omit<SystemOptions, 'dataDir'>, started: (sys: RunningSystem) => void): { dataDir: string } {
  refuseInUnitTests('boot a system', 'e2e.*.test.ts');
  const dataDir = mkdtempSync(join(tmpdir(), `svc-${name}-`));
  let sys: RunningSystem | undefined;
  beforeAll(async () => {
    sys = await startSystem({ dataDir, port: 0, ...opts });
    started(sys);
  }, 180_000);
  afterAll(async () => {
    await sys?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  // Every response the suite receives is held to the reference (test/support/contract.ts).
  checkResponses(() => sys?.url);
  return { dataDir };
}
