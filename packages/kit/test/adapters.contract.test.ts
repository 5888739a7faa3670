import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAdapters } from '../src/index';

const dir = mkdtempSync(join(tmpdir(), 'svc-adapters-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('createAdapters', () => {
  it('picks the embedded implementations without URLs and opens the database only when used', async () => {
    const a = await createAdapters({ SVC_DATA_DIR: dir, SVC_NAMESPACE: 'svc' });
    expect([a.sql.kind, a.bus.kind, a.kv.kind]).toEqual(['pglite', 'memory', 'memory']);
    expect(existsSync(join(dir, 'pg'))).toBe(false);
    expect((await a.sql.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    expect(existsSync(join(dir, 'pg'))).toBe(true);
    await a.close();
  });

  it('closes cleanly when the database was never opened', async () => {
    const a = await createAdapters({ SVC_DATA_DIR: '', SVC_NAMESPACE: 'svc' });
    await expect(a.close()).resolves.toBeUndefined();
  });
});
