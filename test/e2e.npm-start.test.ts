/** `npm start` as a user runs it: it answers, and SIGTERM to npm stops the whole service. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '@svc/kit';

// npm start as shipped: its services on threads (the tests' SVC_THREADS=none is not its setting).
const { SVC_THREADS: _threads, ...withoutTestThreads } = process.env;

describe('npm start', () => {
  it('prints the base URL and a key, answers, and stops on SIGTERM to npm', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-npm-start-'));
    const port = await freePort();
    const npm = spawn('npm', ['start', '--silent'], { cwd: resolve(import.meta.dirname, '..'), env: { ...withoutTestThreads, SVC_DATA_DIR: dataDir, SVC_PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    npm.stdout.on('data', (d: Buffer) => (out += d.toString()));
    npm.stderr.on('data', (d: Buffer) => (out += d.toString()));
    try {
      const end = Date.now() + 90_000;
      while (!/API key:\s+svc_live_/.test(out) && Date.now() < end && npm.exitCode === null) await new Promise((r) => setTimeout(r, 200));
      expect(out).toContain(`Base URL:  http://127.0.0.1:${port}`);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      npm.kill('SIGTERM');
      let up = true;
      const stopBy = Date.now() + 15_000;
      while (up && Date.now() < stopBy) {
        up = await fetch(`http://127.0.0.1:${port}/healthz`).then(() => true, () => false);
        if (up) await new Promise((r) => setTimeout(r, 200));
      }
      expect(up).toBe(false);
    } finally {
      if (npm.exitCode === null) npm.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
