/**
 * A key in a request is refused before anything runs: every keyed operation of the table that reads
 * input, every string in its input (and every header the pipeline keeps), with an API key or an
 * MCP token pasted in, gets 400 key_in_input naming the field; nothing is stored (the submissions
 * list), nothing is metered (GET /account), nothing echoes the key (answers and logs). The
 * operations come from the table, so a new one with input fails here until it has a sample.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldPath } from '@svc/formula';
import { generateKey } from '@svc/kit';
import { accounts } from '@svc/metering';
import { operations } from '../gateway/src/operations';
import { KEY_IN_INPUT } from '../gateway/src/operations/secrets-in-input';
import { mint, ACCESS_PREFIX, REFRESH_PREFIX } from '../gateway/src/oauth/tokens';
import { OPERATION_DEPS } from '../gateway/test/support/app';
import { startSystem, type RunningSystem } from '../scripts/system';
import { ownDatabase } from './support/system';
import { SAMPLES } from './support/operation-samples';

/** Every string leaf of a value, with its path. */
function strings(v: unknown, path: PropertyKey[] = []): PropertyKey[][] {
  if (typeof v === 'string') return [path];
  if (Array.isArray(v)) return v.flatMap((x, i) => strings(x, [...path, i]));
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => strings(x, [...path, k]));
  return [];
}

function withAt(v: unknown, path: PropertyKey[], text: string): unknown {
  const copy = structuredClone(v) as Record<PropertyKey, unknown>;
  let at = copy;
  for (const p of path.slice(0, -1)) at = at[p] as Record<PropertyKey, unknown>;
  at[path.at(-1)!] = text;
  return copy;
}

describe('a key in a request is refused before anything runs', () => {
  let sys: RunningSystem;
  let drop = async () => {};
  let key: string;
  const logs: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-keyin-'));
  const keyed = operations(OPERATION_DEPS).filter((o) => o.policy.auth !== 'none' && o.input.from !== 'none');

  beforeAll(async () => {
    const own = await ownDatabase('keyinput', { logLevel: 'debug', memoryDb: true, ratePerSecond: 100_000, threads: [], logDestination: { write: (l) => void logs.push(l) } });
    drop = own.drop;
    sys = await startSystem({ dataDir, port: 0, ...own.opts });
    key = (await accounts.createAccount(sys.adapters.sql, { company: 'Paster Co', plan: 'scale' })).key;
  }, 180_000);
  afterAll(async () => {
    await sys?.stop();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (method: string, path: string, input: unknown, from: string, headers: Record<string, string> = {}) => {
    const h = { 'x-svc-key': key, ...headers };
    const res =
      from === 'query'
        ? await fetch(`${sys.url}${path}?${new URLSearchParams(input as Record<string, string>)}`, { headers: h })
        : await fetch(`${sys.url}${path}`, { method, headers: { ...h, 'content-type': 'application/json' }, body: JSON.stringify(input) });
    return { status: res.status, text: await res.text() };
  };

  it('has a sample for every keyed operation with input, and each sample is valid', async () => {
    expect(keyed.map((o) => o.id).sort()).toEqual(Object.keys(SAMPLES).sort());
    // Through another account: the pasting account must stay untouched.
    const other = (await accounts.createAccount(sys.adapters.sql, { company: 'Clean Co', plan: 'scale' })).key;
    for (const op of keyed) {
      const res = op.input.from === 'query'
        ? await fetch(`${sys.url}${op.path}?${new URLSearchParams(SAMPLES[op.id] as Record<string, string>)}`, { headers: { 'x-svc-key': other } })
        : await fetch(`${sys.url}${op.path}`, { method: op.method, headers: { 'x-svc-key': other, 'content-type': 'application/json' }, body: JSON.stringify(SAMPLES[op.id]) });
      expect([op.id, res.status]).toEqual([op.id, expect.toSatisfy((s: number) => s < 400)]);
    }
  });

  it('refuses every string field of every route holding a key, before it is metered or stored, and echoes nothing', async () => {
    const before = JSON.parse((await call('GET', '/account', null, 'query')).text);
    const bare = key.slice('svc_live_'.length);
    const secrets = [key, `my key is ${key} ok`, bare, `live_${bare}`, key.toUpperCase(), mint(ACCESS_PREFIX), mint(REFRESH_PREFIX), mint(ACCESS_PREFIX).slice(ACCESS_PREFIX.length)];
    let tried = 0;
    for (const op of keyed) {
      const sample = SAMPLES[op.id]!;
      for (const path of strings(sample)) {
        for (const secret of secrets) {
          const r = await call(op.method, op.path, withAt(sample, path, secret), op.input.from);
          const body = JSON.parse(r.text);
          expect([op.id, fieldPath(path), r.status, body.error?.code, body.error?.field]).toEqual([op.id, fieldPath(path), 400, KEY_IN_INPUT, fieldPath(path)]);
          expect(r.text).not.toContain(secret);
          expect(r.text).not.toContain(bare);
          tried++;
        }
      }
      // A key as a field name, and in the headers the pipeline keeps.
      const named = await call(op.method, op.path, { ...sample, [key]: 'x' }, op.input.from);
      expect([op.id, named.status, JSON.parse(named.text).error?.code]).toEqual([op.id, 400, KEY_IN_INPUT]);
      expect(named.text).not.toContain(bare);
      for (const header of ['x-svc-user', 'idempotency-key']) {
        const r = await call(op.method, op.path, sample, op.input.from, { [header]: key });
        expect([op.id, header, r.status, JSON.parse(r.text).error?.field]).toEqual([op.id, header, 400, header]);
      }
    }
    expect(tried).toBeGreaterThan(100);
    // Nothing stored, nothing metered.
    const listed = JSON.parse((await call('GET', '/lib/submissions', {}, 'query')).text);
    expect(listed.submissions).toEqual([]);
    const after = JSON.parse((await call('GET', '/account', null, 'query')).text);
    expect(after).toEqual(before);
    const users = JSON.parse((await call('GET', '/account/users', {}, 'query')).text);
    expect(users.users ?? users.items ?? []).toEqual([]);
    // And nothing in any log line.
    const all = logs.join('\n');
    expect(all).not.toContain(bare);
  }, 120_000);

  it('refuses a key in an MCP client registration (what is stored and shown of a client)', async () => {
    const res = await fetch(`${sys.url}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: `ours ${key}`, redirect_uris: ['http://127.0.0.1:9/cb'] }) });
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(text).toContain('client_name');
    expect(text).not.toContain(key.slice(9));
  });

  it('never echoes a key in a 404, with its prefix or without', async () => {
    const bare = generateKey().slice('svc_live_'.length);
    for (const path of [`/svc_live_${bare}`, `/live_${bare}`, `/${bare}`, `/x/${bare.slice(0, 30)}`, `/${mint(ACCESS_PREFIX).slice(4)}`]) {
      const res = await fetch(`${sys.url}${path}`, { headers: { 'x-svc-key': key } });
      const text = await res.text();
      expect([path, res.status]).toEqual([path, 404]);
      expect(text).not.toContain(bare.slice(0, 20));
      expect(text).not.toContain(path.slice(5, 25));
    }
  });
});
