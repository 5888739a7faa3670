/**
 * Disclosure bands: the supplier's published policy on how precisely a component's share of the
 * chassis may show through any output (domain.md section 4). The band is taken of the share, once,
 * never of the contribution at a caller's nbPct: a band of `share × nbPct / 100` would move its edges
 * with nbPct, and a caller sweeping nbPct would read the share off the nbPct at which an edge is
 * crossed. Every decision about the chassis reads the share's band scaled by nbPct
 * (contributionOf), so two chassis whose shares fall in the same bands give identical answers.
 *
 * This package is public policy: it holds no chassis and no secret-handling code.
 */
import { z } from 'zod';
import disclosureBandsJson from '../data/bands.json';

const EPS = 1e-9;

const RangeSchema = z.strictObject({
  /** Lower edge, excluded (% of the chassis). */
  above: z.number().min(0),
  /** Upper edge, included. */
  upTo: z.number().positive().max(100),
  /** Width of every band of the range. */
  step: z.number().positive(),
});

export const BandsPackSchema = z
  .strictObject({
    version: z.string().min(1),
    source: z.string().min(1),
    note: z.string().optional(),
    ranges: z.array(RangeSchema).min(1),
  })
  .superRefine((pack, ctx) => {
    let edge = 0;
    pack.ranges.forEach((r, i) => {
      if (Math.abs(r.above - edge) > EPS) {
        ctx.addIssue({ code: 'custom', path: ['ranges', i, 'above'], message: 'ranges must be contiguous from 0' });
      }
      if (r.upTo <= r.above) ctx.addIssue({ code: 'custom', path: ['ranges', i, 'upTo'], message: 'must be above `above`' });
      const n = (r.upTo - r.above) / r.step;
      if (Math.abs(n - Math.round(n)) > 1e-6) {
        ctx.addIssue({ code: 'custom', path: ['ranges', i, 'step'], message: 'must divide the range evenly' });
      }
      edge = r.upTo;
    });
    if (Math.abs(edge - 100) > EPS) ctx.addIssue({ code: 'custom', path: ['ranges'], message: 'ranges must end at 100' });
  });

export type BandsPack = z.infer<typeof BandsPackSchema>;

/** One band (lo, hi]; mid is what the label compares, lo and hi are the conservative edges. */
export interface Band {
  readonly lo: number;
  readonly hi: number;
  readonly mid: number;
}

export function parseBands(raw: unknown): BandsPack {
  const r = BandsPackSchema.safeParse(raw);
  if (!r.success) {
    const where = r.error.issues.map((i) => `${i.path.join('.') || '(pack)'}: ${i.message}`).join('; ');
    throw new Error(`invalid bands pack: ${where}`);
  }
  return r.data;
}

const fix = (v: number) => Math.round(v * 1e9) / 1e9;

/** The band holding v (a share of the chassis in %, 0 < v <= 100). */
export function bandOf(v: number, pack: BandsPack): Band {
  if (!(v > 0)) return { lo: 0, hi: 0, mid: 0 };
  for (const r of pack.ranges) {
    if (v <= r.upTo + EPS) {
      // Rounded before ceil so that 2.0000000001 (float noise of 2) stays in the band ending at 2.
      const k = Math.max(1, Math.ceil(fix((v - r.above) / r.step)));
      const lo = fix(r.above + (k - 1) * r.step);
      const hi = fix(Math.min(r.upTo, r.above + k * r.step));
      return { lo, hi, mid: fix((lo + hi) / 2) };
    }
  }
  const last = pack.ranges[pack.ranges.length - 1];
  const hi = last ? last.upTo : 100;
  return { lo: hi, hi, mid: hi };
}

/**
 * A component's contribution to the finished product as the published policy discloses it: its
 * share's band scaled by the chassis' share of the product. A function of (band, nbPct) only.
 */
export function contributionOf(shareBand: Band, nbPct: number): Band {
  const k = nbPct / 100;
  return { lo: shareBand.lo * k, hi: shareBand.hi * k, mid: shareBand.mid * k };
}

export function sameBand(a: Band, b: Band): boolean {
  return a.lo === b.lo && a.hi === b.hi;
}

/**
 * The supplier's disclosure policy: one pack for the label, the preservation service and the
 * primer that documents it. It is public; the chassis shares it bands are not.
 */
export const DISCLOSURE_BANDS: BandsPack = parseBands(disclosureBandsJson);
