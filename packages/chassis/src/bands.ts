/**
 * Disclosure bands: the supplier's policy on how precisely the chassis' contribution of a
 * component may show through any output (domain.md section 4). Every decision the label and
 * preservation engines take about the chassis reads a band, never the amount, so two chassis whose
 * contributions fall in the same bands give identical answers.
 */
import { z } from 'zod';
import disclosureBandsJson from '../data/bands.json';

const EPS = 1e-9;

const RangeSchema = z.strictObject({
  /** Lower edge, excluded (% of the finished product). */
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

/** The band holding v (% of the finished product, 0 < v <= 100). */
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

export function sameBand(a: Band, b: Band): boolean {
  return a.lo === b.lo && a.hi === b.hi;
}

/**
 * The supplier's disclosure policy: one pack for the label, the preservation service and the
 * primer that documents it. It is public; the chassis amounts it bands are not.
 */
export const DISCLOSURE_BANDS: BandsPack = parseBands(disclosureBandsJson);
