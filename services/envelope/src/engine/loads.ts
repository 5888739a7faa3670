/**
 * How much one ingredient loads the envelope (domain.md 2, "Maximum loads").
 *
 * - An ingredient loads its own category, 1:1 by default.
 * - Electrolytes (EL) load by ionic strength: pct x weight(valence), from the pack.
 * - Acids and preservatives (AC, PR) load as their free acid: pct x asAcid when the library gives
 *   a factor (a salt), else 1:1.
 * - Organic UV filters also load the oil domain (EM); inorganic filters do not.
 * Every rule is linear in pct, so scaling a line by k scales its loads by k: the reduce remedies
 * rely on that.
 */
import type { IngredientFacts } from '@svc/formula';
import { catIndex, type EnvelopePack } from './pack';

export function electrolyteWeight(valence: number | null, pack: EnvelopePack): number {
  const v = valence ?? pack.elDefaultValence;
  return pack.elWeights.get(v) ?? pack.elMaxWeight;
}

/** Weight of an ingredient in its own category. */
export function ownWeight(f: IngredientFacts, cat: number, pack: EnvelopePack): number {
  if (f.c === 'EL') return electrolyteWeight(f.valence, pack);
  if (pack.asAcidCat[cat] === true && f.asAcid !== null && f.asAcid > 0) return f.asAcid;
  return 1;
}

/** The other category this ingredient also loads (organic UV filter into EM), or -1. */
export function alsoLoads(f: IngredientFacts, cat: number, pack: EnvelopePack): number {
  const into = pack.alsoInto[cat] ?? -1;
  if (into < 0 || pack.alsoExcept[cat]?.has(f.inci) === true) return -1;
  return into;
}

/** Adds the loads of `pct` % of an ingredient into `loads` (indexed like CATS). */
export function addLoads(f: IngredientFacts, pct: number, pack: EnvelopePack, loads: Float64Array): void {
  const cat = catIndex(f.c);
  loads[cat] = (loads[cat] ?? 0) + pct * ownWeight(f, cat, pack);
  const into = alsoLoads(f, cat, pack);
  if (into >= 0) loads[into] = (loads[into] ?? 0) + pct;
}

/** The load one % of this ingredient puts on category `target` (0 when it does not load it). */
export function weightIn(f: IngredientFacts, target: number, pack: EnvelopePack): number {
  const cat = catIndex(f.c);
  let w = cat === target ? ownWeight(f, cat, pack) : 0;
  if (alsoLoads(f, cat, pack) === target) w += 1;
  return w;
}

export type IonicClass = 'anionic' | 'cationic' | null;

/** Anionic or cationic for the incompatible-pair rule; the library's ionic field wins over the category. */
export function ionicClass(f: IngredientFacts, cat: number, pack: EnvelopePack): IonicClass {
  if (f.ionic === 'anionic') return 'anionic';
  if (f.ionic === 'cationic') return 'cationic';
  if (f.ionic !== null) return null;
  if (pack.anionicCat[cat] === true) return 'anionic';
  if (pack.cationicCat[cat] === true) return 'cationic';
  return null;
}
