/** The metering service's messages as the API's JSON: the usage object and the account. */
import type { AccountView__Output } from '../../gen/svc/v1/AccountView';
import type { Usage__Output } from '../../gen/svc/v1/Usage';
import { orNull } from './library';

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
export type UsageJson = ReturnType<typeof usageJson>;

/** GET /account; `terms` is the address of /terms as this caller reaches the service. */
export const accountJson = (a: AccountView__Output, terms: string) => ({
  company: a.company,
  tier: a.tier,
  plan: a.plan,
  paidThrough: orNull(a.paidThrough),
  month: a.month,
  runsUsed: a.runsUsed,
  runsLimit: a.runsLimit,
  termsVersion: a.termsVersion,
  upgrade: a.upgradePlan ? { plan: a.upgradePlan, adds: a.upgradeAdds } : null,
  terms,
  usage: usageJson(a.usage),
});
