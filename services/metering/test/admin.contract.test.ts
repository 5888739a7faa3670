/** MeteringAdmin on PGlite (the embedded start's database), over gRPC as the CLI calls it. */
import { describe, expect, it } from 'vitest';
import { call, connect, createLogger, migrate, pgliteSql, problemOf } from '@svc/kit';
import { proto } from '@svc/protos';
import type { AccountUsage__Output } from '@svc/protos/gen/svc/v1/AccountUsage';
import type { CreateAccountResponse__Output } from '@svc/protos/gen/svc/v1/CreateAccountResponse';
import type { ListAccountsResponse__Output } from '@svc/protos/gen/svc/v1/ListAccountsResponse';
import type { SetPlanResponse__Output } from '@svc/protos/gen/svc/v1/SetPlanResponse';
import type { TopUpResponse__Output } from '@svc/protos/gen/svc/v1/TopUpResponse';
import { migrations, SCHEMA } from '../src/service';
import { meteringServer } from '../src/server';

describe('MeteringAdmin (PGlite)', () => {
  it('creates, re-plans, tops up, reports and lists accounts, with the month of the injected clock', async () => {
    const sql = await pgliteSql();
    const log = createLogger('metering', 'silent');
    await migrate(sql, SCHEMA, migrations);
    const server = meteringServer({ sql, log, now: () => new Date('2028-02-29T23:59:59.999Z') });
    const port = await server.listen('127.0.0.1:0');
    const admin = connect(proto.meteringAdmin, `127.0.0.1:${port}`);
    try {
      const c = await call<CreateAccountResponse__Output>(admin, 'CreateAccount', { company: 'Leap Co', plan: 'lab' });
      expect(c.key).toMatch(/^svc_live_/);
      expect(c.account).toMatchObject({ company: 'Leap Co', plan: 'lab', status: 'active', seatsUsed: 0 });
      expect(c.account?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      const id = c.account!.id;
      expect((await call<SetPlanResponse__Output>(admin, 'SetPlan', { accountId: id, plan: 'scale' })).previousPlan).toBe('lab');
      const t = await call<TopUpResponse__Output>(admin, 'TopUp', { accountId: id, pack: 'runs_25' });
      expect(t).toMatchObject({ month: '2028-02', runs: 25, topUpRuns: 25, runsLimit: 425 });
      const u = await call<AccountUsage__Output>(admin, 'Usage', { accountId: id });
      expect(u).toMatchObject({ month: '2028-02', planRuns: 400, topUpRuns: 25, runsLimit: 425, runsUsed: 0, overageRuns: 0 });
      const l = await call<ListAccountsResponse__Output>(admin, 'ListAccounts', { limit: 1 });
      expect(l.accounts.map((a) => a.id)).toEqual([id]);
      expect(l.nextCursor).toBe('');
      const events = await sql.query<{ subject: string }>('SELECT subject FROM metering.outbox ORDER BY id');
      expect(events.rows.map((r) => r.subject)).toEqual(['account.plan_changed', 'usage.topped_up']);
      for (const [method, req, code] of [
        ['CreateAccount', { company: 'X', plan: 'gold' }, 'invalid_request'],
        ['CreateAccount', { company: ' ', plan: 'lab' }, 'invalid_request'],
        ['TopUp', { accountId: id, pack: 'runs_5' }, 'invalid_request'],
        ['SetPlan', { accountId: 'acct_none', plan: 'lab' }, 'not_found'],
        ['ListAccounts', { limit: 1000 }, 'invalid_request'],
      ] as const) {
        const err = await call(admin, method, req).then(() => null, (e: unknown) => e);
        expect(problemOf(err)?.code, method).toBe(code);
      }
    } finally {
      admin.close();
      await server.shutdown();
      await sql.close();
    }
  });
});
