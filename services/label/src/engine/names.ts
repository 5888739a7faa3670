/**
 * What the label needs to know about one name: its canonical INCI, the name printed on each
 * market, its category, and the flags that move it on the label.
 */
import { normaliseName, type Category, type Resolution } from '@svc/formula';
import type { Market } from './request';

export interface NameInfo {
  /** Canonical EU INCI, normalised. */
  key: string;
  eu: string;
  us: string;
  c: Category;
  colourant: boolean;
  /** May carry "(nano)" when the caller marks the line nano. */
  nanoEligible: boolean;
  /** The library flags it as an Annex III labelling entry. */
  allergen: boolean;
  /** The library's Annex III entry of the allergen ("III/70"): members of one entry sum together. */
  allergenRef: string | null;
  matched: boolean;
}

/** Facts objects are shared by the library cache across requests; normalising their names once pays. */
const described = new WeakMap<object, NameInfo>();

export function describe(key: string, res: Resolution | undefined): NameInfo {
  if (res?.matched) {
    const f = res.facts;
    const hit = described.get(f);
    if (hit) return hit;
    const eu = normaliseName(f.inci);
    const info: NameInfo = {
      key: eu,
      eu,
      // The library's usName carries WATER and FRAGRANCE (vocabulary.json) like every other US name.
      us: f.usName ? normaliseName(f.usName) : eu,
      c: f.c,
      colourant: f.colourant,
      nanoEligible: f.nano,
      allergen: f.allergen,
      allergenRef: f.allergenRef,
      matched: true,
    };
    described.set(f, info);
    return info;
  }
  return { key, eu: key, us: key, c: 'OT', colourant: false, nanoEligible: false, allergen: false, allergenRef: null, matched: false };
}

export function printed(info: NameInfo, market: Market, nano: boolean): string {
  const base = market === 'us' ? info.us : info.eu;
  return nano ? `${base} (nano)` : base;
}

/** Code-point order: the same on every machine and locale. */
export function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
