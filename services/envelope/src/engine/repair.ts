/**
 * `repair: true` on /check (issue 29): the formula with every remedy applied, the same way a client
 * applies them (applyRemedies), checked again until it is no longer `adjust` or no remedy moves it.
 * One call, so one formula call is metered; the steps say what was applied at each round.
 */
import { applyRemedies, type CheckRequest, type Remedy, type Resolution } from '@svc/formula';
import { US_CFR, type RegulatoryPack, type UsPack } from '@svc/regulation';
import { checkFormula, type ChassisShare, type CheckResult, type Verdict } from './check';
import type { EnvelopePack } from './pack';

/** Rounds of check-and-apply. The remedies promise one round; the rest covers what a round uncovers. */
export const REPAIR_ROUNDS = 4;

export interface RepairStep {
  /** 1 for the first round. */
  step: number;
  /** The verdict of the formula the remedies were applied to. */
  verdict: Verdict;
  applied: Remedy[];
}

export interface Repair {
  /** The repaired formula, as a /check body (repair itself left out). */
  request: CheckRequest;
  /** Its verdict, as /check gives it. */
  verdict: Verdict;
  steps: RepairStep[];
}

/** Names a repair may add to a formula (the balancing water line), to resolve with the request's own. */
export const REPAIR_NAMES = ['AQUA'];

export function repairFormula(
  request: CheckRequest,
  first: CheckResult,
  resolutions: ReadonlyMap<string, Resolution>,
  pack: EnvelopePack,
  regulation: RegulatoryPack,
  us: UsPack = US_CFR,
  chassis: readonly ChassisShare[] = [],
): Repair {
  let current: CheckRequest = { ...request };
  delete current.repair;
  let result = first;
  const steps: RepairStep[] = [];
  for (let round = 1; round <= REPAIR_ROUNDS && result.verdict === 'adjust'; round++) {
    const next = applyRemedies(current, result.remedies, resolutions);
    if (JSON.stringify(next) === JSON.stringify(current)) break;
    steps.push({ step: round, verdict: result.verdict, applied: result.remedies.filter((r) => r.action !== 'verify') });
    current = next;
    result = checkFormula(current, resolutions, pack, regulation, us, chassis);
  }
  return { request: current, verdict: result.verdict, steps };
}
