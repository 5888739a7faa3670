/**
 * LabelChassis.Bands: the chassis' published view (each component's name and the band of its share
 * of the chassis) as a message, and back. Only the band edges cross: a share's amount has no field.
 */
import { normaliseName } from '@svc/formula';
import type { ChassisBandsResponse, ChassisBandsResponse__Output } from '../../gen/svc/v1/ChassisBandsResponse';

/** A chassis component as the disclosure policy lets it show: name, lookup key, share band (% of the chassis). */
export interface ChassisShareJson {
  n: string;
  /** normaliseName(n): the key of its resolution. */
  key: string;
  share: { lo: number; hi: number };
}

export function chassisBandsToProto(variant: string, shares: ReadonlyArray<{ n: string; share: { lo: number; hi: number } }>): ChassisBandsResponse {
  return { variant, components: shares.map((s) => ({ n: s.n, shareLo: s.share.lo, shareHi: s.share.hi })) };
}

/**
 * The shares of an answer, or the reason it cannot be used: another variant than asked, no
 * component, an empty or repeated name, a band outside 0..100 or upside down. A caller that screens
 * on these must not screen on a malformed list (a missing component would pass unseen).
 */
export function chassisSharesFromProto(m: ChassisBandsResponse__Output, variant: string): { ok: true; shares: ChassisShareJson[] } | { ok: false; why: string } {
  if (m.variant !== variant) return { ok: false, why: `answered for variant "${m.variant}", not "${variant}"` };
  if (m.components.length === 0) return { ok: false, why: 'no component' };
  const seen = new Set<string>();
  const shares: ChassisShareJson[] = [];
  for (const [i, c] of m.components.entries()) {
    const key = normaliseName(c.n);
    if (key === '' || seen.has(key)) return { ok: false, why: `components[${i}].n is empty or repeated` };
    seen.add(key);
    const { shareLo: lo, shareHi: hi } = c;
    if (!(Number.isFinite(lo) && Number.isFinite(hi) && lo >= 0 && lo <= hi && hi > 0 && hi <= 100)) return { ok: false, why: `components[${i}] has no band within 0..100` };
    shares.push({ n: c.n, key, share: { lo, hi } });
  }
  return { ok: true, shares };
}
