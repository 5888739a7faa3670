/**
 * Keys never appear in logs or events. The split start (seven processes, real PostgreSQL, Redis and
 * NATS JetStream) runs at log level debug with every line of every process captured; every event
 * under the run's namespace is captured from JetStream. The operators' CLI creates accounts and
 * replaces keys (as separate processes, as operators run it), accounts replace their own keys over
 * HTTP, and every key is used, right and wrong. Then every key issued is searched for in all of it,
 * and every key's SHA-256 in the logs (events may carry the hashes of replaced keys, by design).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDR_VAR, hashKey, natsBus, type Bus, type Subscription } from '@svc/kit';
import { dropNamespaceStream, freshDatabase, freshNamespace, realServer } from '@svc/kit/testing';
import type { ServiceName } from '@svc/protos';
import { startSplit, type RunningSplit } from '../scripts/split';
import { get, send } from './walk';

const run = promisify(execFile);
const ROOT = new URL('..', import.meta.url).pathname;

describe('keys never appear in logs or events (split start)', () => {
  let sys: RunningSplit;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let bus: Bus;
  let sub: Subscription;
  const ns = freshNamespace('secrecy');
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-secrecy-'));
  const output: string[] = [];
  const events: string[] = [];

  beforeAll(async () => {
    db = await freshDatabase('secrecy', { catalogue: true });
    const natsUrl = await realServer('nats');
    sys = await startSplit({ databaseUrl: db.url, redisUrl: await realServer('redis'), natsUrl, namespace: ns, dataDir, logLevel: 'debug', output: (name, line) => void output.push(`${name}: ${line}`) });
    bus = await natsBus(natsUrl, ns, { name: 'secrecy-test' });
    sub = await bus.subscribe('>', (e) => void events.push(JSON.stringify(e)));
  }, 240_000);

  afterAll(async () => {
    await sub?.stop();
    await bus?.close();
    await sys?.stop();
    await db?.drop();
    await dropNamespaceStream(ns);
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** The operators' CLI as a process of its own, pointed at the split's services. */
  const admin = async (...args: string[]) => {
    const env = { ...process.env, SVC_DATA_DIR: dataDir, ...Object.fromEntries(Object.entries(sys.addresses).map(([n, a]) => [ADDR_VAR[n as ServiceName], a])) };
    const r = await run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'accounts', ...args], { cwd: ROOT, env, timeout: 60_000 });
    // Its error stream is like a log: no key there either.
    output.push(`admin stderr: ${r.stderr}`);
    return r.stdout;
  };
  const keyIn = (stdout: string) => {
    const m = /key \(shown only this once[^)]*\): (svc_live_\w+)/.exec(stdout);
    if (!m) throw new Error(`no key in: ${stdout}`);
    return m[1]!;
  };

  it('creates accounts, replaces keys and uses them, and no key or key hash leaks anywhere', async () => {
    const issued: string[] = [sys.key];
    const created = await admin('create', 'Secrecy', 'Test', 'Co', '--plan', 'scale');
    const id = /created (acct_\w+)/.exec(created)?.[1];
    expect(id).toBeTruthy();
    const first = keyIn(created);
    issued.push(first);
    const t = { url: sys.url, key: first };

    expect((await get(t, '/account')).body.company).toBe('Secrecy Test Co');
    expect((await send(t, 'POST', '/account/users', JSON.stringify({ action: 'enroll', users: ['u-1', 'u-2'] }))).status).toBe(200);
    expect((await get(t, '/lib/search?q=glycerin')).status).toBe(200);
    await admin('topup', id!, 'runs_10');
    await admin('plan', id!, 'platform');
    expect(await admin('usage', id!)).toMatch(/runs used 0 of 1510/);

    // The account replaces its own key over HTTP, then an operator replaces that one.
    const byAccount = await send(t, 'POST', '/account/key', '');
    expect(byAccount.status).toBe(200);
    const second = byAccount.body.key as string;
    issued.push(second);
    const third = keyIn(await admin('rotate-key', id!));
    issued.push(third);
    expect(await admin('list')).toContain(id!);

    // Every key used every way a caller sends it, valid or replaced.
    for (const key of issued) {
      await get({ url: sys.url, key }, '/account');
      await get({ url: sys.url, key }, '/account/users');
      await send({ url: sys.url, key }, 'POST', '/check', JSON.stringify({ base: 'classic', basePct: 80, ph: 5.5, lines: [{ n: 'AQUA', pct: 16 }, { n: 'GLYCERIN', pct: 4 }] }));
      await fetch(`${sys.url}/mcp/${key}`);
      await fetch(`${sys.url}/account`, { headers: { authorization: `Bearer ${key}` } });
    }
    expect((await get({ url: sys.url, key: third }, '/account')).status).toBe(200);
    expect((await get({ url: sys.url, key: first }, '/account')).status).toBe(401);

    // Events reach the capture; give the relays a moment, then stop everything so logs are complete.
    const end = Date.now() + 5_000;
    const want = ['account.key_replaced', 'account.seats_changed', 'account.plan_changed', 'usage.topped_up'];
    while (Date.now() < end && !want.every((s) => events.some((e) => e.includes(`"subject":"${s}"`)))) await new Promise((r) => setTimeout(r, 50));
    for (const s of want) expect(events.some((e) => e.includes(`"subject":"${s}"`)), s).toBe(true);
    await sys.stop();

    const logs = output.join('\n');
    const published = events.join('\n');
    expect(logs.length).toBeGreaterThan(1_000);
    expect(logs).toMatch(/account created/);
    for (const key of issued) {
      const body = key.slice('svc_live_'.length);
      for (const fragment of [key, body, body.slice(0, 16), body.slice(-16)]) {
        expect(logs.includes(fragment), `a key fragment in the logs: ${fragment.slice(0, 4)}…`).toBe(false);
        expect(published.includes(fragment), `a key fragment in an event: ${fragment.slice(0, 4)}…`).toBe(false);
      }
      const hash = hashKey(key);
      expect(logs.includes(hash.slice(0, 32)), 'a key hash in the logs').toBe(false);
    }
  }, 240_000);
});
