/**
 * Seats over HTTP on the real servers: enrol and unenrol one id or up to 500, the list a page at a
 * time with seats used and free, bad ids and bodies refused naming the field, plans without seats
 * refused with 403, the seat ceiling, the event of every change, and what run metering will ask
 * (`seatsOf`, `hasEnrolled`, and `has_enrolled` on Authenticate). Also GET /account's fields.
 */
import { describe, expect, it } from 'vitest';
import { call, connect, hashKey, type Bus } from '@svc/kit';
import { proto, type EventOf } from '@svc/protos';
import type { AuthenticateResponse__Output } from '@svc/protos/gen/svc/v1/AuthenticateResponse';
import type { CreateAccountResponse__Output } from '@svc/protos/gen/svc/v1/CreateAccountResponse';
import { hasEnrolled, seatsOf } from '../services/metering/src/seats';
import type { RunningSystem } from '../scripts/system';
import { realSystemForSuite } from './support/real-system';
import { expectError, get, send, type Target } from './walk';

let sys: RunningSystem;
let meteringAddr: string;
realSystemForSuite('seats', { logLevel: 'silent' }, (s) => {
  sys = s;
  meteringAddr = `127.0.0.1:${s.services.metering.port}`;
});

async function newAccount(plan: string, company = `Company on ${plan}`): Promise<Target & { id: string }> {
  const admin = connect(proto.meteringAdmin, meteringAddr);
  try {
    const r = await call<CreateAccountResponse__Output>(admin, 'CreateAccount', { company, plan });
    return { url: sys.url, key: r.key, id: r.account!.id };
  } finally {
    admin.close();
  }
}

const enrol = (t: Target, body: unknown) => send(t, 'POST', '/account/users', JSON.stringify(body));

function collect<N extends 'account.seats_changed'>(bus: Bus, subject: N) {
  const got: EventOf<N>[] = [];
  const sub = bus.subscribe<EventOf<N>>(subject, (e) => void got.push(e.data));
  return { got, stop: async () => (await sub).stop() };
}

const until = async (cond: () => boolean, ms = 3_000) => {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
};

