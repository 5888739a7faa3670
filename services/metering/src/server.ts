/** gRPC handlers of the metering service: translate, call the store and the plan rules, encode. */
import { GrpcServer, SvcError, TERMS_VERSION, callerGone, hashKey, meteringRefusals, unary, type Logger, type OutboxRelay, type Sql } from '@svc/kit';
import { QUALIFIED, proto } from '@svc/protos';
import type { AuthenticateRequest__Output } from '@svc/protos/gen/svc/v1/AuthenticateRequest';
import type { AuthenticateResponse } from '@svc/protos/gen/svc/v1/AuthenticateResponse';
import type { GetAccountRequest__Output } from '@svc/protos/gen/svc/v1/GetAccountRequest';
import type { AccountView } from '@svc/protos/gen/svc/v1/AccountView';
import type { RotateKeyRequest__Output } from '@svc/protos/gen/svc/v1/RotateKeyRequest';
import type { RotateKeyResponse } from '@svc/protos/gen/svc/v1/RotateKeyResponse';
import type { MeterRequest__Output } from '@svc/protos/gen/svc/v1/MeterRequest';
import type { MeterResponse } from '@svc/protos/gen/svc/v1/MeterResponse';
import type { ReportCallsRequest__Output } from '@svc/protos/gen/svc/v1/ReportCallsRequest';
import type { ReportCallsResponse } from '@svc/protos/gen/svc/v1/ReportCallsResponse';
import type { Usage } from '@svc/protos/gen/svc/v1/Usage';
import { meteringAdminHandlers } from './admin';
import { planOf, upgradeFrom } from './engine/plans';
import { monthOf, RUN_CALLS, subjectOf } from './engine/runs';
import { faultPoint } from './faults';
import * as ledger from './ledger';
import { hasEnrolled, seatsHandler } from './seats';
import * as store from './store';

/** How long a gateway may spend a lease before it asks again (and reports what it spent). */
export const LEASE_TTL_MS = 30_000;
/** Leases one report may name (one transaction). */
export const MAX_REPORTS = 500;

const usageMessage = (u: ledger.MonthUsage, run: ledger.RunRow | null, callsSoFar: number): Usage => ({
  month: u.month,
  runsUsed: u.runsUsed,
  runsLimit: u.runsLimit,
  runsLeft: Math.max(0, u.runsLimit - u.runsUsed),
  overageRuns: u.overageRuns,
  ...(run ? { run: { id: run.id, opensAt: new Date(run.opens_at).toISOString(), closesAt: new Date(run.closes_at).toISOString(), calls: callsSoFar, callsLeft: Math.max(0, RUN_CALLS - callsSoFar) } } : {}),
});

