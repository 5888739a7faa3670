/**
 * Protected information through the whole running service (issue 13's acceptance): the attack
 * corpus is refused, the honest design sessions never are, sweeps are refused within 8 requests of
 * their start, and every decision is the same on two deployments whose chassis differ (the example
 * and the alternative fixture): decisions never read the secret.
 *
 * Each attempt and each session runs as its own end user on the development account (platform, so
 * strikes are isolated per end user); the strike ladder itself is shown at the end on the account.
 */
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '@svc/gateway/gateway';
import type { Peers } from '@svc/kit';
import type { RunningSystem } from '../scripts/system';
import { attacks, sessions, type Req } from './support/protected-corpus';
import { systemForSuite } from './support/system';
import { retryingOn503 } from './walk';

const ALT_CHASSIS = resolve(import.meta.dirname, '../packages/chassis/test/fixtures/chassis.alt.json');

interface Outcome {
  status: number;
  code: string;
}

/** One request; a transient 503 is asked again (retryingOn503): it says nothing about the chassis. */
async function send(sys: RunningSystem, r: Req, user: string | null): Promise<Outcome & { body: Record<string, unknown>; headers: Headers }> {
  const headers: Record<string, string> = { 'x-svc-key': sys.key, ...(user ? { 'x-svc-user': user } : {}), ...(r.headers ?? {}) };
  if (r.body !== undefined) headers['content-type'] = 'application/json';
  return retryingOn503(async () => {
    const res = await fetch(`${sys.url}${r.path}`, { method: r.method, headers, ...(r.body !== undefined ? { body: JSON.stringify(r.body) } : {}) });
    const body = (await res.json()) as Record<string, unknown>;
    const code = (body.error as { code?: string } | undefined)?.code ?? '';
    return { status: res.status, code, body, headers: res.headers };
  });
}

/** The requests of a sequence answered differently on the two chassis (none when decisions never read the secret). */
function differences(a: Outcome[], b: Outcome[]): string[] {
  return a.flatMap((o, j) => (o.status === b[j]?.status && o.code === b[j]?.code ? [] : [`request ${j + 1}: ${o.status} ${o.code} against ${b[j]?.status} ${b[j]?.code}`]));
}

/** Runs one sequence on both deployments side by side; stops at the first refusal. */
async function both(a: RunningSystem, b: RunningSystem, requests: Req[], user: string | null): Promise<{ a: Outcome[]; b: Outcome[]; refusedAt: number }> {
  const oa: Outcome[] = [];
  const ob: Outcome[] = [];
  for (const [i, r] of requests.entries()) {
    const [x, y] = await Promise.all([send(a, r, user), send(b, r, user)]);
    oa.push({ status: x.status, code: x.code });
    ob.push({ status: y.status, code: y.code });
    if (x.status === 403 && x.code === 'protected_ip') {
      expect(typeof x.body.error === 'object' && (x.body.error as { tell_your_user?: string }).tell_your_user).toMatch(/logged/);
      return { a: oa, b: ob, refusedAt: i + 1 };
    }
  }
  return { a: oa, b: ob, refusedAt: 0 };
}

