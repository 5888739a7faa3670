/** One embedded start per data folder, and a development key that is never replaced silently. */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir, startSystem } from '../scripts/system';

const dir = mkdtempSync(join(tmpdir(), 'svc-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the data folder lock', () => {
  it('refuses a second start on the same folder, naming the folder and the process', async () => {
    const first = await startSystem({ dataDir: dir, port: 0, logLevel: 'silent' });
    try {
      await expect(startSystem({ dataDir: dir, port: 0, logLevel: 'silent' })).rejects.toThrow(new RegExp(`another start \\(process ${process.pid}\\) is using the data folder`));
    } finally {
      await first.stop();
    }
    expect(existsSync(join(dir, 'svc.lock'))).toBe(false);
  }, 120_000);

  it('takes over a lock left by a process that is gone', () => {
    const d = mkdtempSync(join(tmpdir(), 'svc-stale-'));
    writeFileSync(join(d, 'svc.lock'), '2147483646\n');
    const unlock = lockDataDir(d);
    expect(readFileSync(join(d, 'svc.lock'), 'utf8').trim()).toBe(String(process.pid));
    unlock();
    rmSync(d, { recursive: true, force: true });
  });

  it('keeps a development key the database does not know, and says so', async () => {
    writeFileSync(join(dir, 'dev-key'), 'svc_live_from_another_database\n');
    const notices: string[] = [];
    const sys = await startSystem({ dataDir: dir, port: 0, logLevel: 'silent', progress: (m) => void notices.push(m) });
    try {
      expect(readFileSync(join(dir, 'dev-key.previous'), 'utf8').trim()).toBe('svc_live_from_another_database');
      expect(readFileSync(join(dir, 'dev-key'), 'utf8').trim()).toBe(sys.key);
      expect(notices.join('\n')).toMatch(/not known to this database/);
    } finally {
      await sys.stop();
    }
  }, 120_000);
});
