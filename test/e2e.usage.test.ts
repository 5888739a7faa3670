/**
 * The contract through the whole system (every response here is also held to /openapi.json by the
 * suite helper): usage that is true on every answer (every keyed route, answered or refused,
 * carries it; run.calls counts the formula calls actually made, the same number on the formula
 * answer, on a free answer and on GET /account, read at once), and a formula that does not total
 * 100 said so on the answers that do not refuse it.
 */
import { accounts } from '@svc/metering';
import { describe, expect, it } from 'vitest';
import type { RunningSystem } from '../scripts/system';
import { systemForSuite } from './support/system';

const lines = [
  { n: 'AQUA', pct: 13 },
  { n: 'GLYCERIN', pct: 3 },
  { n: 'NIACINAMIDE', pct: 4 },
];
const check = { base: 'classic', basePct: 80, ph: 5.5, lines };
const formula = { variant: 'classic', nbPct: 80, lines };

describe('usage on every answer', () => {
  let sys: RunningSystem;
  systemForSuite('contract', { logLevel: 'silent', memoryDb: true, ratePerSecond: 100_000 }, (s) => (sys = s));
  const newKey = async (plan: 'lab' | 'scale') => (await accounts.createAccount(sys.adapters.sql, { company: `Usage ${plan}`, plan })).key;

  const ask = async (key: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const init: RequestInit = { method, headers: { 'x-svc-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers } };
    if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
    const r = await fetch(`${sys.url}${path}`, init);
    return { status: r.status, body: (await r.json()) as any };
  };

  it('three formula calls: run.calls is 3 on the third answer, on /account and on a search answer', async () => {
    const key = await newKey('lab');
    const answers = [];
    for (const [path, body] of [['/check', check], ['/inci/label', formula], ['/check', check]] as const) answers.push(await ask(key, 'POST', path, body));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.body.usage.run.calls)).toEqual([1, 2, 3]);
    const run = answers[2]!.body.usage.run;
    expect(run.callsLeft).toBe(297);
    const account = await ask(key, 'GET', '/account');
    expect(account.body.usage.run).toEqual(run);
    expect(account.body.usage.runsUsed).toBe(1);
    const search = await ask(key, 'GET', '/lib/search?q=glycerin');
    expect(search.body.usage.run).toEqual(run);
    expect(search.body.usage.runsUsed).toBe(1);
  });

  it('a free call right after a run-opening call shows that run', async () => {
    const key = await newKey('lab');
    const opened = await ask(key, 'POST', '/check', check);
    expect(opened.body.usage.run.calls).toBe(1);
    for (const [method, path, body] of [['POST', '/ai/preservation', formula], ['GET', '/lib/search?q=aqua', undefined]] as const) {
      const r = await ask(key, method, path, body);
      expect(r.status, path).toBe(200);
      expect(r.body.usage, path).toMatchObject({ runsUsed: 1, run: { id: opened.body.usage.run.id, calls: 1 } });
    }
  });

  it('every keyed route, answered or refused, carries usage', async () => {
    const key = await newKey('scale');
    const cases: Array<[string, string, unknown, Record<string, string>?]> = [
      ['GET', '/lib/search?q=glycerin', undefined],
      ['GET', '/lib/search?q=g', undefined],
      ['GET', '/lib/search', undefined],
      ['GET', '/lib/meta', undefined],
      ['POST', '/lib/submissions', { inci: 'BAKUCHIOL ESTER TEST' }],
      ['POST', '/lib/submissions', { inci: 1 }],
      ['GET', '/lib/submissions', undefined],
      ['GET', '/lib/submissions?limit=0', undefined],
      ['POST', '/ai/knowledge', { question: 'How are allergens labelled?' }],
      ['POST', '/ai/knowledge', { question: 'x' }],
      ['POST', '/check', check],
      ['POST', '/check', { ...check, basePct: 0 }],
      ['POST', '/check', '{"unclosed": '],
      ['POST', '/check', 'x', { 'content-type': 'text/plain' }],
      ['POST', '/check', JSON.stringify({ pad: 'x'.repeat(300_000) })],
      ['POST', '/ai/preservation', formula],
      ['POST', '/ai/preservation', { ...formula, variant: 'gel' }],
      ['POST', '/inci/label', formula],
      ['POST', '/inci/label', { ...formula, mode: 'draft' }],
      ['GET', '/account', undefined],
      ['GET', '/account', undefined, { 'x-svc-user': 'jane@example.com' }],
      ['GET', '/account', undefined, { 'svc-version': '2020-01-01' }],
      ['GET', '/account/users', undefined],
      ['GET', '/account/users?limit=9999', undefined],
      ['POST', '/account/users', { action: 'enroll', user: 'chemist-7' }],
      ['POST', '/account/users', { action: 'remove', user: 'chemist-7' }],
      ['POST', '/account/users', { action: 'unenroll', user: 'chemist-7' }],
      ['DELETE', '/check', undefined],
      ['GET', '/no/such/route', undefined],
      ['POST', '/check', check, { 'Idempotency-Key': 'usage-1' }],
      ['POST', '/check', { ...check, ph: 6 }, { 'Idempotency-Key': 'usage-1' }],
    ];
    const statuses = new Set<number>();
    for (const [method, path, body, headers] of cases) {
      const r = await ask(key, method, path, body, headers);
      statuses.add(r.status);
      expect(r.body.usage, `${method} ${path} ${r.status}`).toMatchObject({ month: expect.stringMatching(/^\d{4}-\d{2}$/), runsLimit: 400 });
    }
    expect([...statuses].sort()).toEqual([200, 201, 400, 404, 405, 413, 415, 422]);
    const unknown = await ask('svc_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'GET', '/account');
    expect(unknown.status).toBe(401);
    expect(unknown.body.usage).toEqual({ unavailable: 'unknown_key', message: expect.any(String) });
    // POST /account/key last: the key it replaces is refused afterwards, and its answer carries usage.
    const replaced = await ask(key, 'POST', '/account/key');
    expect(replaced.status).toBe(200);
    expect(replaced.body.usage).toMatchObject({ runsLimit: 400 });
    const old = await ask(key, 'GET', '/account');
    expect(old.status).toBe(401);
    expect(old.body.usage).toEqual({ unavailable: 'unknown_key', message: expect.any(String) });
  });

  it('a formula that does not balance gets a warning on the label, the composition sheet and the preservation answer', async () => {
    const key = await newKey('lab');
    const off = { ...formula, nbPct: 70 };
    for (const [path, body] of [['/inci/label', off], ['/inci/label', { ...off, mode: 'composition' }], ['/ai/preservation', off]] as const) {
      const r = await ask(key, 'POST', path, body);
      expect(r.status, path).toBe(200);
      // Strings are remarks about the request; the label's annex wording, if any, are objects.
      expect(r.body.warnings.filter((w: unknown) => typeof w === 'string'), path).toEqual([expect.stringMatching(/^not_balanced: nbPct plus the lines total 90 %, not 100/)]);
    }
    const balanced = await ask(key, 'POST', '/inci/label', formula);
    expect((balanced.body.warnings ?? []).filter((w: unknown) => typeof w === 'string')).toEqual([]);
    const checked = await ask(key, 'POST', '/check', { ...check, basePct: 70 });
    expect(checked.body.verdict).toBe('adjust');
  });
});
