/**
 * Shutdown under load: a stopping system stops accepting, answers every request already in
 * flight (telling keep-alive clients to close), and only then stops its services.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSystem } from '../scripts/system';

const serum = { base: 'classic', basePct: 80, ph: 5.5, lines: [{ n: 'AQUA', pct: 16 }, { n: 'GLYCERIN', pct: 4 }] };

describe('graceful shutdown', () => {
  it('cuts no request in flight when stopped under load', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-shutdown-'));
    const sys = await startSystem({ dataDir, port: 0, logLevel: 'silent', memoryDb: true, ratePerSecond: 100_000 });
    try {
      const post = () =>
        fetch(`${sys.url}/check`, { method: 'POST', headers: { 'x-svc-key': sys.key, 'content-type': 'application/json' }, body: JSON.stringify(serum) }).then(
          async (r) => ({ status: r.status, close: r.headers.get('connection'), ok: (await r.json()) !== null, at: Date.now() }),
          (err: Error) => ({ status: 0, close: null, ok: false, err: err.message, at: Date.now() }),
        );
      // Open 40 keep-alive connections, then put 40 requests on them while the stop begins.
      expect((await Promise.all(Array.from({ length: 40 }, post))).every((r) => r.status === 200)).toBe(true);
      const inFlight = Array.from({ length: 40 }, post);
      await new Promise((r) => setTimeout(r, 5));
      const stopAt = Date.now();
      const stopped = sys.stop();
      const results = await Promise.all(inFlight);
      await stopped;
      expect(results.filter((r) => r.status !== 200)).toEqual([]);
      // Every answer given once the stop began tells the client to close its connection.
      // (An answer whose headers were already on the wire when the stop began arrives within a moment.)
      const late = results.filter((r) => r.at > stopAt + 20);
      expect(late.length).toBeGreaterThan(0);
      expect(late.filter((r) => r.close !== 'close')).toEqual([]);
      // Once stopped, nothing answers.
      await expect(fetch(`${sys.url}/healthz`)).rejects.toThrow();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
