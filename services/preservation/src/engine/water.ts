/**
 * Water activity estimate (the model and its sources are in data/water-activity.json): Norrish for
 * each non-electrolyte, ideal dissociation for electrolytes, Ross's product rule for the mixture.
 * Stays inside the service: only the conclusion (below a threshold or not) leaves it.
 */
import type { AwPack } from './packs';

/** `water` and the solute masses in g per 100 g of product. Returns 1 for no solute, null for no water. */
export function waterActivity(water: number, solutes: ReadonlyMap<string, number>, pack: AwPack): number | null {
  if (!(water > 0)) return null;
  const nw = water / pack.waterMolarMass;
  let aw = 1;
  for (const [key, mass] of solutes) {
    const s = pack.solutes.get(key);
    if (!s || !(mass > 0)) continue;
    const n = mass / s.M;
    if ('nu' in s) {
      aw *= Math.exp((-s.nu * n) / nw);
    } else {
      const xs = n / (n + nw);
      aw *= (1 - xs) * Math.exp(-s.K * xs * xs);
    }
  }
  return aw;
}
