/**
 * Tenant isolation, one test per account route, on the real servers: with its own key, account B
 * can never read or change account A's users, usage, submissions or key, whatever ids it puts in
 * the body, the query or the headers. The account a request acts for is the key's, and only the key's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, connect } from '@svc/kit';
import { proto } from '@svc/protos';
import type { CreateAccountResponse__Output } from '@svc/protos/gen/svc/v1/CreateAccountResponse';
import { seatsOf } from '../services/metering/src/seats';
import type { RunningSystem } from '../scripts/system';
import { realSystemForSuite } from './support/real-system';
import { expectError, get, send, type Target } from './walk';

type Tenant = Target & { id: string; company: string };

let sys: RunningSystem;
realSystemForSuite('tenants', { logLevel: 'silent' }, (s) => void (sys = s));

const admin = <T>(method: string, req: unknown): Promise<T> => {
  const c = connect(proto.meteringAdmin, `127.0.0.1:${sys.services.metering.port}`);
  return call<T>(c, method, req).finally(() => c.close());
};

async function tenant(company: string): Promise<Tenant> {
  const r = await admin<CreateAccountResponse__Output>('CreateAccount', { company, plan: 'scale' });
  return { url: sys.url, key: r.key, id: r.account!.id, company };
}

/** Every way a caller might try to name another account besides its key. */
const smuggled = (victim: Tenant): Record<string, string> => ({ 'x-svc-account': victim.id, 'x-account-id': victim.id, 'x-svc-user': 'alice-of-a' });

describe('tenant isolation: another account\'s key never reaches this account', () => {
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    a = await tenant('Alpha Cosmetics');
    b = await tenant('Beta Labs');
    expect((await send(a, 'POST', '/account/users', JSON.stringify({ action: 'enroll', users: ['alice-of-a', 'anna-of-a'] }))).status).toBe(200);
  });

  it('GET /account answers for the key\'s account only', async () => {
    const r = await get(b, `/account?accountId=${a.id}&account=${a.id}`, smuggled(a));
    expect(r.status).toBe(200);
    expect(r.body.company).toBe('Beta Labs');
    expect(JSON.stringify(r.body)).not.toContain(a.id);
    expect(JSON.stringify(r.body)).not.toContain('Alpha');
  });

  it('GET /account/users lists the key\'s account\'s users only', async () => {
    const r = await get(b, `/account/users?accountId=${a.id}`, smuggled(a));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ users: [], seatsUsed: 0 });
    expect((await get(a, '/account/users')).body.users).toEqual(['alice-of-a', 'anna-of-a']);
    // A cursor made from A's ids reads B's list from that point, never A's.
    const cursor = Buffer.from('alice-of-a').toString('base64url');
    expect((await get(b, `/account/users?cursor=${cursor}`)).body.users).toEqual([]);
  });

  it('POST /account/users changes the key\'s account only, and refuses an account named in the body', async () => {
    // B unenrolling A's users removes nothing of A's.
    const out = await send(b, 'POST', '/account/users', JSON.stringify({ action: 'unenroll', users: ['alice-of-a', 'anna-of-a'] }), smuggled(a));
    expect(out.body).toMatchObject({ unenrolled: [], notEnrolled: ['alice-of-a', 'anna-of-a'], seatsUsed: 0 });
    // B enrolling the same ids makes them B's seats, not A's: the two sets stay apart.
    expect((await send(b, 'POST', '/account/users', JSON.stringify({ action: 'enroll', user: 'alice-of-a' }))).body.seatsUsed).toBe(1);
    expect((await send(b, 'POST', '/account/users', JSON.stringify({ action: 'unenroll', user: 'alice-of-a' }))).body.seatsUsed).toBe(0);
    const named = await send(b, 'POST', '/account/users', JSON.stringify({ action: 'unenroll', user: 'alice-of-a', accountId: a.id }));
    expectError(named, 400, 'invalid_request');
    expect(named.body.error.field).toBe('accountId');
    expect((await get(a, '/account/users')).body).toMatchObject({ users: ['alice-of-a', 'anna-of-a'], seatsUsed: 2 });
    expect((await seatsOf(sys.adapters.sql, a.id, 'alice-of-a')).enrolled).toBe(true);
    expect((await seatsOf(sys.adapters.sql, b.id, 'alice-of-a')).enrolled).toBe(false);
  });

  it('usage: A\'s top-up and A\'s numbers never show on B, on /account or on the usage object of any answer', async () => {
    await admin('TopUp', { accountId: a.id, pack: 'runs_25' });
    expect((await get(a, '/account')).body.runsLimit).toBe(425);
    const accountB = await get(b, '/account', smuggled(a));
    expect(accountB.body.runsLimit).toBe(400);
    expect(accountB.body.usage.runsLimit).toBe(400);
    const search = await get(b, '/lib/search?q=glycerin', smuggled(a));
    expect(search.status).toBe(200);
    expect(search.body.usage.runsLimit).toBe(400);
  });

  it('GET /lib/submissions lists the key\'s account\'s submissions only', async () => {
    const mine = await send(a, 'POST', '/lib/submissions', JSON.stringify({ inci: 'ALPHA SECRET EXTRACT', functions: ['humectant'] }));
    expect([200, 201]).toContain(mine.status);
    const r = await get(b, `/lib/submissions?accountId=${a.id}`, smuggled(a));
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(0);
    expect(JSON.stringify(r.body)).not.toContain('ALPHA SECRET EXTRACT');
    const named = await send(b, 'POST', '/lib/submissions', JSON.stringify({ inci: 'BETA THING', accountId: a.id }));
    expectError(named, 400, 'invalid_request');
    expect(named.body.error.field).toBe('accountId');
    expect((await get(a, '/lib/submissions')).body.submissions.map((s: { inci: string }) => s.inci)).toEqual(['ALPHA SECRET EXTRACT']);
  });

  it('POST /account/key replaces the key\'s own key only: the other account\'s key keeps working', async () => {
    const r = await send(b, 'POST', '/account/key', '', smuggled(a));
    expect(r.status).toBe(200);
    const newB = { ...b, key: r.body.key as string };
    expect((await get(a, '/account')).status).toBe(200);
    expect((await get(a, '/account')).body.company).toBe('Alpha Cosmetics');
    expect((await get(newB, '/account')).body.company).toBe('Beta Labs');
    // And the other way round.
    const ra = await send(a, 'POST', '/account/key', JSON.stringify({ accountId: b.id }), smuggled(b));
    expect(ra.status).toBe(200);
    expect((await get(newB, '/account')).status).toBe(200);
    expect((await get({ ...a, key: ra.body.key as string }, '/account')).body.company).toBe('Alpha Cosmetics');
    // Neither old key reaches anything any more.
    let status = 0;
    const end = Date.now() + 1_000;
    while (Date.now() < end && (status = (await get(a, '/account')).status) !== 401) await new Promise((res) => setTimeout(res, 20));
    expect(status).toBe(401);
    expectError(await get(b, '/account/users'), 401, 'unauthorized');
  });
});
