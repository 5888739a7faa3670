/**
 * The gateway's protected-information stages on their own, without the compliance service: the
 * standing cache (newer versions win, a known suspension survives an unreachable service, a subject
 * never seen is let through), the fields screened, and the refusal itself.
 */
import type { Request } from 'express';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger, memoryBus } from '@svc/kit';
import { createClients } from '../src/clients';
import { ComplianceGate, TELL_YOUR_USER, textsOf } from '../src/compliance';
import { HttpError } from '../src/errors';
import type { CallContext, Operation } from '../src/operations/operation';
import { operations } from '../src/operations/index';
import { OPERATION_DEPS } from './support/app';

const nowhere = { library: '127.0.0.1:9', envelope: '127.0.0.1:9', preservation: '127.0.0.1:9', label: '127.0.0.1:9', metering: '127.0.0.1:9', compliance: '127.0.0.1:9' };
const clients = createClients(nowhere);
afterAll(() => clients.close());

let clock = Date.UTC(2026, 10, 23, 12);
const gate = new ComplianceGate(clients, createLogger('', 'silent'), () => clock);
const hooks = gate.hooks();
const OPS = new Map(operations(OPERATION_DEPS).map((o) => [o.id, o]));

function ctx(account = 'acct_a', endUser?: string, plan = 'starter'): CallContext {
  return {
    req: {} as Request,
    channel: 'rest',
    account: { id: account, company: 'c', plan, tier: 'standard', status: 'active', keyId: 'k', seatsEnabled: false, hasEnrolled: false, ratePerSecond: 20, rateBurst: 100 },
    endUser,
    requestId: 'req-1',
    baseUrl: 'http://127.0.0.1',
    caller: { accountId: account, endUser: endUser ?? '', plan, requestId: 'req-1' },
    rpc: () => Promise.reject(new Error('no services')),
  };
}

const refusal = async (p: Promise<void>): Promise<HttpError | null> => p.then(() => null, (e: unknown) => e as HttpError);

describe('standing', () => {
  it('refuses a suspended subject with 401 key_suspended and Retry-After, and a banned one with key_banned', async () => {
    gate.learn({ subject: 'acct_s', state: 'suspended', until: new Date(clock + 3_600_000).toISOString(), version: 4 });
    const e = await refusal(hooks.standing(ctx('acct_s'), OPS.get('check_formula')!));
    expect(e).toMatchObject({ status: 401, code: 'key_suspended' });
    expect(e!.headers['Retry-After']).toBe('3600');
    gate.learn({ subject: 'acct_b', state: 'banned', until: '', version: 9 });
    expect(await refusal(hooks.standing(ctx('acct_b'), OPS.get('check_formula')!))).toMatchObject({ status: 401, code: 'key_banned' });
  });

  it('never lets an older event replace a newer standing', async () => {
    gate.learn({ subject: 'acct_o', state: 'suspended', until: new Date(clock + 60_000).toISOString(), version: 7 });
    gate.learn({ subject: 'acct_o', state: 'active', until: '', version: 6 });
    expect(await refusal(hooks.standing(ctx('acct_o'), OPS.get('check_formula')!))).toMatchObject({ code: 'key_suspended' });
    gate.learn({ subject: 'acct_o', state: 'active', until: '', version: 8 });
    expect(await refusal(hooks.standing(ctx('acct_o'), OPS.get('check_formula')!))).toBeNull();
  });

  it('keeps a known suspension when the compliance service cannot be asked again, and lets an unknown subject through', async () => {
    gate.learn({ subject: 'acct_k', state: 'suspended', until: new Date(clock + 7 * 86_400_000).toISOString(), version: 2 });
    clock += 120_000; // past the cache lifetime: the gateway asks compliance, which is unreachable
    expect(await refusal(hooks.standing(ctx('acct_k'), OPS.get('check_formula')!))).toMatchObject({ code: 'key_suspended' });
    expect(await refusal(hooks.standing(ctx('acct_never_seen'), OPS.get('check_formula')!))).toBeNull();
  }, 10_000);

  it('counts per end user on the plans that isolate strikes, else per account', async () => {
    gate.learn({ subject: 'acct_p/u1', state: 'suspended', until: new Date(clock + 60_000).toISOString(), version: 1 });
    gate.learn({ subject: 'acct_p', state: 'active', until: '', version: 1 });
    gate.learn({ subject: 'acct_p/u2', state: 'active', until: '', version: 1 });
    expect(await refusal(hooks.standing(ctx('acct_p', 'u1', 'lab'), OPS.get('check_formula')!))).toMatchObject({ code: 'key_suspended' });
    expect(await refusal(hooks.standing(ctx('acct_p', 'u2', 'platform'), OPS.get('check_formula')!))).toBeNull();
    // On starter the end-user header does not isolate: the account's standing applies.
    expect(await refusal(hooks.standing(ctx('acct_p', 'u1', 'starter'), OPS.get('check_formula')!))).toBeNull();
  });
});

