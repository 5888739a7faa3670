/**
 * One split system (`startSplit`: seven processes) for a test file: a fresh database seeded with
 * the catalogue, a fresh NATS namespace, a data folder, and every line the processes write, for the
 * checks that read logs. `before` runs first (an environment the children inherit), `after` last.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { dropNamespaceStream, freshDatabase, freshNamespace, realServer } from '@svc/kit/testing';
import { startSplit, type RunningSplit } from '../../scripts/split';

export interface SplitForSuite {
  /** The running system, once the suite's set-up has run. */
  readonly sys: RunningSplit;
  /** Every line the processes wrote, as `<name>: <line>`. */
  readonly output: string[];
}

export function splitForSuite(tag: string, hooks: { before?: () => Promise<void> | void; after?: () => Promise<void> | void } = {}): SplitForSuite {
  let sys: RunningSplit | undefined;
  let db: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  const ns = freshNamespace(tag);
  const dataDir = mkdtempSync(join(tmpdir(), `svc-${tag}-`));
  const output: string[] = [];

  beforeAll(async () => {
    await hooks.before?.();
    db = await freshDatabase(tag, { catalogue: true });
    sys = await startSplit({
      databaseUrl: db.url,
      redisUrl: await realServer('redis'),
      natsUrl: await realServer('nats'),
      namespace: ns,
      dataDir,
      // info: the access log is written too, so that checks can read every request's line.
      logLevel: 'info',
      output: (name, line) => void output.push(`${name}: ${line}`),
    });
  }, 240_000);

  afterAll(async () => {
    await sys?.stop();
    await hooks.after?.();
    await db?.drop();
    await dropNamespaceStream(ns);
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  return {
    get sys() {
      if (!sys) throw new Error('the split system is not started yet');
      return sys;
    },
    output,
  };
}
