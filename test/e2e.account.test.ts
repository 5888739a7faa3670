/**
 * Replacing the key over HTTP: the new key is returned once; the old one is refused with 401 on
 * every gateway replica within a second (the event leaves metering through its outbox), and the
 * new one works everywhere.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '@svc/gateway/gateway';
import type { Peers } from '@svc/kit';
import type { RunningSystem } from '../scripts/system';
import { systemForSuite } from './support/system';
import { expectError, get, send } from './walk';

describe('POST /account/key', () => {
  let sys: RunningSystem;
  let second: RunningGateway | undefined;
  systemForSuite('account', { logLevel: 'silent', memoryDb: true, ratePerSecond: 100_000 }, (s) => (sys = s));
  afterAll(async () => second?.stop());

  it('returns a new key once; the old key is refused on both gateways within a second', async () => {
    const peers = Object.fromEntries(Object.entries(sys.services).map(([n, s]) => [n, `127.0.0.1:${s.port}`])) as unknown as Peers;
    second = await startGateway({ peers, bus: sys.adapters.bus, kv: sys.adapters.kv, log: sys.log, host: '127.0.0.1', port: 0, ratePerSecond: 100_000 });
    const other = { url: second.url, key: sys.key };
    // Both replicas know the old key (it is in their caches).
    expect((await get(sys, '/account')).status).toBe(200);
    expect((await get(other, '/account')).status).toBe(200);

    const r = await send(sys, 'POST', '/account/key', '');
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.body.key).toMatch(/^svc_live_/);
    expect(r.body.key).not.toBe(sys.key);
    const fresh = r.body.key as string;

    for (const t of [sys, other]) {
      const end = Date.now() + 1_000;
      let status = 0;
      while (Date.now() < end && (status = (await get(t, '/account')).status) !== 401) await new Promise((res) => setTimeout(res, 20));
      expect(status, t.url).toBe(401);
      const refused = await get(t, '/account');
      expectError(refused, 401, 'unauthorized');
      expect(refused.body.error.message).toMatch(/replaced/);
      expect((await get({ url: t.url, key: fresh }, '/account')).status).toBe(200);
    }
    // The old key cannot replace the key again.
    expectError(await send(sys, 'POST', '/account/key', ''), 401, 'unauthorized');
  });
});