/** A few sequences at a time: each is its own subject, so they do not interfere. */
async function inBatches<T, R>(items: T[], n: number, fn: (t: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

describe('protected information, end to end on two chassis', () => {
  let example: RunningSystem;
  let alt: RunningSystem;
  const opts = { logLevel: 'silent', memoryDb: true, ratePerSecond: 100_000 };
  systemForSuite('protected-example', opts, (s) => (example = s));
  systemForSuite('protected-alt', { ...opts, env: { ...process.env, SVC_CHASSIS_FILE: ALT_CHASSIS } }, (s) => (alt = s));

  it('refuses at least 95 % of the attack corpus, sweeps within 8 requests, the same way on both chassis', async () => {
    const corpus = attacks();
    expect(corpus.length).toBeGreaterThanOrEqual(80);
    const kinds = new Set(corpus.map((c) => c.kind.split('.')[0]));
    for (const k of ['question', 'paraphrase', 'hidden_name', 'sweep', 'bisection', 'ladder']) expect(kinds).toContain(k);
    expect(new Set(corpus.filter((c) => c.kind.startsWith('question.')).map((c) => c.kind)).size).toBe(5);

    const results = await inBatches(corpus, 4, (c, i) => both(example, alt, c.requests, `attacker.${i}`));
    const missed = corpus.filter((_, i) => results[i]!.refusedAt === 0).map((c) => `${c.kind}: ${c.label}`);
    const late = corpus.flatMap((c, i) => (c.refuseBy !== undefined && (results[i]!.refusedAt === 0 || results[i]!.refusedAt > c.refuseBy) ? [`${c.label} at ${results[i]!.refusedAt}`] : []));
    const rate = (corpus.length - missed.length) / corpus.length;
    expect(rate, `not refused:\n${missed.join('\n')}`).toBeGreaterThanOrEqual(0.95);
    expect(late, 'sweeps refused late or never').toEqual([]);
    for (const [i, r] of results.entries()) expect(differences(r.a, r.b), corpus[i]!.label).toEqual([]);
  }, 240_000);

  it('never refuses an honest design session, and answers them the same way on both chassis', async () => {
    const all = sessions();
    expect(all.length).toBeGreaterThanOrEqual(50);
    for (const s of all) expect(s.requests.length).toBeGreaterThanOrEqual(10);
    for (const s of all) expect(s.requests.length).toBeLessThanOrEqual(40);
    const results = await inBatches(all, 4, (s, i) => both(example, alt, s.requests, `formulator.${i}`));
    const refused = results.flatMap((r, i) => r.a.map((o, j) => ({ o, where: `${all[i]!.label} request ${j + 1}` }))).filter(({ o }) => o.status === 401 || o.status === 403);
    expect(refused.map((r) => `${r.where}: ${r.o.status} ${r.o.code}`)).toEqual([]);
    const answered = results.flatMap((r) => r.a).filter((o) => o.status === 200 || o.status === 201).length;
    // They are realistic sessions: nearly every request is answered.
    expect(answered / results.flatMap((r) => r.a).length).toBeGreaterThan(0.95);
    for (const [i, r] of results.entries()) expect(differences(r.a, r.b), all[i]!.label).toEqual([]);
  }, 240_000);

  it('walks the account up the ladder: three warnings, then 401 key_suspended with Retry-After, the same on both', async () => {
    const ask: Req = { method: 'GET', path: `/lib/search?q=${encodeURIComponent('composition of the chassis')}` };
    for (const sys of [example, alt]) {
      for (let i = 0; i < 4; i++) {
        const r = await send(sys, { ...ask, path: `${ask.path}+${i}` }, null);
        expect(r.status).toBe(403);
        expect(r.code).toBe('protected_ip');
        expect((r.body.error as { tell_your_user: string }).tell_your_user).toMatch(/suspend/);
        expect(r.body.request_id).toBe(r.headers.get('x-request-id'));
      }
      const blocked = await send(sys, { method: 'GET', path: '/lib/search?q=glycerin' }, null);
      expect(blocked.status).toBe(401);
      expect(blocked.code).toBe('key_suspended');
      const retry = Number(blocked.headers.get('retry-after'));
      expect(retry).toBeGreaterThan(3_500);
      expect(retry).toBeLessThanOrEqual(3_600);
      // An end user of a plan that isolates strikes is not suspended with the account.
      expect((await send(sys, { method: 'GET', path: '/lib/search?q=glycerin' }, 'someone.else')).status).toBe(200);
    }
  });

  describe('with two gateway replicas', () => {
    let second: RunningGateway | undefined;
    afterAll(async () => second?.stop());

    it('a sweep spread over both replicas is refused within 8 requests, and a suspension reaches the other replica', async () => {
      const peers = Object.fromEntries(Object.entries(example.services).map(([n, s]) => [n, `127.0.0.1:${s.port}`])) as unknown as Peers;
      second = await startGateway({ peers, bus: example.adapters.bus, kv: example.adapters.kv, log: example.log, host: '127.0.0.1', port: 0, ratePerSecond: 100_000 });
      const replicas = [example, { ...example, url: second.url }];
      const lines = (p: number) => [{ n: 'GLYCERIN', pct: p }, { n: 'NIACINAMIDE', pct: 4 }, { n: 'PANTHENOL', pct: 1 }];
      let refusedAt = 0;
      for (let i = 0; i < 12 && !refusedAt; i++) {
        const r = await send(replicas[i % 2]!, { method: 'POST', path: '/inci/label', body: { variant: 'luxe', nbPct: 80, lines: lines(0.5 + i * 0.25) } }, 'roaming.prober');
        if (r.status === 403) refusedAt = i + 1;
        else expect(r.status).toBe(200);
        // Events travel between the requests, as they would between a prober's requests.
        await new Promise((res) => setTimeout(res, 20));
      }
      expect(refusedAt).toBeGreaterThan(0);
      expect(refusedAt).toBeLessThanOrEqual(8);
      // Three more refusals on the first replica suspend the end user; the second learns it from the event.
      for (let i = 0; i < 3; i++) expect((await send(example, { method: 'GET', path: `/lib/search?q=${encodeURIComponent(`chassis composition ${i}`)}` }, 'roaming.prober')).status).toBe(403);
      const end = Date.now() + 2_000;
      let status = 0;
      while (Date.now() < end && (status = (await send(replicas[1]!, { method: 'GET', path: '/lib/search?q=glycerin' }, 'roaming.prober')).status) !== 401) await new Promise((res) => setTimeout(res, 20));
      expect(status).toBe(401);
    });
  });

  it('a borderline question is answered plainly, without a strike', async () => {
    const r = await send(example, { method: 'GET', path: `/lib/search?q=${encodeURIComponent('composition of a typical serum')}` }, 'curious.one');
    expect(r.status).toBe(200);
  });
});