describe('screening', () => {
  it('reads the free-text fields each policy names, blend components and functions included', () => {
    expect(textsOf(['q'], { q: 'glycerin' })).toEqual(['glycerin']);
    expect(textsOf(['lines.n'], { lines: [{ n: 'A', pct: 1 }, { pct: 1, blend: [{ n: 'B', f: 0.5 }, { n: 'C', f: 0.5 }] }] })).toEqual(['A', 'B', 'C']);
    expect(textsOf(['inci', 'note', 'functions'], { inci: 'X', note: 'n', functions: ['f1', 'f2'] })).toEqual(['X', 'n', 'f1', 'f2']);
    expect(textsOf(['question'], { question: 'how do I use the chassis' })).toEqual(['how do I use the chassis']);
    expect(textsOf(['q'], null)).toEqual([]);
  });

  it('refuses a question about the chassis with 403 protected_ip and tell_your_user, even when the ledger is unreachable', async () => {
    const op = OPS.get('search_ingredients') as Operation;
    const e = await refusal(hooks.screening(ctx('acct_q'), op, { q: 'composition of the chassis', key: 'x' }));
    expect(e).toMatchObject({ status: 403, code: 'protected_ip' });
    expect(e!.extra.tell_your_user).toBe(TELL_YOUR_USER);
    expect(TELL_YOUR_USER).toMatch(/logged/);
    expect(TELL_YOUR_USER).toMatch(/suspend/);
  }, 10_000);

  it('reads x-svc-user as a name, never a question, and lets an honest question through, marking a borderline one', async () => {
    const op = OPS.get('search_ingredients') as Operation;
    // An end-user id is a name (issue 30): `chassis-composition-ratio` is no question.
    for (const id of ['chassis.composition', 'chassis-composition-ratio', 'formulator.7']) {
      expect(await refusal(hooks.standing(ctx('acct_q', id, 'lab'), OPS.get('account_status')!))).toBeNull();
    }
    const honest = ctx('acct_q');
    expect(await refusal(hooks.screening(honest, op, { q: 'how much glycerin can I add to the luxe chassis', key: 'x' }))).toBeNull();
    expect(honest.req.screening).toBeUndefined();
    const curious = ctx('acct_q');
    expect(await refusal(hooks.screening(curious, op, { q: 'composition of a typical serum', key: 'x' }))).toBeNull();
    expect(curious.req.screening).toMatchObject({ decision: 'borderline' });
  }, 10_000);

  it('refuses the 5th value of a sweep of one amount (the 4th of an even staircase), and a ladder at once', async () => {
    const op = OPS.get('inci_label') as Operation;
    const body = (p: number) => ({ variant: 'luxe', nbPct: 80, lines: [{ n: 'GLYCERIN', pct: p }, { n: 'NIACINAMIDE', pct: 4 }], mode: 'label', market: 'eu', productType: 'leave_on' });
    const results: Array<HttpError | null> = [];
    // Uneven steps: an even staircase is refused at its 4th value (probes.ts isStepped).
    for (const p of [1, 2, 3.5, 4, 6]) {
      clock += 1_000;
      results.push(await refusal(hooks.screening(ctx('acct_sweep'), op, body(p))));
    }
    expect(results.slice(0, 4)).toEqual([null, null, null, null]);
    expect(results[4]).toMatchObject({ code: 'protected_ip' });
    const stairs: Array<HttpError | null> = [];
    for (const p of [1, 2, 3, 4]) {
      clock += 1_000;
      stairs.push(await refusal(hooks.screening(ctx('acct_stairs'), op, body(p))));
    }
    expect(stairs.slice(0, 3)).toEqual([null, null, null]);
    expect(stairs[3]).toMatchObject({ code: 'protected_ip' });
    const ladder = { ...body(1), lines: [{ n: 'GLYCERIN', pct: 1 }, { n: 'GLYCERIN', pct: 2 }, { n: 'GLYCERIN', pct: 3 }, { n: 'GLYCERIN', pct: 4 }] };
    expect(await refusal(hooks.screening(ctx('acct_ladder'), op, ladder))).toMatchObject({ code: 'protected_ip' });
  }, 20_000);

  /** Sends the bodies of one subject's checks to two replicas in turn, 20 s apart, and gives back each answer's refusal. */
  async function acrossReplicas(subject: string, bodies: unknown[]): Promise<Array<HttpError | null>> {
    const bus = memoryBus();
    const replicas = [new ComplianceGate(clients, createLogger('', 'silent'), () => clock), new ComplianceGate(clients, createLogger('', 'silent'), () => clock)];
    for (const r of replicas) await r.listen(bus);
    const op = OPS.get('check_formula') as Operation;
    const results: Array<HttpError | null> = [];
    for (const [i, body] of bodies.entries()) {
      clock += 20_000;
      results.push(await refusal(replicas[i % 2]!.hooks().screening(ctx(subject), op, body)));
      await new Promise((r) => setTimeout(r, 20));
    }
    await Promise.all(replicas.map((r) => r.stop()));
    return results;
  }

  it('sees a sweep with decoy edits whose steps are answered by two replicas in turn', async () => {
    // Glycerin 2 to 7.5 % by uneven steps, water balancing every step, the fragrance edited on the 3rd and 5th step.
    const body = (i: number) => {
      const glycerin = [2, 3, 4.5, 5, 7, 7.5][i]!;
      const parfum = i === 2 || i === 4 ? 0.12 : 0.1;
      return { variant: 'classic', basePct: 60, pH: 5.5, lines: [{ n: 'AQUA', pct: 40 - glycerin - parfum - 0.8 }, { n: 'GLYCERIN', pct: glycerin }, { n: 'PARFUM', pct: parfum }, { n: 'PHENOXYETHANOL', pct: 0.8 }] };
    };
    const results = await acrossReplicas('acct_replicas', [0, 1, 2, 3, 4, 5].map(body));
    // Each replica answered every other step and learnt the rest from the other: the 5th value is refused.
    expect(results.slice(0, 4)).toEqual([null, null, null, null]);
    expect(results[4]).toMatchObject({ code: 'protected_ip' });
  }, 20_000);

  it('follows a line across families on two replicas: a sweep that adds and removes a line between its steps', async () => {
    // Alcohol 2 to 6.1 % by uneven steps; panthenol, allantoin and betaine come and go between the steps.
    const body = (i: number) => {
      const alcohol = [2, 3.5, 4.2, 5.5, 6.1][i]!;
      const extra = [[{ n: 'PANTHENOL', pct: 0.5 }], [], [{ n: 'ALLANTOIN', pct: 0.2 }], [{ n: 'PANTHENOL', pct: 0.5 }], [{ n: 'BETAINE', pct: 1 }]][i]!;
      const fixed = [{ n: 'GLYCERIN', pct: 3 }, { n: 'CARBOMER', pct: 0.3 }, { n: 'AMINOMETHYL PROPANOL', pct: 0.3 }, { n: 'ALCOHOL DENAT.', pct: alcohol }, ...extra];
      return { variant: 'classic', basePct: 60, pH: 5.5, lines: [{ n: 'AQUA', pct: 40 - fixed.reduce((a, l) => a + l.pct, 0) }, ...fixed] };
    };
    const results = await acrossReplicas('acct_families', [0, 1, 2, 3, 4].map(body));
    expect(results.slice(0, 4)).toEqual([null, null, null, null]);
    expect(results[4]).toMatchObject({ code: 'protected_ip' });
  }, 20_000);
});
