/**
 * `Idempotency-Key` on every POST of the table: a repeat is answered from the first answer, and a
 * retried key replacement (the connection dropped before the new key arrived) gives back the key
 * that replacement made, although the key it presents has been replaced since; the stored answer
 * holds no usable key.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '@svc/metering';
import { operations } from '../gateway/src/operations';
import { REPLAYED_HEADER, storedAt } from '../gateway/src/idempotency';
import { OPERATION_DEPS } from '../gateway/test/support/app';
import { startSystem, type RunningSystem } from '../scripts/system';
import { ownDatabase } from './support/system';
import { SAMPLES } from './support/operation-samples';

describe('Idempotency-Key on every POST', () => {
  let sys: RunningSystem;
  let drop = async () => {};
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-idem-posts-'));
  const posts = operations(OPERATION_DEPS).filter((o) => o.method === 'POST' && o.policy.auth !== 'none');

  beforeAll(async () => {
    const own = await ownDatabase('idemposts', { logLevel: 'silent', memoryDb: true, ratePerSecond: 100_000, threads: [] });
    drop = own.drop;
    sys = await startSystem({ dataDir, port: 0, ...own.opts });
  }, 180_000);
  afterAll(async () => {
    await sys?.stop();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = async (path: string, key: string, idem: string, body: unknown = {}) => {
    const res = await fetch(`${sys.url}${path}`, { method: 'POST', headers: { 'x-svc-key': key, 'content-type': 'application/json', 'idempotency-key': idem }, body: JSON.stringify(body) });
    return { status: res.status, replayed: res.headers.get(REPLAYED_HEADER), text: await res.text() };
  };
  const status = async (key: string) => (await fetch(`${sys.url}/account`, { headers: { 'x-svc-key': key } })).status;

  it('replays the first answer of every POST', async () => {
    const key = (await accounts.createAccount(sys.adapters.sql, { company: 'Retry Co', plan: 'scale' })).key;
    expect(posts.map((o) => o.id)).toContain('replace_key');
    for (const op of posts.filter((o) => o.id !== 'replace_key')) {
      const first = await post(op.path, key, `again-${op.id}`, SAMPLES[op.id]);
      expect([op.id, first.status < 300]).toEqual([op.id, true]);
      const again = await post(op.path, key, `again-${op.id}`, SAMPLES[op.id]);
      expect([op.id, again.status, again.replayed]).toEqual([op.id, first.status, 'true']);
      // usage is part of the stored answer: the replay is the first answer as sent.
      expect(again.text).toBe(first.text);
    }
  });

  it('gives a retried key replacement the key it made, and never replaces it twice', async () => {
    const created = await accounts.createAccount(sys.adapters.sql, { company: 'Dropped Co', plan: 'scale' });
    const old = created.key;
    const first = await post('/account/key', old, 'rotate-1');
    expect(first.status).toBe(200);
    const shown = JSON.parse(first.text).key as string;
    // The connection dropped: the client retries with the key it has, under the same Idempotency-Key.
    const again = await post('/account/key', old, 'rotate-1');
    expect([again.status, again.replayed]).toEqual([200, 'true']);
    expect(JSON.parse(again.text).key).toBe(shown);
    expect(await status(shown)).toBe(200);
    expect(await status(old)).toBe(401);
    // Without the same Idempotency-Key, the replaced key gets nothing.
    expect((await post('/account/key', old, 'rotate-2')).status).toBe(401);
    expect(await status(shown)).toBe(200);
    // What is kept for the replay holds neither key in a usable form.
    const raw = (await sys.adapters.kv.get(storedAt('replace_key', { key: old, accountId: created.account.id }, 'rotate-1'))) ?? '';
    expect(raw.length).toBeGreaterThan(0);
    expect(raw).not.toContain(shown.slice(9));
    expect(raw).not.toContain(old.slice(9));
  });
});
