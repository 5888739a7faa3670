import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropNamespaceStream, freshDatabase, freshNamespace, realServer } from '@svc/kit/testing';
import { startSplit, type RunningSplit } from '../scripts/split';
import { expectError, get, walk } from './walk';

describe('split start: seven processes against real PostgreSQL, Redis and NATS', () => {
  let sys: RunningSplit;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const ns = freshNamespace('split');
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-split-'));
  const output: string[] = [];

  beforeAll(async () => {
    db = await freshDatabase('split');
    sys = await startSplit({
      databaseUrl: db.url,
      redisUrl: await realServer('redis'),
      natsUrl: await realServer('nats'),
      namespace: ns,
      dataDir,
      logLevel: 'warn',
      output: (name, line) => void output.push(`${name}: ${line}`),
    });
  }, 240_000);

  afterAll(async () => {
    await sys?.stop();
    await db?.drop();
    await dropNamespaceStream(ns);
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('serves the four skeleton endpoints and their errors over HTTP', async () => {
    await walk(sys);
  });

  it('answers 503 for the killed service within the deadline while the others keep working', async () => {
    await sys.kill('library');
    const t0 = Date.now();
    expectError(await get(sys, '/lib/search?q=niacinamide'), 503, 'service_unavailable');
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect((await get(sys, '/lib/search?q=glycerin')).status).toBe(200);
    expect((await get(sys, '/account')).status).toBe(200);

    await sys.kill('metering');
    expectError(await get(sys, '/account'), 503, 'service_unavailable');
    // The key was authenticated before metering went away: the cached answer carries the primer.
    expect((await fetch(`${sys.url}/ai/primer`)).status).toBe(200);
  });

  it('stops every process on SIGTERM and leaks no key into the logs', async () => {
    await sys.stop();
    for (const p of Object.values(sys.procs)) expect(p.exitCode !== null || p.signalCode !== null).toBe(true);
    expect(output.join('\n')).not.toContain(sys.key);
  });
});
