/** Plans as the business sells them (spec section 8); numbers live in the data pack. */
import pack from '../data/plans.json' with { type: 'json' };

export type PlanId = 'free' | 'starter' | 'small_business' | 'lab' | 'scale' | 'platform';

export interface Plan {
  id: PlanId;
  name: string;
  tier: 'free' | 'standard' | 'unlimited';
  runs: number;
  strikeIsolation: boolean;
  seats: boolean;
  overagePrice: number | null;
  /** Requests per second per account, and how many may arrive at once (the gateway enforces it). */
  rate: { perSecond: number; burst: number };
}

export const PLANS = pack.plans as Plan[];
export const PLAN_IDS = PLANS.map((p) => p.id);

export function planOf(id: string): Plan {
  const p = PLANS.find((x) => x.id === id);
  if (!p) throw new Error(`unknown plan ${id}`);
  return p;
}

/** The next plan up and, in words, what it adds; none above the top plan. */
export function upgradeFrom(id: PlanId): { plan: string; adds: string } | null {
  const i = PLANS.findIndex((p) => p.id === id);
  const cur = PLANS[i];
  const next = PLANS[i + 1];
  if (!cur || !next) return null;
  const adds = [`${next.runs - cur.runs} more runs a month (${next.runs} in all)`];
  if (next.strikeIsolation && !cur.strikeIsolation) adds.push('protected-information strikes counted per end user');
  if (next.seats && !cur.seats) adds.push(`end-user seats at $${pack.seatPrice} a month each`);
  if (next.overagePrice !== null && cur.overagePrice === null) adds.push(`runs beyond the pool at $${next.overagePrice} each instead of a hard stop`);
  return { plan: next.id, adds: adds.join('; ') };
}
