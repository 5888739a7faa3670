/**
 * Idempotency-Key on formula calls, embedded (memory Kv) and on the real Redis: a repeat replays the
 * stored answer byte for byte without calling the compute service again; another request under the
 * same key is 422 idempotency_mismatch; keys are per account; a bad header is 400; a repeat while
 * the first is in flight is 409 idempotency_in_progress.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exposition, type Peers } from '@svc/kit';
import { createApp } from '../gateway/src/app';
import { KeyAuth } from '../gateway/src/auth';
import { TtlCache } from '../gateway/src/cache';
import { createClients } from '../gateway/src/clients';
import { HttpError } from '../gateway/src/errors';
import { UsageCache } from '../gateway/src/usage';
import { freshNamespace, realServer } from '@svc/kit/testing';
import { accounts } from '@svc/metering';
import { startSystem, type RunningSystem } from '../scripts/system';
import { ownDatabase } from './support/system';
import { expectError } from './walk';

const serum = { base: 'classic', basePct: 80, ph: 5.5, lines: [{ n: 'AQUA', pct: 16 }, { n: 'GLYCERIN', pct: 4 }] };
const labelled = { variant: 'classic', nbPct: 80, lines: [{ n: 'AQUA', pct: 16 }, { n: 'GLYCERIN', pct: 4 }] };
/** gRPC calls of the method the services handled, as this process' /metrics counts them (services on threads too). */
const handled = async (method: string) =>
  [...(await exposition()).matchAll(/^svc_grpc_server_handled_total\{([^}]*)\} (\d+)$/gm)]
    .filter((m) => m[1]!.includes(`method="${method}"`))
    .reduce((n, m) => n + Number(m[2]), 0);