describe('seats: POST and GET /account/users', () => {
  it('enrols one id or many, reports what changed, lists them with seats used and free, and unenrols', async () => {
    const a = await newAccount('scale');
    const events = collect(sys.adapters.bus, 'account.seats_changed');
    try {
      const empty = await get(a, '/account/users');
      expect(empty.status).toBe(200);
      expect(empty.headers.get('cache-control')).toBe('no-store');
      // Every answer given with a key carries usage, these too.
      const usage = { month: expect.stringMatching(/^\d{4}-\d{2}$/) as string, runsLimit: expect.any(Number) as number };
      expect(empty.body).toEqual({ users: [], seatsUsed: 0, seatsFree: 5000, seatLimit: 5000, nextCursor: null, usage: expect.objectContaining(usage) });

      const one = await enrol(a, { action: 'enroll', user: 'u-1' });
      expect(one.status).toBe(200);
      expect(one.body).toEqual({ action: 'enroll', enrolled: ['u-1'], alreadyEnrolled: [], seatsUsed: 1, seatsFree: 4999, seatLimit: 5000, usage: expect.objectContaining(usage) });

      // Already enrolled ids and repeats are no change; the answer keeps the order sent.
      const many = await enrol(a, { action: 'enroll', users: ['u-3', 'u-1', 'u-2', 'u-3'] });
      expect(many.body).toMatchObject({ enrolled: ['u-3', 'u-2'], alreadyEnrolled: ['u-1'], seatsUsed: 3, seatsFree: 4997 });

      expect((await get(a, '/account/users')).body).toMatchObject({ users: ['u-1', 'u-2', 'u-3'], seatsUsed: 3, seatsFree: 4997, nextCursor: null });

      const out = await enrol(a, { action: 'unenroll', users: ['u-2', 'never-here'] });
      expect(out.body).toEqual({ action: 'unenroll', unenrolled: ['u-2'], notEnrolled: ['never-here'], seatsUsed: 2, seatsFree: 4998, seatLimit: 5000, usage: expect.objectContaining(usage) });
      expect((await enrol(a, { action: 'unenroll', user: 'u-3' })).body).toMatchObject({ unenrolled: ['u-3'], seatsUsed: 1 });
      expect((await get(a, '/account/users')).body.users).toEqual(['u-1']);

      // One event per change that changed something, with the ids changed; none for a no-op.
      expect((await enrol(a, { action: 'enroll', user: 'u-1' })).body.enrolled).toEqual([]);
      await until(() => events.got.filter((e) => e.accountId === a.id).length >= 4);
      await new Promise((r) => setTimeout(r, 200));
      expect(events.got.filter((e) => e.accountId === a.id)).toEqual([
        { accountId: a.id, action: 'enroll', users: ['u-1'], seatsUsed: 1 },
        { accountId: a.id, action: 'enroll', users: expect.arrayContaining(['u-2', 'u-3']) as string[], seatsUsed: 3 },
        { accountId: a.id, action: 'unenroll', users: ['u-2'], seatsUsed: 2 },
        { accountId: a.id, action: 'unenroll', users: ['u-3'], seatsUsed: 1 },
      ]);
    } finally {
      await events.stop();
    }
  });

  it('takes 500 ids in one request, refuses 501, and pages a long list without repeats or gaps', async () => {
    const a = await newAccount('platform');
    const ids = Array.from({ length: 500 }, (_, i) => `user:${String(i).padStart(4, '0')}`);
    const r = await enrol(a, { action: 'enroll', users: ids });
    expect(r.status).toBe(200);
    expect(r.body.enrolled).toHaveLength(500);
    const over = await enrol(a, { action: 'enroll', users: [...ids, 'one-more'] });
    expectError(over, 400, 'invalid_request');
    expect(over.body.error.field).toBe('users');
    expect((await enrol(a, { action: 'enroll', users: ['extra.1', 'extra.2'] })).body.seatsUsed).toBe(502);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await get(a, `/account/users?limit=200${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.body.seatsUsed).toBe(502);
      seen.push(...(page.body.users as string[]));
      cursor = page.body.nextCursor as string | null;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids, 'extra.1', 'extra.2'].sort());
    expect((await get(a, '/account/users')).body.users).toHaveLength(100);
  });

  it('refuses bad ids as invalid_end_user naming the field, and bad bodies and queries naming the field', async () => {
    const a = await newAccount('scale');
    const badIds: [unknown, string][] = [
      [{ action: 'enroll', users: ['ok-1', 'ok-2', 'ok-3', 'jane@example.com'] }, 'users[3]'],
      [{ action: 'enroll', user: '+44 20 7946 0958' }, 'user'],
      [{ action: 'enroll', user: '0207946095' }, 'user'],
      [{ action: 'enroll', users: ['10.0.0.12'] }, 'users[0]'],
      [{ action: 'unenroll', users: ['fine', 'x'.repeat(129)] }, 'users[1]'],
      [{ action: 'enroll', user: '' }, 'user'],
      [{ action: 'enroll', user: 'has space' }, 'user'],
    ];
    for (const [body, field] of badIds) {
      const r = await enrol(a, body);
      expectError(r, 400, 'invalid_end_user');
      expect(r.body.error.field, JSON.stringify(body)).toBe(field);
      expect(r.body.error.message).toContain(field);
    }
    const badBodies: [unknown, string][] = [
      [{ action: 'enroll', user: 'u', accountId: 'acct_other' }, 'accountId'],
      [{ action: 'remove', user: 'u' }, 'action'],
      [{ user: 'u' }, 'action'],
      [{ action: 'enroll' }, 'users'],
      [{ action: 'enroll', user: 'u', users: ['v'] }, 'user'],
      [{ action: 'enroll', users: [] }, 'users'],
      [{ action: 'enroll', users: ['a', 7] }, 'users[1]'],
      [{ action: 'enroll', users: 'u' }, 'users'],
      [{ action: 'enroll', user: 42 }, 'user'],
      [['enroll'], '(body)'],
    ];
    for (const [body, field] of badBodies) {
      const r = await enrol(a, body);
      expectError(r, 400, 'invalid_request');
      expect(r.body.error.field, JSON.stringify(body)).toBe(field);
    }
    expectError(await send(a, 'POST', '/account/users', '{"action":'), 400, 'invalid_json');
    for (const [query, field] of [['limit=0', 'limit'], ['limit=501', 'limit'], ['limit=ten', 'limit'], ['cursor=%24%24', 'cursor'], ['cursor=AAAA', 'cursor']]) {
      const r = await get(a, `/account/users?${query}`);
      expectError(r, 400, 'invalid_request');
      expect(r.body.error.field, query).toBe(field);
    }
    // Nothing was enrolled by any of it.
    expect((await get(a, '/account/users')).body.seatsUsed).toBe(0);
  });

  it('answers 403 seats_not_in_plan on plans without seats, for the list and for changes', async () => {
    for (const plan of ['free', 'starter', 'small_business', 'lab']) {
      const a = await newAccount(plan);
      for (const r of [await get(a, '/account/users'), await enrol(a, { action: 'enroll', user: 'u-1' })]) {
        expectError(r, 403, 'seats_not_in_plan');
        expect(r.body.error.message).toMatch(/Scale and Platform/);
        expect(r.body.error.seatPlans).toEqual(['scale', 'platform']);
      }
    }
  });

  it('keeps the seat ceiling under concurrent enrolments', async () => {
    const a = await newAccount('scale');
    const batches = Array.from({ length: 10 }, (_, b) => Array.from({ length: 500 }, (_, i) => `b${b}-u${i}`));
    // 10 x 500 = 5,000 fill the ceiling exactly; sent at once, none may slip past it.
    const rs = await Promise.all(batches.map((users) => enrol(a, { action: 'enroll', users })));
    expect(rs.map((r) => r.status)).toEqual(Array(10).fill(200));
    const full = await get(a, '/account/users?limit=1');
    expect(full.body).toMatchObject({ seatsUsed: 5000, seatsFree: 0 });
    const over = await Promise.all([enrol(a, { action: 'enroll', user: 'late-1' }), enrol(a, { action: 'enroll', users: ['late-2', 'late-3'] })]);
    for (const r of over) {
      expectError(r, 409, 'seat_limit_reached');
      expect(r.body.error.seatLimit).toBe(5000);
    }
    // Re-enrolling someone who holds a seat is not a new seat.
    expect((await enrol(a, { action: 'enroll', user: 'b0-u0' })).status).toBe(200);
    expect((await enrol(a, { action: 'unenroll', user: 'b0-u0' })).body.seatsUsed).toBe(4999);
    expect((await enrol(a, { action: 'enroll', user: 'late-1' })).body.seatsUsed).toBe(5000);
  }, 60_000);

  it('tells run metering who holds a seat: seatsOf, hasEnrolled, and has_enrolled on Authenticate', async () => {
    const a = await newAccount('scale');
    const metering = connect(proto.metering, meteringAddr);
    const auth = (key: string) => call<AuthenticateResponse__Output>(metering, 'Authenticate', { keyHash: hashKey(key) });
    try {
      expect((await auth(a.key)).account?.hasEnrolled).toBe(false);
      expect(await hasEnrolled(sys.adapters.sql, a.id)).toBe(false);
      await enrol(a, { action: 'enroll', user: 'seat-holder' });
      expect(await hasEnrolled(sys.adapters.sql, a.id)).toBe(true);
      expect((await seatsOf(sys.adapters.sql, a.id, 'seat-holder')).enrolled).toBe(true);
      expect((await seatsOf(sys.adapters.sql, a.id, 'someone-else')).enrolled).toBe(false);
      const r = await auth(a.key);
      expect(r.account).toMatchObject({ seatsEnabled: true, hasEnrolled: true });

      // A move to a plan without seats leaves them dormant: not enforced, and back on a move back.
      const admin = connect(proto.meteringAdmin, meteringAddr);
      try {
        await call(admin, 'SetPlan', { accountId: a.id, plan: 'lab' });
        expect(await hasEnrolled(sys.adapters.sql, a.id)).toBe(false);
        expect((await auth(a.key)).account).toMatchObject({ seatsEnabled: false, hasEnrolled: false });
        await call(admin, 'SetPlan', { accountId: a.id, plan: 'platform' });
        expect(await hasEnrolled(sys.adapters.sql, a.id)).toBe(true);
      } finally {
        admin.close();
      }
    } finally {
      metering.close();
    }
  });
});

describe('GET /account', () => {
  it('carries every field of the spec and the domain, with their types', async () => {
    const a = await newAccount('scale', 'Acme Labs');
    const r = await get(a, '/account');
    expect(r.status).toBe(200);
    const month = new Date().toISOString().slice(0, 7);
    const terms = await (await fetch(`${sys.url}/terms`)).text();
    const termsVersion = /id="terms-version">([^<]+)</.exec(terms)?.[1];
    expect(Object.keys(r.body).sort()).toEqual(['company', 'month', 'paidThrough', 'plan', 'runsLimit', 'runsUsed', 'standing', 'terms', 'termsVersion', 'tier', 'upgrade', 'usage'].sort());
    expect(r.body).toMatchObject({ company: 'Acme Labs', tier: 'standard', plan: 'scale', paidThrough: null, month, runsUsed: 0, runsLimit: 400, termsVersion });
    expect(r.body.terms).toBe(`${sys.url}/terms`);
    expect(r.body.upgrade).toEqual({ plan: 'platform', adds: expect.stringMatching(/1100 more runs a month/) as string });
    expect(r.body.usage).toMatchObject({ month, runsUsed: 0, runsLimit: 400, runsLeft: 400 });

    // Tiers as the spec describes them, and no upgrade above the top plan.
    const tiers: Record<string, string> = { free: 'free', starter: 'standard', lab: 'standard', platform: 'unlimited' };
    for (const [plan, tier] of Object.entries(tiers)) {
      const b = await get(await newAccount(plan), '/account');
      expect(b.body.tier, plan).toBe(tier);
      if (plan === 'platform') expect(b.body.upgrade).toBeNull();
      else expect(b.body.upgrade.plan).toBeTruthy();
    }
  });
});
