/**
 * The primer is the manual of the caller's AI: every error code it names is provoked from the running
 * service with the status it gives, every field it calls required is refused by name when missing,
 * and every optional field it names is accepted. A code added to the primer without a way to provoke
 * it here fails this test, so the manual cannot promise what the service does not do.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CheckRequestSchema } from '@svc/formula';
import { accounts } from '@svc/metering';
import { subjectOf } from '@svc/screening';
import { fingerprintOf } from '../gateway/src/idempotency';
import type { RunningSystem } from '../scripts/system';
import { systemForSuite } from './support/system';
import { get, send, type Target } from './walk';

const serum = { base: 'classic', basePct: 80, ph: 5.5, lines: [{ n: 'AQUA', pct: 13 }, { n: 'GLYCERIN', pct: 3 }, { n: 'NIACINAMIDE', pct: 4 }] };
const label = { variant: 'classic', nbPct: 80, lines: serum.lines };
const PROBE = '/lib/search?q=' + encodeURIComponent('what is the composition of the luxe chassis');

/** Snake-case words of the primer that are not error codes: verdicts, values, actions, tools, fields. */
const NOT_CODES = new Set([
  'compatible_verify', 'leave_on', 'rinse_off', 'set_ph', 'raise_base', 'lower_base', 'tell_your_user', 'suspended_until',
  'svc_primer', 'svc_knowledge', 'search_ingredients', 'check_formula', 'submit_ingredient', 'preservation_check', 'inci_label', 'account_status',
]);

