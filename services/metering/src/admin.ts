/**
 * The operators' commands (service MeteringAdmin, used by the admin CLI): create an account with a
 * plan, change its plan, add a top-up, show its usage, replace its key, list accounts. Served by
 * the metering process beside Metering; the gateway has no client for it. Plan changes and
 * top-ups write their events in the same transaction as the change, through the outbox.
 */
import { SvcError, enqueue, newId, unary, type Logger, type OutboxRelay, type Sql } from '@svc/kit';
import { EVENTS } from '@svc/protos';
import type { AccountIdRequest__Output } from '@svc/protos/gen/svc/v1/AccountIdRequest';
import type { AccountUsage } from '@svc/protos/gen/svc/v1/AccountUsage';
import type { AdminAccount } from '@svc/protos/gen/svc/v1/AdminAccount';
import type { CreateAccountRequest__Output } from '@svc/protos/gen/svc/v1/CreateAccountRequest';
import type { CreateAccountResponse } from '@svc/protos/gen/svc/v1/CreateAccountResponse';
import type { ListAccountsRequest__Output } from '@svc/protos/gen/svc/v1/ListAccountsRequest';
import type { ListAccountsResponse } from '@svc/protos/gen/svc/v1/ListAccountsResponse';
import type { MeteringAdminHandlers } from '@svc/protos';
import type { RotateKeyResponse } from '@svc/protos/gen/svc/v1/RotateKeyResponse';
import type { SetPlanRequest__Output } from '@svc/protos/gen/svc/v1/SetPlanRequest';
import type { SetPlanResponse } from '@svc/protos/gen/svc/v1/SetPlanResponse';
import type { TopUpRequest__Output } from '@svc/protos/gen/svc/v1/TopUpRequest';
import type { TopUpResponse } from '@svc/protos/gen/svc/v1/TopUpResponse';
import pack from './data/plans.json' with { type: 'json' };
import { PLAN_IDS, planOf, type PlanId } from './engine/plans';
import { monthOf } from './engine/runs';
import { seatsUsed } from './seats';
import * as store from './store';

export const TOP_UP_PACKS: readonly { id: string; runs: number; price: number }[] = pack.topUps;

const COMPANY_MAX = 200;
const PAGE_MAX = 200;

interface AdminDeps {
  sql: Sql;
  log: Logger;
  outbox?: OutboxRelay;
  now?: () => Date;
}

function planIdOf(plan: string, field = 'plan'): PlanId {
  if (!(PLAN_IDS as string[]).includes(plan)) {
    throw SvcError.invalid(`unknown plan "${plan}"; plans: ${PLAN_IDS.join(', ')}`, [{ field, message: `must be one of ${PLAN_IDS.join(', ')}` }]);
  }
  return plan as PlanId;
}

async function accountOf(sql: Sql, id: string): Promise<store.AccountRow> {
  const a = id ? await store.getAccount(sql, id) : null;
  if (!a) throw SvcError.notFound(`no account ${JSON.stringify(id)}`);
  return a;
}

/** The current key's id (its hash prefix), never the key. */
async function currentKeyId(sql: Sql, accountId: string): Promise<string> {
  const r = await sql.query<{ hash: string }>('SELECT hash FROM metering.api_keys WHERE account_id = $1 AND replaced_at IS NULL ORDER BY created_at DESC LIMIT 1', [accountId]);
  const hash = r.rows[0]?.hash;
  return hash ? `key_${hash.slice(0, 12)}` : '';
}

async function adminView(sql: Sql, a: store.AccountRow, createdAt?: string): Promise<AdminAccount> {
  const [keyId, seats, created] = await Promise.all([
    currentKeyId(sql, a.id),
    seatsUsed(sql, a.id),
    createdAt ?? sql.query<{ t: string }>("SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') AS t FROM metering.accounts WHERE id = $1", [a.id]).then((r) => r.rows[0]?.t ?? ''),
  ]);
  return { id: a.id, company: a.company, plan: a.plan, status: a.status, createdAt: created, keyId, seatsUsed: seats };
}

