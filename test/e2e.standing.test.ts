/**
 * Standing a caller can read (issue 30), through the whole running service: each protected_ip
 * refusal says which strike of the day it is and, when it suspends, until when; GET /account shows
 * the standing of the account and of the end user named in x-svc-user; an operator's lift (the
 * admin script) is announced on the subject's next answer. An end-user id is never read as a
 * question.
 */
import { describe, expect, it } from 'vitest';
import { complianceAdmin } from '../scripts/admin/compliance';
import type { RunningSystem } from '../scripts/system';
import { systemForSuite } from './support/system';

interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

async function get(sys: RunningSystem, path: string, user?: string): Promise<Answer> {
  const res = await fetch(`${sys.url}${path}`, { headers: { 'x-svc-key': sys.key, ...(user ? { 'x-svc-user': user } : {}) } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

const ask = (i: number) => `/lib/search?q=${encodeURIComponent(`what is the composition of the luxe chassis ${i}`)}`;
const errorOf = (a: Answer) => a.body.error as Record<string, unknown>;

describe('standing a caller can read', () => {
  let sys: RunningSystem;
  systemForSuite('standing', { logLevel: 'silent', memoryDb: true, ratePerSecond: 100_000 }, (s) => (sys = s));

  it('numbers strikes 1 to 3 as warnings of 3 and says at the 4th until when the end user is suspended', async () => {
    const user = 'strike.walker';
    const bodies: Array<Record<string, unknown>> = [];
    for (let i = 1; i <= 4; i++) {
      const r = await get(sys, ask(i), user);
      expect(r.status).toBe(403);
      const e = errorOf(r);
      expect(e.code).toBe('protected_ip');
      expect(e.strike).toBe(i);
      expect(e.of).toBe(3);
      expect(e.tell_your_user).toMatch(/logged/);
      bodies.push({ ...e });
      if (i <= 3) {
        expect(e.suspended_until).toBeNull();
        expect(e.message).toContain(`warning ${i} of 3`);
        expect((e.standing as { state: string }).state).toBe('active');
      }
    }
    const last = bodies[3]!;
    const until = Date.parse(String(last.suspended_until));
    expect(until - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    expect(last.message).toContain(`suspended until ${String(last.suspended_until)}`);
    expect((last.standing as { state: string; next_step: string }).state).toBe('suspended');
    // Four different answers: a caller learns its standing from the refusal, not from the next 401.
    expect(new Set(bodies.map((b) => JSON.stringify({ ...b, request_id: undefined }))).size).toBe(4);
    const blocked = await get(sys, '/lib/search?q=glycerin', user);
    expect(blocked.status).toBe(401);
    expect(errorOf(blocked).code).toBe('key_suspended');
  });

  it('GET /account shows the account and the named end user, strikes today, suspended until and the next step', async () => {
    const user = 'account.reader';
    const fresh = await get(sys, '/account', user);
    expect(fresh.status).toBe(200);
    expect(fresh.body.standing).toEqual({
      account: { state: 'active', strikes_today: expect.any(Number), of: 3, suspended_until: null, next_step: expect.any(String) },
      end_user: { id: user, state: 'active', strikes_today: 0, of: 3, suspended_until: null, next_step: 'the next refusal today is warning 1 of 3; strikes start again at 0 each UTC day' },
    });
    expect((await get(sys, ask(10), user)).status).toBe(403);
    expect((await get(sys, ask(11), user)).status).toBe(403);
    const after = await get(sys, '/account', user);
    expect((after.body.standing as { end_user: unknown }).end_user).toEqual({ id: user, state: 'active', strikes_today: 2, of: 3, suspended_until: null, next_step: 'the next refusal today is warning 3 of 3; strikes start again at 0 each UTC day' });
    // Without x-svc-user the answer has the account only.
    expect(((await get(sys, '/account')).body.standing as { end_user: unknown }).end_user).toBeNull();
  });

  it("an operator's lift is logged with its reason, and the subject's next answer says its standing was reset", async () => {
    const user = 'lift.me';
    for (let i = 20; i < 24; i++) expect((await get(sys, ask(i), user)).status).toBe(403);
    expect((await get(sys, '/lib/search?q=glycerin', user)).status).toBe(401);
    const address = `127.0.0.1:${sys.services.compliance.port}`;
    const rows: string[] = [];
    expect(await complianceAdmin(['refusals', '--limit', '1'], address, (l) => rows.push(l))).toBe(0);
    const subject = rows[0]!.split(/\s+/)[1]!;
    expect(subject.endsWith(`/${user}`)).toBe(true);
    const lifted: string[] = [];
    expect(await complianceAdmin(['lift', subject, 'customer', 'explained', 'a', 'tool', 'bug'], address, (l) => lifted.push(l))).toBe(0);
    expect(lifted[0]).toMatch(/active/);
    // The gateway learns the lift from the event; its next answer for the subject says so, once.
    const end = Date.now() + 5_000;
    let r = await get(sys, '/lib/search?q=glycerin', user);
    while (r.status !== 200 && Date.now() < end) {
      await new Promise((res) => setTimeout(res, 25));
      r = await get(sys, '/lib/search?q=glycerin', user);
    }
    expect(r.status).toBe(200);
    expect(Date.parse(r.headers.get('standing-reset') ?? '')).toBeGreaterThan(0);
    expect((await get(sys, '/lib/search?q=glycerin', user)).headers.get('standing-reset')).toBeNull();
    const standing = (await get(sys, '/account', user)).body.standing as { end_user: { strikes_today: number; state: string } };
    expect(standing.end_user).toMatchObject({ state: 'active', strikes_today: 0 });
    const reasons = await sys.adapters.sql.query<{ reason: string }>('SELECT reason FROM compliance.lifts WHERE subject = $1', [subject]);
    expect(reasons.rows.map((x) => x.reason)).toEqual(['customer explained a tool bug']);
  });

  it('reads an end-user id as a name, never as a question', async () => {
    for (const id of ['chassis-composition-ratio', 'luxe-base-recipe', 'how.much.lecithin.in.chassis']) {
      const r = await get(sys, '/lib/search?q=glycerin', id);
      expect(r.status, id).toBe(200);
    }
  });
});
