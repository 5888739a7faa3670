/** gRPC handlers of the metering service: translate, call the store and the plan rules, encode. */
import { GrpcServer, SvcError, TERMS_VERSION, hashKey, notYet, unary, type Logger, type OutboxRelay, type Sql } from '@svc/kit';
import { QUALIFIED, proto } from '@svc/protos';
import type { AuthenticateRequest__Output } from '@svc/protos/gen/svc/v1/AuthenticateRequest';
import type { AuthenticateResponse } from '@svc/protos/gen/svc/v1/AuthenticateResponse';
import type { GetAccountRequest__Output } from '@svc/protos/gen/svc/v1/GetAccountRequest';
import type { AccountView } from '@svc/protos/gen/svc/v1/AccountView';
import type { RotateKeyRequest__Output } from '@svc/protos/gen/svc/v1/RotateKeyRequest';
import type { RotateKeyResponse } from '@svc/protos/gen/svc/v1/RotateKeyResponse';
import { meteringAdminHandlers } from './admin';
import { monthOf, planOf, upgradeFrom } from './engine/plans';
import { hasEnrolled, seatsHandler } from './seats';
import * as store from './store';

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
          hasEnrolled: plan.seats && (await hasEnrolled(sql, found.account.id)),
        },
      };
    }),

    GetAccount: unary<GetAccountRequest__Output, AccountView>(log, async (req) => {
      const account = await callerAccount(req.caller?.accountId);
      const plan = planOf(account.plan);
      const month = monthOf(now());
      const [used, topUps] = await Promise.all([store.runsUsed(sql, account.id, month), store.topUpRuns(sql, account.id, month)]);
      const limit = plan.runs + topUps;
      const upgrade = upgradeFrom(plan.id);
      return {
        company: account.company,
        tier: plan.tier,
        plan: plan.id,
        paidThrough: account.paid_through ?? '',
        month,
        runsUsed: used.runs,
        runsLimit: limit,
        termsVersion: TERMS_VERSION,
        upgradePlan: upgrade?.plan ?? '',
        upgradeAdds: upgrade?.adds ?? '',
        topUpRuns: topUps,
        usage: { month, runsUsed: used.runs, runsLimit: limit, runsLeft: Math.max(0, limit - used.runs), overageRuns: used.overage },
      };
    }),

    RotateKey: unary<RotateKeyRequest__Output, RotateKeyResponse>(log, async (req) => {
      const account = await callerAccount(req.caller?.accountId);
      const { key, hash } = await store.replaceKey(sql, account.id);
      // The event is in the outbox with the change; publish it now rather than at the next pass,
      // so every gateway replica drops the old key within the second.
      await deps.outbox?.flush();
      return { key, keyId: `key_${hash.slice(0, 12)}` };
    }),

    Meter: notYet(log, 'run metering'),
    Seats: seatsHandler(deps),
  });
  server.add('svc.v1.MeteringAdmin', proto.meteringAdmin.service, meteringAdminHandlers(deps));
  return server;
}

export { hashKey };