export function meteringServer(deps: { sql: Sql; log: Logger; outbox?: OutboxRelay; now?: () => Date }): GrpcServer {
  const { sql, log } = deps;
  const now = deps.now ?? (() => new Date());
  const server = new GrpcServer('metering', log);

  const callerAccount = async (accountId: string | undefined) => {
    const account = accountId ? await store.getAccount(sql, accountId) : null;
    if (!account) throw SvcError.notFound('account not found');
    return account;
  };

  server.add(QUALIFIED.metering, proto.metering.service, {
    Authenticate: unary<AuthenticateRequest__Output, AuthenticateResponse>(log, async (req) => {
      if (!/^[0-9a-f]{64}$/.test(req.keyHash)) return { ok: false, reason: 'unknown_key' };
      const found = await store.findByKeyHash(sql, req.keyHash);
      if (!found) return { ok: false, reason: 'unknown_key' };
      if (found.replaced) return { ok: false, reason: 'replaced_key' };
      if (found.account.status !== 'active') return { ok: false, reason: 'closed' };
      const plan = planOf(found.account.plan);
      return {
        ok: true,
        account: {
          id: found.account.id,
          company: found.account.company,
          plan: plan.id,
          tier: plan.tier,
          status: found.account.status,
          keyId: found.keyId,
          seatsEnabled: plan.seats,
          // The gateway enforces the plan's rate limit from this answer, without a hop per request.
          ratePerSecond: plan.rate.perSecond,
          rateBurst: plan.rate.burst,
          hasEnrolled: plan.seats && (await hasEnrolled(sql, found.account.id)),
        },
      };
    }),

    GetAccount: unary<GetAccountRequest__Output, AccountView>(log, async (req) => {
      const account = await callerAccount(req.caller?.accountId);
      const plan = planOf(account.plan);
      const at = now();
      const month = monthOf(at);
      const [used, topUps, run] = await Promise.all([
        ledger.usageOf(sql, account.id, plan, at),
        store.topUpRuns(sql, account.id, month),
        ledger.openRun(sql, account.id, subjectOf(account.id, req.caller?.endUser ?? ''), at),
      ]);
      const limit = used.runsLimit;
      const upgrade = upgradeFrom(plan.id);
      return {
        company: account.company,
        tier: plan.tier,
        plan: plan.id,
        paidThrough: account.paid_through ?? '',
        month,
        runsUsed: used.runsUsed,
        runsLimit: limit,
        termsVersion: TERMS_VERSION,
        upgradePlan: upgrade?.plan ?? '',
        upgradeAdds: upgrade?.adds ?? '',
        topUpRuns: topUps,
        usage: usageMessage(used, run, run?.calls ?? 0),
      };
    }),

    RotateKey: unary<RotateKeyRequest__Output, RotateKeyResponse>(log, async (req, call) => {
      const account = await callerAccount(req.caller?.accountId);
      const { key, hash } = await store.replaceKey(sql, account.id, () => callerGone(call));
      // The event is in the outbox with the change; publish it now rather than at the next pass,
      // so every gateway replica drops the old key within the second.
      await deps.outbox?.flush();
      return { key, keyId: `key_${hash.slice(0, 12)}` };
    }),

    Meter: unary<MeterRequest__Output, MeterResponse>(log, async (req, call) => {
      const accountId = req.caller?.accountId ?? '';
      if (!accountId) throw SvcError.invalid('caller.account_id is required', [{ field: 'caller.account_id', message: 'is required' }]);
      const at = now();
      const endUser = req.caller?.endUser ?? '';
      const out = await ledger
        .meter(sql, { accountId, endUser, planOf, subject: subjectOf(accountId, endUser), want: req.want, now: at, leaseTtlMs: LEASE_TTL_MS, ahead: req.ahead, spendingLeaseId: req.spendingLeaseId, spendingFirstUsedMs: req.spendingFirstUsedMs, callerGone: () => callerGone(call), holder: { name: req.holder, incarnation: req.holderIncarnation } })
        .catch((err: unknown) => {
          throw err instanceof ledger.CallerGone ? SvcError.deadlineExceeded(err.message) : err;
        });
      if (!out) throw SvcError.notFound('account not found');
      // The fault point of the crash tests: the ledger and its outbox event are committed, not yet published.
      faultPoint('after_commit');
      if (!out.allowed) meteringRefusals.inc({ reason: out.reason });
      if (!out.allowed) return { allowed: false, reason: out.reason, resetsAt: 'resetsAt' in out ? out.resetsAt.toISOString() : '', usage: usageMessage(out.usage, null, 0) };
      return {
        allowed: true,
        // The calls spent in the run as reported so far, not those leased: a gateway adds what it spent
        // since, and shows that (a lease's calls may never be spent).
        usage: usageMessage(out.usage, out.run, out.run.calls),
        lease: { id: out.lease.id, runId: out.run.id, calls: out.lease.calls, ttlMs: out.lease.ttlMs, runCallsBefore: out.lease.runCallsBefore },
      };
    }),

    ReportCalls: unary<ReportCallsRequest__Output, ReportCallsResponse>(log, async (req) => {
      if (req.uses.length > MAX_REPORTS) throw SvcError.invalid(`at most ${MAX_REPORTS} leases a report`, [{ field: 'uses', message: `at most ${MAX_REPORTS}` }]);
      const uses = req.uses.map((u) => ({ accountId: u.accountId, leaseId: u.leaseId, used: u.used, firstUsedMs: u.firstUsedMs, done: u.done }));
      return { recorded: await ledger.reportCalls(sql, uses, now()) };
    }),
    Seats: seatsHandler(deps),
  });
  server.add('svc.v1.MeteringAdmin', proto.meteringAdmin.service, meteringAdminHandlers(deps));
  return server;
}

export { hashKey };
