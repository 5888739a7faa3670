/**
 * Whom a refusal counts against (spec sections 3 and 5.5): the end user named by x-svc-user on the
 * plans that isolate strikes (lab, scale, platform), else the whole account. The gateway and the
 * compliance service compute it the same way, from this one function.
 */
export const ISOLATING_PLANS: ReadonlySet<string> = new Set(['lab', 'scale', 'platform']);

export function subjectOf(c: { accountId: string; endUser: string; plan: string }): string {
  return c.endUser && ISOLATING_PLANS.has(c.plan) ? `${c.accountId}/${c.endUser}` : c.accountId;
}