async function post(t: { url: string; key: string }, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.url}${path}`, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'x-svc-key': t.key, 'content-type': 'application/json', ...headers } });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: JSON.parse(text) as any };
}

const stores: [string, () => Promise<{ redisUrl?: string; namespace?: string }>][] = [
  ['memory', async () => ({})],
  ['redis', async () => ({ redisUrl: await realServer('redis'), namespace: freshNamespace('idem') })],
];

describe.each(stores)('Idempotency-Key on formula calls (%s)', (_name, store) => {
  let sys: RunningSystem;
  let drop = async () => {};
  let other: { url: string; key: string };
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-idem-'));
  let n = 0;
  const fresh = () => `retry-${Date.now()}-${++n}`;

  beforeAll(async () => {
    const own = await ownDatabase('idem', { logLevel: 'silent', memoryDb: true, ratePerSecond: 100_000, ...(await store()) });
    drop = own.drop;
    sys = await startSystem({ dataDir, port: 0, ...own.opts });
    other = { url: sys.url, key: (await accounts.createAccount(sys.adapters.sql, { company: 'Other Co', plan: 'lab' })).key };
  }, 180_000);
  afterAll(async () => {
    await sys?.stop();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('replays the stored answer of POST /check, byte for byte, without calling again', async () => {
    const key = fresh();
    const before = await handled('Check');
    const first = await post(sys, '/check', serum, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(await handled('Check')).toBe(before + 1);
    // The same request, its fields in another order: the same request.
    const again = await post(sys, '/check', { lines: serum.lines, ph: 5.5, basePct: 80, base: 'classic' }, { 'Idempotency-Key': key });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    expect(again.headers.get('cache-control')).toBe('no-store');
    expect(again.headers.get('ratelimit')).toBeTruthy();
    expect(await handled('Check')).toBe(before + 1);
    // Without the header, the same body is computed again.
    expect((await post(sys, '/check', serum)).status).toBe(200);
    expect(await handled('Check')).toBe(before + 2);
  });

  it('replays POST /inci/label and POST /ai/preservation too', async () => {
    for (const [path, body, method] of [['/inci/label', labelled, 'Build'], ['/ai/preservation', labelled, 'Assess']] as const) {
      const key = fresh();
      const first = await post(sys, path, body, { 'Idempotency-Key': key });
      expect(first.status, path).toBe(200);
      const count = await handled(method);
      const again = await post(sys, path, body, { 'Idempotency-Key': key });
      expect(again.headers.get('idempotent-replayed'), path).toBe('true');
      expect(again.text, path).toBe(first.text);
      expect(await handled(method), path).toBe(count);
    }
  });

  it('refuses the same key with another request: 422 idempotency_mismatch naming the header', async () => {
    const key = fresh();
    expect((await post(sys, '/check', serum, { 'Idempotency-Key': key })).status).toBe(200);
    const other = await post(sys, '/check', { ...serum, ph: 6 }, { 'Idempotency-Key': key });
    expectError(other, 422, 'idempotency_mismatch');
    expect(other.body.error.field).toBe('Idempotency-Key');
    // Another operation under the same key is another request too.
    expectError(await post(sys, '/inci/label', labelled, { 'Idempotency-Key': key }), 422, 'idempotency_mismatch');
    // And another end user.
    expectError(await post(sys, '/check', serum, { 'Idempotency-Key': key, 'x-svc-user': 'user-42' }), 422, 'idempotency_mismatch');
  });

  it('keeps keys per account: another account with the same key gets its own call', async () => {
    const key = fresh();
    await post(sys, '/check', serum, { 'Idempotency-Key': key });
    const before = await handled('Check');
    const theirs = await post(other, '/check', { ...serum, ph: 6 }, { 'Idempotency-Key': key });
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(await handled('Check')).toBe(before + 1);
  });

  it('refuses a bad Idempotency-Key with 400 naming it', async () => {
    for (const bad of ['with space', 'x'.repeat(256), 'naïve']) {
      const r = await post(sys, '/check', serum, { 'Idempotency-Key': bad });
      expectError(r, 400, 'invalid_request');
      expect(r.body.error.field).toBe('Idempotency-Key');
    }
    // The boundaries: one and 255 visible characters.
    expect((await post(sys, '/check', serum, { 'Idempotency-Key': '!' })).status).toBe(200);
    expect((await post(sys, '/check', serum, { 'Idempotency-Key': fresh().padEnd(255, '~') })).status).toBe(200);
  });

  it('refuses a repeat while the first is in flight (409 idempotency_in_progress), and does not store a failure', async () => {
    const key = fresh();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(sys, '/check', serum, { 'Idempotency-Key': key })));
    const ok = answers.filter((a) => a.status === 200);
    const busy = answers.filter((a) => a.status === 409);
    expect(ok.length + busy.length).toBe(5);
    expect(ok.filter((a) => a.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    for (const b of busy) {
      expectError(b, 409, 'idempotency_in_progress');
      expect(b.headers.get('retry-after')).toBe('1');
    }
    for (const a of ok) expect(a.text).toBe(ok[0]!.text);
    // A call that fails is not kept: a retry with the same key runs it (here: the input is refused first,
    // and a 400 before the call never claims the key either).
    const k2 = fresh();
    expectError(await post(sys, '/check', { ...serum, basePct: 'x' }, { 'Idempotency-Key': k2 }), 400, 'invalid_request');
    expect((await post(sys, '/check', serum, { 'Idempotency-Key': k2 })).headers.get('idempotent-replayed')).toBeNull();
  });

  it('does not meter a replay: the metering stage runs once per key, and a refused call frees the key', async () => {
    // A gateway on the same services with a metering stage that counts, and refuses when told to.
    const peers = Object.fromEntries(Object.entries(sys.services).map(([name, s]) => [name, `127.0.0.1:${s.port}`])) as unknown as Peers;
    const clients = createClients(peers);
    let metered = 0;
    let refuse = false;
    let hold: Promise<void> | null = null;
    const metering = async () => {
      if (hold) await hold;
      if (refuse) throw new HttpError(429, 'quota_exhausted', 'the month\'s runs are used up');
      metered++;
      return { usage: null, refund: () => {} };
    };
    const app = createApp({
      searches: new TtlCache(1_000, 10), libraryMeta: async () => null, clients, auth: new KeyAuth(clients, sys.adapters.kv), kv: sys.adapters.kv, log: sys.log,
      ratePerSecond: 100_000, usage: new UsageCache(async () => null), hooks: { metering },
    });
    const server = await new Promise<Server>((resolve) => {
      const started = app.listen(0, '127.0.0.1', () => resolve(started));
    });
    const gw = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, key: sys.key };
    try {
      const key = fresh();
      const first = await post(gw, '/check', serum, { 'Idempotency-Key': key });
      expect(first.status).toBe(200);
      const again = await post(gw, '/check', serum, { 'Idempotency-Key': key });
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.text).toBe(first.text);
      expect(metered).toBe(1);
      // Refused by metering: nothing is kept, and the retry (once allowed) is metered and answered.
      const k2 = fresh();
      refuse = true;
      expectError(await post(gw, '/check', serum, { 'Idempotency-Key': k2 }), 429, 'quota_exhausted');
      refuse = false;
      const retried = await post(gw, '/check', serum, { 'Idempotency-Key': k2 });
      expect(retried.status).toBe(200);
      expect(retried.headers.get('idempotent-replayed')).toBeNull();
      expect(metered).toBe(2);
      // While the first is in flight (held in metering), a repeat is 409 and is neither metered nor called.
      const k3 = fresh();
      let letGo = () => {};
      hold = new Promise<void>((r) => (letGo = r));
      const inFlight = post(gw, '/check', serum, { 'Idempotency-Key': k3 });
      await new Promise((r) => setTimeout(r, 100));
      const busy = await post(gw, '/check', serum, { 'Idempotency-Key': k3 });
      expectError(busy, 409, 'idempotency_in_progress');
      expect(busy.body.error.field).toBe('Idempotency-Key');
      expect(busy.headers.get('retry-after')).toBe('1');
      hold = null;
      letGo();
      const done = await inFlight;
      expect(done.status).toBe(200);
      expect(metered).toBe(3);
      const later = await post(gw, '/check', serum, { 'Idempotency-Key': k3 });
      expect(later.headers.get('idempotent-replayed')).toBe('true');
      expect(later.text).toBe(done.text);
      expect(metered).toBe(3);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
      clients.close();
    }
  });
});
