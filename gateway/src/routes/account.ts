import type { AccountView__Output } from '@svc/protos/gen/svc/v1/AccountView';
import type { Usage__Output } from '@svc/protos/gen/svc/v1/Usage';
import { Router } from 'express';
import { rpc, type Clients } from '../clients';
import { baseUrlOf, orNull } from './util';

/** The usage object every response carries (domain.md section 6), in the API's field names. */
export const usageJson = (u: Usage__Output | null) =>
  u && {
    month: u.month,
    runsUsed: u.runsUsed,
    runsLimit: u.runsLimit,
    runsLeft: u.runsLeft,
    run: u.run ? { id: u.run.id, opensAt: u.run.opensAt, closesAt: u.run.closesAt, calls: u.run.calls, callsLeft: u.run.callsLeft } : null,
    overageRuns: u.overageRuns,
  };

export function accountRoutes(clients: Clients, publicUrl: string | undefined): Router {
  const r = Router();
  r.get('/account', async (req, res) => {
    const a = await rpc<AccountView__Output>(clients, 'metering', 'GetAccount', { caller: { accountId: req.account?.id, endUser: req.endUser ?? '', requestId: req.id } }, { idempotent: true, requestId: req.id });
    res.json({
      company: a.company,
      tier: a.tier,
      plan: a.plan,
      paidThrough: orNull(a.paidThrough),
      month: a.month,
      runsUsed: a.runsUsed,
      runsLimit: a.runsLimit,
      termsVersion: a.termsVersion,
      upgrade: a.upgradePlan ? { plan: a.upgradePlan, adds: a.upgradeAdds } : null,
      terms: `${baseUrlOf(req, publicUrl)}/terms`,
      usage: usageJson(a.usage),
    });
  });
  return r;
}
