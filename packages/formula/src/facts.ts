/**
 * What the compute services know about one ingredient: the public facts the library serves
 * through Resolve. Compute engines take these as plain data, never reach for a database.
 */

/** Envelope categories (domain.md section 1). */
export const CATEGORIES = {
  AQ: 'aqueous',
  HU: 'humectant/glycol',
  EM: 'emollient/oil',
  SA: 'anionic surfactant',
  SN: 'nonionic/amphoteric surfactant',
  CA: 'cationic',
  AL: 'short-chain alcohol',
  EL: 'electrolyte/salt',
  AC: 'acid/exfoliant',
  AV: 'active',
  PO: 'polymer/thickener',
  FR: 'fragrance/essential oil',
  PR: 'preservative',
  BO: 'booster/multifunctional',
  CH: 'chelator',
  PH: 'pH adjuster',
  UV: 'UV filter',
  PI: 'pigment/colourant',
  AO: 'antioxidant',
  OT: 'other',
} as const;

export type Category = keyof typeof CATEGORIES;
export const CATEGORY_CODES = Object.keys(CATEGORIES) as Category[];

export type Ionic = 'anionic' | 'cationic' | 'nonionic' | 'amphoteric';

export interface IngredientFacts {
  /** Canonical INCI name, EU form (AQUA, PARFUM), upper case. */
  inci: string;
  /** Name on a US label where it differs (WATER, FRAGRANCE); null when the same. */
  usName: string | null;
  c: Category;
  /** Usual maximum use level, % of the finished product; null when not curated. */
  up: number | null;
  ionic: Ionic | null;
  /** Electrolytes: charge used for ionic-strength weighting (1 monovalent, 2 divalent). */
  valence: number | null;
  /** Preservative salts and esters: factor converting the ingredient to its acid. */
  asAcid: number | null;
  /** CosIng annex references such as "V/29", "III/45". */
  refs: string[];
  /** CosIng functions, upper case as CosIng writes them. */
  fn: string[];
  cas: string | null;
  allergen: boolean;
  /**
   * Annex III labelling entry the ingredient belongs to ("III/70" for citral, geranial and neral):
   * members of one entry are summed against the labelling threshold. Null when in none.
   */
  allergenRef: string | null;
  colourant: boolean;
  uvFilter: boolean;
  prohibited: boolean;
  /** May be used in nano form (a "(nano)" entry exists for it). */
  nano: boolean;
  /** How common the ingredient is in formulas, 0..100; ranks search ties. */
  common: number;
}

/** A name as the caller wrote it, and what the library made of it. */
export type Resolution =
  | { n: string; matched: true; facts: IngredientFacts }
  | { n: string; matched: false; suggestions: string[] };

/** Resolves many names at once; the compute services receive one of these. */
export type Resolver = (names: readonly string[]) => Promise<Map<string, Resolution>>;

/** A caller's name the library could not resolve, with up to 3 library names it may have meant. */
export interface UnmatchedName {
  n: string;
  suggestions: string[];
}

/** The unmatched entry for a name, with the resolver's suggestions (none when it gave none). */
export function unmatchedName(n: string, r: Resolution | undefined): UnmatchedName {
  return { n, suggestions: r && !r.matched ? r.suggestions.slice(0, 3) : [] };
}
