/**
 * The chassis as the disclosure policy publishes it, for a peer that screens the chassis' components
 * without holding the chassis (the envelope's /check): each component's name and the band of its
 * share of the chassis, exactly what bandedChassis gives, without the nbPct scaling (the peer
 * scales the band itself) and never an amount.
 */
import { z } from 'zod';
import { bandedChassis, type BandsPack, type Chassis } from '@svc/chassis';
import { ArchitectureSchema, type Architecture } from '@svc/formula';
import { DEFAULT_BANDS } from './packs';

export const ChassisBandsRequestSchema = z.strictObject({ variant: ArchitectureSchema });

export interface PublishedShare {
  n: string;
  share: { lo: number; hi: number };
}

/** Alphabetical by name (bandedChassis' order: the file's order is by amount and would give ranks away). */
export function publishedShares(chassis: Chassis, variant: Architecture, bands: BandsPack = DEFAULT_BANDS): PublishedShare[] {
  // nbPct 100: the contribution band is then the share band itself; only the share band is sent.
  return bandedChassis(chassis, variant, 100, bands).map((b) => ({ n: b.n, share: { lo: b.share.lo, hi: b.share.hi } }));
}
