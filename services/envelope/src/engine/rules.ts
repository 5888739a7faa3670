/**
 * The verdict rules of domain.md section 2, each as a small predicate.
 *
 * adjust            a load above its maximum · pH outside the window · the formula does not balance ·
 *                   anionic and cationic both above the pair limit · a prohibited ingredient ·
 *                   basePct outside (0, 100]
 * compatible_verify a load at or above the near share of its maximum · pH within the verify band of an
 *                   edge · an unmatched line · a trace component · an organic-acid preservative above
 *                   its efficacy pH · short-chain alcohol above half its maximum
 * compatible        none of these
 *
 * Edges, deliberately: a load exactly AT its maximum is not over; exactly at the near share it is
 * near; a pH exactly on a window edge is inside the window and inside the verify band; the pair
 * limit and the alcohol share are "strictly above".
 */
import { BALANCE_TOLERANCE } from '@svc/formula';
import type { ArchitectureCaps, EnvelopePack } from './pack';

/** Percentages are never meaningful below this; it absorbs binary rounding of sums like 0.1 + 0.2. */
export const EPS = 1e-7;

export type Status = 'ok' | 'near' | 'over';

export function loadStatus(load: number, max: number, pack: EnvelopePack): Status {
  if (!(max > 0)) return 'ok';
  if (load > max + EPS) return 'over';
  if (load >= pack.nearShare * max - EPS) return 'near';
  return 'ok';
}

export function baseInRange(basePct: number): boolean {
  return Number.isFinite(basePct) && basePct > 0 && basePct <= 100;
}

export function balances(basePct: number, lineSum: number): boolean {
  return Math.abs(basePct + lineSum - 100) <= BALANCE_TOLERANCE + 1e-9;
}

export type PhPosition = 'inside' | 'edge' | 'outside';

export function phPosition(ph: number, a: ArchitectureCaps): PhPosition {
  if (!Number.isFinite(ph) || ph < a.phMin - 1e-9 || ph > a.phMax + 1e-9) return 'outside';
  if (ph <= a.phMin + a.verifyBand + 1e-9 || ph >= a.phMax - a.verifyBand - 1e-9) return 'edge';
  return 'inside';
}

/** The range a formulator should aim for: the window without its verify bands. */
export function comfortableRange(a: ArchitectureCaps): { min: number; max: number } {
  const min = a.phMin + a.verifyBand;
  const max = a.phMax - a.verifyBand;
  return min <= max ? { min: round2(min), max: round2(max) } : { min: a.phMin, max: a.phMax };
}

export function ionicClash(anionic: number, cationic: number, pack: EnvelopePack): boolean {
  return anionic > pack.ionicLimit + 1e-9 && cationic > pack.ionicLimit + 1e-9;
}

export function alcoholHigh(load: number, max: number, pack: EnvelopePack): boolean {
  return max > 0 && load > pack.alcoholVerifyShare * max + 1e-9;
}

/** Weak acids preserve through the undissociated acid: above efficacyPhMax too little is left. */
export function aboveEfficacyPh(ph: number, efficacyPhMax: number): boolean {
  return ph > efficacyPhMax + 1e-9;
}

const round2 = (v: number): number => Math.round(v * 100) / 100;
