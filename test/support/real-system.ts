/**
 * The embedded system for one test file on the real servers: a fresh PostgreSQL database, Redis,
 * NATS JetStream under a fresh namespace; all removed after the file's tests.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { dropNamespaceStream, freshDatabase, freshNamespace, realServer, refuseInUnitTests } from '@svc/kit/testing';
import { checkResponses } from './contract';
import { startSystem, type RunningSystem, type SystemOptions } from '../../scripts/system';

export function realSystemForSuite(name: string, opts: Omit<SystemOptions, 'dataDir' | 'databaseUrl' | 'redisUrl' | 'natsUrl' | 'namespace'>, started: (sys: RunningSystem, namespace: string) => void | Promise<void>): void {
  refuseInUnitTests('boot a system', 'e2e.*.test.ts');
  const dataDir = mkdtempSync(join(tmpdir(), `svc-${name}-`));
  const namespace = freshNamespace(name.replace(/[^a-z]/g, ''));
  let db: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  let sys: RunningSystem | undefined;
  beforeAll(async () => {
    db = await freshDatabase(name.replace(/[^a-z]/g, ''), { catalogue: true });
    sys = await startSystem({ dataDir, port: 0, ratePerSecond: 100_000, ...opts, databaseUrl: db.url, redisUrl: await realServer('redis'), natsUrl: await realServer('nats'), namespace });
    await started(sys, namespace);
  }, 240_000);
  afterAll(async () => {
    await sys?.stop();
    await db?.drop();
    await dropNamespaceStream(namespace);
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);
  // Every response the suite receives is held to the reference (test/support/contract.ts).
  checkResponses(() => sys?.url);
}