export function meteringAdminHandlers(deps: AdminDeps): MeteringAdminHandlers {
  const { sql, log } = deps;
  const now = deps.now ?? (() => new Date());
  // Operators wait for the event to leave: the command's output is the last word on the change.
  const publish = async () => void (await deps.outbox?.flush());

  return {
    CreateAccount: unary<CreateAccountRequest__Output, CreateAccountResponse>(log, async (req) => {
      const company = req.company.trim();
      if (!company || company.length > COMPANY_MAX || /[\u0000-\u001f\u007f]/.test(company)) {
        throw SvcError.invalid(`company must be 1 to ${COMPANY_MAX} printable characters`, [{ field: 'company', message: `must be 1 to ${COMPANY_MAX} printable characters` }]);
      }
      const { account, key } = await store.createAccount(sql, { company, plan: planIdOf(req.plan) });
      log.info({ accountId: account.id, plan: account.plan }, 'account created');
      return { account: await adminView(sql, account), key };
    }),

    SetPlan: unary<SetPlanRequest__Output, SetPlanResponse>(log, async (req) => {
      const to = planIdOf(req.plan);
      const previous = await sql.transaction(async (tx) => {
        const r = await tx.query<{ plan: string }>('SELECT plan FROM metering.accounts WHERE id = $1 FOR UPDATE', [req.accountId]);
        const from = r.rows[0]?.plan;
        if (from === undefined) throw SvcError.notFound(`no account ${JSON.stringify(req.accountId)}`);
        if (from !== to) {
          await tx.query('UPDATE metering.accounts SET plan = $2 WHERE id = $1', [req.accountId, to]);
          await enqueue(tx, 'metering', 'account.plan_changed', EVENTS['account.plan_changed'].parse({ accountId: req.accountId, from, to }));
        }
        return from;
      });
      await publish();
      log.info({ accountId: req.accountId, from: previous, to }, 'plan changed');
      return { account: await adminView(sql, await accountOf(sql, req.accountId)), previousPlan: previous };
    }),

    TopUp: unary<TopUpRequest__Output, TopUpResponse>(log, async (req) => {
      const p = TOP_UP_PACKS.find((x) => x.id === req.pack);
      if (!p) {
        const ids = TOP_UP_PACKS.map((x) => x.id).join(', ');
        throw SvcError.invalid(`unknown top-up "${req.pack}"; top-ups: ${ids}`, [{ field: 'pack', message: `must be one of ${ids}` }]);
      }
      const account = await accountOf(sql, req.accountId);
      const month = monthOf(now());
      const id = newId('topup');
      await sql.transaction(async (tx) => {
        await tx.query('INSERT INTO metering.top_ups (id, account_id, month, runs) VALUES ($1, $2, $3, $4)', [id, account.id, month, p.runs]);
        await enqueue(tx, 'metering', 'usage.topped_up', EVENTS['usage.topped_up'].parse({ accountId: account.id, topUpId: id, pack: p.id, month, runs: p.runs }));
      });
      await publish();
      const topUps = await store.topUpRuns(sql, account.id, month);
      log.info({ accountId: account.id, pack: p.id, month }, 'top-up added');
      return { id, month, runs: p.runs, topUpRuns: topUps, runsLimit: planOf(account.plan).runs + topUps };
    }),

    Usage: unary<AccountIdRequest__Output, AccountUsage>(log, async (req) => {
      const account = await accountOf(sql, req.accountId);
      const month = monthOf(now());
      const plan = planOf(account.plan);
      const [view, used, topUps] = await Promise.all([adminView(sql, account), store.runsUsed(sql, account.id, month), store.topUpRuns(sql, account.id, month)]);
      return {
        account: view,
        month,
        planRuns: plan.runs,
        topUpRuns: topUps,
        runsLimit: plan.runs + topUps,
        runsUsed: Number(used.runs),
        overageRuns: Number(used.overage),
        seatsUsed: view.seatsUsed ?? 0,
      };
    }),

    RotateKey: unary<AccountIdRequest__Output, RotateKeyResponse>(log, async (req) => {
      const account = await accountOf(sql, req.accountId);
      const { key, hash } = await store.replaceKey(sql, account.id);
      // Every gateway drops the old key within the second, as when the account replaces it itself.
      await publish();
      log.info({ accountId: account.id }, 'key replaced by an operator');
      return { key, keyId: `key_${hash.slice(0, 12)}` };
    }),

    ListAccounts: unary<ListAccountsRequest__Output, ListAccountsResponse>(log, async (req) => {
      const limit = req.limit === 0 ? 50 : req.limit;
      if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_MAX) throw SvcError.invalid(`limit must be 1 to ${PAGE_MAX}`, [{ field: 'limit', message: `must be 1 to ${PAGE_MAX}` }]);
      // In id order after the cursor: a page never repeats or skips an account while others are added.
      const r = await sql.query<store.AccountRow & { created: string }>(
        `SELECT id, company, plan, status, paid_through::text AS paid_through, dev,
                to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created
           FROM metering.accounts WHERE id > $1 ORDER BY id LIMIT $2`,
        [req.cursor, limit + 1],
      );
      const rows = r.rows.slice(0, limit);
      const accounts = await Promise.all(rows.map(({ created, ...a }) => adminView(sql, a, created)));
      return { accounts, nextCursor: r.rows.length > limit ? rows[rows.length - 1]!.id : '' };
    }),
  };
}
