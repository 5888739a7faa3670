import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger, memoryBus, memoryKv, pgliteSql, type ServiceContext } from '@svc/kit';
import { startLabel } from '@svc/label';
import { startPreservation } from '@svc/preservation';

const dir = mkdtempSync(join(tmpdir(), 'svc-chassis-start-'));
// The services stop before touching the database; one shared instance is enough.
const shared = pgliteSql();
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await (await shared).close();
});

async function ctx(file: string): Promise<ServiceContext> {
  return {
    sql: await shared,
    bus: memoryBus(),
    kv: memoryKv(),
    log: createLogger('test', 'silent'),
    listen: '127.0.0.1:0',
    peers: { library: '127.0.0.1:1', envelope: '', preservation: '', label: '', metering: '', compliance: '' },
    env: { SVC_CHASSIS_FILE: file },
  };
}

const badAmounts = join(dir, 'bad.json');
writeFileSync(badAmounts, JSON.stringify({ version: 'x', architectures: { classic: { label: 'C', components: [{ n: 'AQUA', pct: 'seventy' }], processing: 'canary-aaaaaa 900 bar', equipment: 'canary-bbbbbb mill' } } }));
const notJson = join(dir, 'broken.json');
writeFileSync(notJson, '{"version": "x", "architectures": {"classic": {"components": [{"n": "AQUA", "pct": 71.7');

describe.each([
  ['label', startLabel],
  ['preservation', startPreservation],
])('%s refuses to start without a valid chassis', (_name, start) => {
  it.each([
    ['missing', join(dir, 'nope.json')],
    ['not JSON', notJson],
    ['invalid', badAmounts],
  ])('%s file: stops with a clear message that carries none of its content', async (_what, file) => {
    const c = await ctx(file);
    const err = await start(c).then(() => null, (e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err!.message).toMatch(/chassis/i);
    expect(err!.message).not.toMatch(/canary|71\.7|seventy|900 bar|mill/);
  });
});