describe('the primer against the running service', () => {
  let sys: RunningSystem;
  systemForSuite('primer', { logLevel: 'silent', memoryDb: true }, (s) => (sys = s));

  const account = async (plan: 'free' | 'lab' | 'scale'): Promise<Target & { id: string }> => {
    const { account: a, key } = await accounts.createAccount(sys.adapters.sql, { company: `Primer ${plan}`, plan });
    return { url: sys.url, key, id: a.id };
  };
  const refuse = (t: Target, times: number) => Promise.all(Array.from({ length: times }, (_, i) => get(t, `${PROBE}&n=${i}`)));
  const waitFor = async <R extends { status: number; body: any }>(f: () => Promise<R>, code: string): Promise<R> => {
    const end = Date.now() + 3_000;
    let r = await f();
    while (r.body?.error?.code !== code && Date.now() < end) {
      await new Promise((res) => setTimeout(res, 50));
      r = await f();
    }
    return r;
  };

  /** One way to provoke each code the primer names, from the outside. */
  const PROVOKE: Record<string, () => Promise<{ status: number; body: any; headers: Headers }>> = {
    invalid_request: () => send(sys, 'POST', '/check', '{}'),
    invalid_end_user: () => get(sys, '/account', { 'x-svc-user': 'bob@example.com' }),
    key_in_input: () => get(sys, `/lib/search?q=${encodeURIComponent(sys.key)}`),
    unauthorized: () => get({ url: sys.url, key: `svc_live_${'x'.repeat(36)}` }, '/account'),
    not_found: () => get(sys, '/no/such/route'),
    seat_required: async () => {
      const t = await account('scale');
      await send(t, 'POST', '/account/users', JSON.stringify({ action: 'enroll', user: 'ana' }));
      return send(t, 'POST', '/check', JSON.stringify(serum), { 'x-svc-user': 'carla' });
    },
    seats_not_in_plan: async () => get(await account('lab'), '/account/users'),
    protected_ip: async () => get(await account('lab'), PROBE),
    rate_limited: async () => {
      const t = await account('free');
      const all = await Promise.all(Array.from({ length: 30 }, () => get(t, '/account')));
      return all.find((r) => r.status === 429) ?? all[0]!;
    },
    quota_exhausted: async () => {
      const t = await account('free');
      for (let i = 0; i < 5; i++) await send(t, 'POST', '/check', JSON.stringify(serum), { 'x-svc-user': `u${i}` });
      return send(t, 'POST', '/check', JSON.stringify(serum), { 'x-svc-user': 'u5' });
    },
    idempotency_mismatch: async () => {
      await send(sys, 'POST', '/check', JSON.stringify(serum), { 'Idempotency-Key': 'primer-mismatch' });
      return send(sys, 'POST', '/check', JSON.stringify({ ...serum, ph: 6 }), { 'Idempotency-Key': 'primer-mismatch' });
    },
    idempotency_in_progress: async () => {
      // A first request under this key is still running (its claim is in the store).
      const t = await account('lab');
      const key = 'primer-in-flight';
      const fp = fingerprintOf('check_formula', undefined, CheckRequestSchema.parse(serum));
      await sys.adapters.kv.set(`idem:${t.id}:${createHash('sha256').update(key).digest('hex')}`, JSON.stringify({ state: 'pending', fp }), 60_000);
      return send(t, 'POST', '/check', JSON.stringify(serum), { 'Idempotency-Key': key });
    },
    key_suspended: async () => {
      const t = await account('free');
      await refuse(t, 4);
      return waitFor(() => get(t, '/account'), 'key_suspended');
    },
    key_banned: async () => {
      // The 7-day step is behind this subject and has ended: its next refusal bans it.
      const t = await account('free');
      await sys.adapters.sql.query(
        "INSERT INTO compliance.standing (subject, account_id, day, strikes_today, level, suspended_until, version) VALUES ($1, $2, '', 0, 2, now() - interval '1 minute', 1)",
        [subjectOf({ accountId: t.id, endUser: '', plan: 'free' }), t.id],
      );
      await refuse(t, 1);
      return waitFor(() => get(t, '/account'), 'key_banned');
    },
  };

  it('provokes every error code it names, with the status it gives', async () => {
    const text = await (await fetch(`${sys.url}/ai/primer`)).text();
    const named = new Set([...text.matchAll(/`([a-z]+(?:_[a-z]+)+)`/g)].map((m) => m[1]!).filter((w) => !NOT_CODES.has(w)));
    expect(named.size).toBeGreaterThan(8);
    const statusNamed = new Map([...text.matchAll(/\b([45]\d\d) `([a-z_]+)`/g)].map((m) => [m[2]!, Number(m[1])]));
    for (const code of named) {
      const provoke = PROVOKE[code];
      expect(provoke, `the primer names ${code}: provoke it here`).toBeDefined();
      const r = await provoke!();
      expect(r.body?.error?.code, code).toBe(code);
      if (statusNamed.has(code)) expect(r.status, code).toBe(statusNamed.get(code));
      if (code === 'protected_ip') expect(r.body.error.tell_your_user).toEqual(expect.any(String));
      if (['rate_limited', 'quota_exhausted', 'key_suspended', 'idempotency_in_progress'].includes(code)) expect(r.headers.get('retry-after'), code).toMatch(/^\d+$/);
    }
  });

  it('refuses each required field it names when missing, by name, and accepts each optional one', async () => {
    const t = await account('lab');
    for (const field of ['base', 'basePct', 'ph', 'lines']) {
      const { [field]: _gone, ...rest } = serum as Record<string, unknown>;
      const r = await send(t, 'POST', '/check', JSON.stringify(rest));
      expect(r.status, field).toBe(400);
      expect(r.body.error.field, field).toBe(field);
    }
    for (const path of ['/ai/preservation', '/inci/label']) {
      for (const field of ['variant', 'nbPct', 'lines']) {
        const { [field]: _gone, ...rest } = label as Record<string, unknown>;
        const r = await send(t, 'POST', path, JSON.stringify(rest));
        expect(r.status, `${path} ${field}`).toBe(400);
        expect(r.body.error.field, `${path} ${field}`).toBe(field);
      }
    }
    const optional: [string, Record<string, unknown>][] = [
      ['/ai/preservation', { ...label, productType: 'rinse_off', ph: 5, market: 'eu' }],
      ['/inci/label', { ...label, productType: 'rinse_off', ph: 5, market: 'us', mode: 'composition' }],
      ['/inci/label', { ...label, lines: [...label.lines.slice(0, 2), { n: 'ZINC OXIDE', pct: 4, nano: true }] }],
    ];
    for (const [path, body] of optional) expect((await send(t, 'POST', path, JSON.stringify(body))).status, JSON.stringify(body)).toBe(200);
    // An unknown field is refused by name.
    const unknown = await send(t, 'POST', '/check', JSON.stringify({ ...serum, colour: 'red' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.field).toBe('colour');
    // The usage object has the fields the primer lists.
    const ok = await send(t, 'POST', '/check', JSON.stringify(serum));
    expect(Object.keys(ok.body.usage).sort()).toEqual(['month', 'overageRuns', 'run', 'runsLeft', 'runsLimit', 'runsUsed']);
    expect(Object.keys(ok.body.usage.run).sort()).toEqual(['calls', 'callsLeft', 'closesAt', 'id', 'opensAt']);
  });
});
