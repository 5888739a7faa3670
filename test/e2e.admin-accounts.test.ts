/**
 * The operators' account commands (`npm run admin -- accounts ...`) against a running system on the
 * real servers, through MeteringAdmin over gRPC: create (the key printed once), plan, topup, usage,
 * rotate-key, list; plan changes and top-ups leave their events; bad arguments print the usage and
 * exit 2 before any call; refusals by the service exit 1 with the service's code.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { BusEvent } from '@svc/kit';
import type { RunningSystem } from '../scripts/system';
import { runAccounts } from '../scripts/admin/accounts';
import { realSystemForSuite } from './support/real-system';
import { get } from './walk';

let sys: RunningSystem;
let address: string;
const events: BusEvent[] = [];
realSystemForSuite('adminaccounts', { logLevel: 'silent' }, async (s) => {
  sys = s;
  address = `127.0.0.1:${s.services.metering.port}`;
  await s.adapters.bus.subscribe('>', (e) => void events.push(e));
});

async function admin(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAccounts(argv, address, { out: (l) => void out.push(l), err: (l) => void err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const KEY_LINE = /^key \(shown only this once[^)]*\): (svc_live_\w+)$/m;

async function created(company: string, plan: string): Promise<{ id: string; key: string }> {
  const r = await admin('create', company, '--plan', plan);
  expect(r.code, r.err).toBe(0);
  return { id: /created (acct_\w+)/.exec(r.out)![1]!, key: KEY_LINE.exec(r.out)![1]! };
}

const until = async (cond: () => boolean, ms = 3_000) => {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
};

describe('admin CLI: accounts', () => {
  it('creates an account on a plan and prints its key once; the key works at the gateway', async () => {
    const r = await admin('create', 'Nimbus', 'Skincare', '--plan', 'lab');
    expect(r.code).toBe(0);
    expect(r.out.match(/svc_live_/g)).toHaveLength(1);
    const key = KEY_LINE.exec(r.out)![1]!;
    const account = await get({ url: sys.url, key }, '/account');
    expect(account.body).toMatchObject({ company: 'Nimbus Skincare', plan: 'lab', runsLimit: 100 });
    const id = /created (acct_\w+)/.exec(r.out)![1]!;
    // Later commands show the key's id, never the key.
    const usage = await admin('usage', id);
    expect(usage.out).not.toContain('svc_live_');
    expect(usage.out).toMatch(/key_[0-9a-f]{12}/);
  });

  it('changes the plan, adds top-ups for this month and shows the usage, with their events', async () => {
    const a = await created('Orbit Labs', 'starter');
    const plan = await admin('plan', a.id, 'scale');
    expect(plan).toMatchObject({ code: 0, out: `${a.id}: starter -> scale` });
    expect((await admin('plan', a.id, 'scale')).out).toBe(`${a.id} is already on scale`);
    const month = new Date().toISOString().slice(0, 7);
    expect((await admin('topup', a.id, 'runs_10')).out).toMatch(new RegExp(`\\+10 runs for ${month} .*top-ups this month 10, runs limit 410`));
    expect((await admin('topup', a.id, 'runs_25')).out).toMatch(/top-ups this month 35, runs limit 435/);
    expect((await admin('usage', a.id)).out).toMatch(new RegExp(`${month}: runs used 0 of 435 \\(plan 400 \\+ top-ups 35\\); overage runs 0; seats used 0`));
    expect((await get({ url: sys.url, key: a.key }, '/account')).body).toMatchObject({ plan: 'scale', runsLimit: 435 });

    await until(() => events.filter((e) => JSON.stringify(e.data).includes(a.id)).length >= 3);
    const mine = events.filter((e) => (e.data as { accountId?: string }).accountId === a.id);
    expect(mine.map((e) => e.subject)).toEqual(['account.plan_changed', 'usage.topped_up', 'usage.topped_up']);
    expect(mine[0]!.data).toEqual({ accountId: a.id, from: 'starter', to: 'scale' });
    expect(mine[1]!.data).toMatchObject({ accountId: a.id, pack: 'runs_10', runs: 10, month });
    // Each event's message id is its outbox row: a repeated publish is stored once.
    expect(mine.every((e) => /^metering\.outbox:\d+$/.test(e.id))).toBe(true);
  });

  it('replaces a key: the new one is printed once and works, the old one is refused', async () => {
    const a = await created('Keyring Co', 'free');
    const r = await admin('rotate-key', a.id);
    expect(r.code).toBe(0);
    const fresh = KEY_LINE.exec(r.out)![1]!;
    expect(fresh).not.toBe(a.key);
    expect((await get({ url: sys.url, key: fresh }, '/account')).status).toBe(200);
    let status = 0;
    const end = Date.now() + 1_000;
    while (Date.now() < end && (status = (await get({ url: sys.url, key: a.key }, '/account')).status) !== 401) await new Promise((res) => setTimeout(res, 20));
    expect(status).toBe(401);
  });

  it('lists every account, a page at a time behind the scenes, never with keys', async () => {
    const a = await created('Listed One', 'platform');
    const r = await admin('list');
    expect(r.code).toBe(0);
    expect(r.out).toContain(a.id);
    expect(r.out).toContain('Listed One');
    expect(r.out).toContain('Development');
    expect(r.out).not.toContain('svc_live_');
  });

  it('answers bad arguments with the usage and exit 2, and names unknown plans and top-ups with the known ones', async () => {
    const cases: [string[], RegExp][] = [
      [[], /missing command/],
      [['frobnicate'], /unknown command accounts frobnicate/],
      [['create', 'Acme'], /missing --plan/],
      [['create', '--plan', 'scale'], /missing <company>/],
      [['create', 'Acme', '--plan', 'enterprise'], /unknown plan "enterprise"; plans: free, starter, small_business, lab, scale, platform/],
      [['create', 'Acme', '--plan'], /missing <plan>; plans: free, starter/],
      [['create', 'Acme', '--plan', 'lab', '--seats', '3'], /unknown option --seats/],
      [['plan', 'acct_x'], /give <accountId> <plan>/],
      [['plan', 'acct_x', 'gold'], /unknown plan "gold"/],
      [['plan', 'not-an-id', 'lab'], /"not-an-id" is not an account id/],
      [['topup', 'acct_x', 'runs_99'], /unknown top-up "runs_99"; top-ups: runs_10, runs_25/],
      [['usage'], /give <accountId>/],
      [['rotate-key', 'acct_a', 'acct_b'], /give <accountId>/],
      [['list', 'extra'], /list takes no arguments/],
    ];
    for (const [argv, message] of cases) {
      const r = await admin(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err).toMatch(/usage: npm run admin -- accounts <command>/);
      expect(r.out).toBe('');
    }
  });

  it('exits 1 with the service\'s code when the service refuses', async () => {
    for (const argv of [['usage', 'acct_doesnotexist'], ['plan', 'acct_doesnotexist', 'lab'], ['topup', 'acct_doesnotexist', 'runs_10'], ['rotate-key', 'acct_doesnotexist']]) {
      const r = await admin(...argv);
      expect(r.code, argv.join(' ')).toBe(1);
      expect(r.err).toMatch(/^error: not_found: no account "acct_doesnotexist"/);
    }
    const long = await admin('create', 'x'.repeat(201), '--plan', 'lab');
    expect(long.code).toBe(1);
    expect(long.err).toMatch(/invalid_request: company must be 1 to 200/);
  });

  it('runs as `npm run admin -- accounts ...`: the real entry point, its exit codes and usage', async () => {
    const run = promisify(execFile);
    const env = { ...process.env, SVC_METERING_ADDR: address, SVC_LIBRARY_ADDR: '127.0.0.1:1' };
    const root = new URL('..', import.meta.url).pathname;
    const bad = await run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'accounts', 'create', 'Acme', '--plan', 'gold'], { cwd: root, env }).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(bad?.code).toBe(2);
    expect(bad?.stderr).toMatch(/unknown plan "gold"; plans: free, starter, small_business, lab, scale, platform/);
    const ok = await run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'accounts', 'create', 'Entry', 'Point', '--plan', 'scale'], { cwd: root, env });
    expect(ok.stdout).toMatch(KEY_LINE);
    const top = await run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts'], { cwd: root, env }).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(top?.code).toBe(2);
    expect(top?.stderr).toMatch(/accounts create <company> --plan <plan>/);
  }, 60_000);
});
