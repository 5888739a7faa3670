/**
 * The curated ingredient overlay and the CosIng-function → category mapping (domain.md section 1).
 *
 * Both are reviewed data files next to this module (`overlay.json`, `category-map.json`); this module
 * only validates and interprets them. It is the one place that turns an overlay entry into the
 * IngredientFacts the compute services consume (`overlayToFacts`) and the one place that decides a
 * category from CosIng functions (`categoryFromFunctions`).
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { CATEGORY_CODES, type Category, type IngredientFacts, type Ionic } from '@svc/formula';

// ---------------------------------------------------------------------------------------------
// Schemas
// ---------------------------------------------------------------------------------------------

const CategorySchema = z.enum(CATEGORY_CODES as [Category, ...Category[]]);
const IonicSchema = z.enum(['anionic', 'cationic', 'nonionic', 'amphoteric']);
const upperName = z
  .string()
  .min(1)
  .max(200)
  .refine((s) => s === s.trim() && !/\s{2,}/.test(s), { message: 'must be trimmed, single-spaced' })
  .refine((s) => s === s.toUpperCase(), { message: 'must be upper case' });

/** A Colour Index number as an INCI name: "CI 77491", "CI 77268:1". */
export const CI_NAME = /^CI \d{5}(:\d+)?$/;

export const OVERLAY_FLAGS = ['allergen', 'colourant', 'uv_filter', 'prohibited', 'nano'] as const;
export type OverlayFlag = (typeof OVERLAY_FLAGS)[number];

export const TradeNameSchema = z.strictObject({
  /** Trade name as suppliers write it (any case). */
  name: z.string().min(1).max(120),
  /** Generic description of the supplier or product type; no trademark claims. */
  supplier: z.string().min(1).max(200),
  /** Public INCI breakdown; fractions of the raw material, summing to 1 within 0.01. */
  blend: z.array(z.strictObject({ n: upperName, f: z.number().gt(0).lte(1) })).min(1).max(20),
});

export const OverlayEntrySchema = z.strictObject({
  inci: upperName,
  c: CategorySchema,
  up: z.number().gt(0).lte(100).nullable(),
  ionic: IonicSchema.nullable(),
  valence: z.number().int().min(1).max(3).nullable(),
  asAcid: z.number().gt(0).lte(1).nullable(),
  usName: upperName.nullable(),
  flags: z.array(z.enum(OVERLAY_FLAGS)),
  common: z.number().int().min(0).max(100),
  synonyms: z.array(upperName),
  tradeNames: z.array(TradeNameSchema),
  note: z.string().min(1).max(300),
  /** Set only for names that are not in the CosIng inventory file (checked by the tests). */
  notInCosing: z.literal(true).optional(),
});

export const OverlaySchema = z.strictObject({
  pack: z.literal('library-overlay'),
  version: z.string().min(1),
  source: z.string().min(1),
  entries: z.array(OverlayEntrySchema).min(1),
});

export const CategoryRuleSchema = z.strictObject({
  /** A CosIng function value, matched case-insensitively against the ingredient's functions. */
  function: z.string().min(1),
  c: CategorySchema,
  /** Surfactant rules: use the ingredient's ionic class (ionicCategory) when it is known. */
  byIonic: z.literal(true).optional(),
  note: z.string().optional(),
});

export const NameRuleSchema = z.strictObject({
  /** Regular expression over the upper-case INCI name (flags: none; anchors are explicit). */
  pattern: z.string().min(1),
  c: CategorySchema,
  /** When present, the rule applies only if the ingredient has at least one of these functions. */
  functions: z.array(z.string().min(1)).min(1).optional(),
  /** Use the ionic class (known or inferred from the name) when there is one. */
  byIonic: z.literal(true).optional(),
  note: z.string().optional(),
});

export const IonicPatternSchema = z.strictObject({
  pattern: z.string().min(1),
  ionic: IonicSchema,
  note: z.string().optional(),
});

export const ValencePatternSchema = z.strictObject({
  pattern: z.string().min(1),
  valence: z.number().int().min(1).max(3),
  note: z.string().optional(),
});

export const CategoryMapSchema = z.strictObject({
  pack: z.literal('library-category-map'),
  version: z.string().min(1),
  note: z.string().optional(),
  /** Category of a surfactant by ionic class, for rules with byIonic. */
  ionicCategory: z.strictObject({ anionic: CategorySchema, cationic: CategorySchema, nonionic: CategorySchema, amphoteric: CategorySchema }),
  /** Valence of an electrolyte the overlay does not curate, from its cation's name (first match wins). */
  valencePatterns: z.array(ValencePatternSchema),
  /** Ionic class from the INCI name when the overlay does not give it (first match wins). */
  ionicPatterns: z.array(IonicPatternSchema),
  /** Name rules, tried before the function rules when the INCI name is known (first match wins). */
  nameRules: z.array(NameRuleSchema),
  /** Function rules in priority order: the first rule whose function the ingredient has wins. */
  rules: z.array(CategoryRuleSchema).min(1),
  /** CosIng function values deliberately left to the default (documented decision; checked by the tests). */
  unmapped: z.array(z.string().min(1)).optional(),
  default: CategorySchema,
});

/** CI number → US label name, and the rule that makes a CI-named ingredient a colourant. */
export const ColourNamesSchema = z.strictObject({
  pack: z.literal('library-colour-names'),
  version: z.string().min(1),
  source: z.string().min(1),
  rule: z.string().min(1),
  names: z.record(z.string().regex(CI_NAME), upperName),
});

export type ColourNames = z.infer<typeof ColourNamesSchema>;

/** The label words of water and fragrance and every spelling that means them (vocabulary.json). */
export const VocabularySchema = z.strictObject({
  pack: z.literal('library-vocabulary'),
  version: z.string().min(1),
  source: z.string().min(1),
  note: z.string().min(1),
  words: z
    .array(z.strictObject({ inci: upperName, eu: upperName, us: upperName, spellings: z.array(upperName).min(1) }))
    .min(1),
});

export type Vocabulary = z.infer<typeof VocabularySchema>;

/**
 * The Annex III fragrance-allergen labelling entries and the INCI names each covers
 * (fragrance-allergens.json, built by scripts/data/build-fragrance-allergens.ts). Library data so
 * that Resolve answers an allergen's entry (allergenRef) to every service from one list.
 */
export const FragranceAllergensSchema = z
  .object({
    pack: z.literal('library-fragrance-allergens'),
    version: z.string().min(1),
    source: z.string().min(1),
    regulation: z.string().min(1),
    vintage: z.string(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    entries: z
      .array(z.object({ ref: z.string().regex(/^III\/\d+[a-z]?$/), members: z.array(upperName).min(1), labelAs: z.string().optional() }))
      .min(1),
  })
  .superRefine((p, ctx) => {
    // A name in two entries would make its group depend on the order of the file.
    const seen = new Map<string, string>();
    for (const e of p.entries) {
      for (const m of e.members) {
        const prev = seen.get(m);
        if (prev && prev !== e.ref) ctx.addIssue({ code: 'custom', message: `${m} belongs to both ${prev} and ${e.ref}` });
        seen.set(m, e.ref);
      }
    }
  });

export type FragranceAllergens = z.infer<typeof FragranceAllergensSchema>;
export type TradeName = z.infer<typeof TradeNameSchema>;
export type OverlayEntry = z.infer<typeof OverlayEntrySchema>;
export type Overlay = z.infer<typeof OverlaySchema>;
export type CategoryRule = z.infer<typeof CategoryRuleSchema>;
export type NameRule = z.infer<typeof NameRuleSchema>;
export type CategoryMap = z.infer<typeof CategoryMapSchema>;

// ---------------------------------------------------------------------------------------------
// Loaders
// ---------------------------------------------------------------------------------------------

const readJson = (file: string): unknown => JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8'));

let overlayCache: Overlay | undefined;
let mapCache: CategoryMap | undefined;
let colourCache: ColourNames | undefined;
let vocabularyCache: Vocabulary | undefined;
let allergensCache: FragranceAllergens | undefined;

/** The Annex III fragrance-allergen entries, validated. Cached after the first call. */
export function loadFragranceAllergens(): FragranceAllergens {
  allergensCache ??= FragranceAllergensSchema.parse(readJson('./fragrance-allergens.json'));
  return allergensCache;
}

/** The water and fragrance words, validated. Cached after the first call. */
export function loadVocabulary(): Vocabulary {
  vocabularyCache ??= VocabularySchema.parse(readJson('./vocabulary.json'));
  return vocabularyCache;
}

/** The US names of the Colour Index colourants, validated. Cached after the first call. */
export function loadColourNames(): ColourNames {
  colourCache ??= ColourNamesSchema.parse(readJson('./colour-names.json'));
  return colourCache;
}

/** The curated overlay, validated (throws on an invalid file). Cached after the first call. */
export function loadOverlay(): Overlay {
  overlayCache ??= parseOverlay(readJson('./overlay.json'));
  return overlayCache;
}

/** The function → category mapping, validated (regular expressions compiled once to check them). */
export function loadCategoryMap(): CategoryMap {
  mapCache ??= parseCategoryMap(readJson('./category-map.json'));
  return mapCache;
}

export function parseOverlay(data: unknown): Overlay {
  return OverlaySchema.parse(data);
}

export function parseCategoryMap(data: unknown): CategoryMap {
  const map = CategoryMapSchema.parse(data);
  for (const r of [...map.ionicPatterns, ...map.nameRules, ...map.valencePatterns]) new RegExp(r.pattern); // throws on a bad pattern
  return map;
}

// ---------------------------------------------------------------------------------------------
// Category from CosIng functions (and, when known, the INCI name)
// ---------------------------------------------------------------------------------------------

const regexCache = new Map<string, RegExp>();
const re = (pattern: string): RegExp => {
  let r = regexCache.get(pattern);
  if (!r) regexCache.set(pattern, (r = new RegExp(pattern)));
  return r;
};

const normName = (s: string): string => s.trim().replace(/\s+/g, ' ').toUpperCase();

/** Ionic class guessed from the INCI name by the map's ionicPatterns; null when no pattern matches. */
export function ionicFromName(inci: string, map: CategoryMap): Ionic | null {
  const n = normName(inci);
  for (const p of map.ionicPatterns) if (re(p.pattern).test(n)) return p.ionic;
  return null;
}

/** Valence of an uncurated electrolyte from its cation's name; null when no pattern matches. */
export function valenceFromName(inci: string, map: CategoryMap): number | null {
  const n = normName(inci);
  for (const p of map.valencePatterns) if (re(p.pattern).test(n)) return p.valence;
  return null;
}

/** Splits CosIng's comma-separated function field into upper-case values. */
export function splitFunctions(field: string | null | undefined): string[] {
  return (field ?? '')
    .split(',')
    .map((s) => s.trim().replace(/\s+/g, ' '))
    .filter((s) => s.length > 0);
}

export interface CategoryHint {
  /** INCI name: enables the name rules and the ionic guess from the name. */
  inci?: string | null;
  /** Ionic class when known (overlay); wins over the guess from the name. */
  ionic?: Ionic | null;
}

/**
 * The category the library assigns to an ingredient that is not in the overlay: name rules first
 * (when the name is given), then the first function rule the ingredient's functions match, else the
 * default. Pure; case-insensitive on function values.
 */
export function categoryFromFunctions(functions: readonly string[], map: CategoryMap, hint: CategoryHint = {}): Category {
  const fns = new Set(functions.map((f) => normName(f)));
  const inci = hint.inci ? normName(hint.inci) : null;
  const ionic = (): Ionic | null => hint.ionic ?? (inci ? ionicFromName(inci, map) : null);
  if (inci) {
    for (const rule of map.nameRules) {
      if (!re(rule.pattern).test(inci)) continue;
      if (rule.functions && !rule.functions.some((f) => fns.has(normName(f)))) continue;
      const io = rule.byIonic ? ionic() : null;
      return io ? map.ionicCategory[io] : rule.c;
    }
  }
  for (const rule of map.rules) {
    if (!fns.has(normName(rule.function))) continue;
    const io = rule.byIonic ? ionic() : null;
    return io ? map.ionicCategory[io] : rule.c;
  }
  return map.default;
}

// ---------------------------------------------------------------------------------------------
// Overlay → IngredientFacts
// ---------------------------------------------------------------------------------------------

/** A CosIng inventory row as csv-parse yields it with `columns: true` (only the fields used here). */
export interface CosingRow {
  inci_name: string;
  cas_no?: string | null;
  restriction?: string | null;
  function?: string | null;
}

const CAS_RE = /\b\d{2,7}-\d{2}-\d\b/g;

/** CAS numbers in CosIng's free-text cas_no field, in order, without duplicates. */
export function parseCas(field: string | null | undefined): string[] {
  return [...new Set((field ?? '').match(CAS_RE) ?? [])];
}

/**
 * Annex references in CosIng's restriction field: "V/29" → ["V/29"]; "III/88 III/167" → both;
 * "IV 143 VI 27 VI 27a (nano)" → ["IV/143", "VI/27", "VI/27a"].
 */
export function parseRefs(field: string | null | undefined): string[] {
  const out: string[] = [];
  for (const m of (field ?? '').matchAll(/\b(II|III|IV|V|VI)\s*[/ ]\s*(\d+[a-z]?)\b/g)) {
    const ref = `${m[1]}/${m[2]}`;
    if (!out.includes(ref)) out.push(ref);
  }
  return out;
}

/** The one mapping from an overlay entry (plus its CosIng row, when there is one) to IngredientFacts. */
export function overlayToFacts(entry: OverlayEntry, cosingRow?: CosingRow | null): IngredientFacts {
  const has = (f: OverlayFlag): boolean => entry.flags.includes(f);
  return {
    inci: entry.inci,
    usName: entry.usName,
    c: entry.c,
    up: entry.up,
    ionic: entry.ionic,
    valence: entry.valence,
    asAcid: entry.asAcid,
    refs: parseRefs(cosingRow?.restriction),
    fn: splitFunctions(cosingRow?.function),
    cas: parseCas(cosingRow?.cas_no)[0] ?? null,
    allergen: has('allergen'),
    colourant: has('colourant'),
    uvFilter: has('uv_filter'),
    prohibited: has('prohibited'),
    nano: has('nano'),
    // The entry's reference comes from fragrance-allergens.json, which the catalogue applies.
    allergenRef: null,
    common: entry.common,
  };
}

/** Every name (INCI and synonyms) an overlay entry answers to, normalised upper case. */
export function overlayNames(entry: OverlayEntry): string[] {
  return [entry.inci, ...entry.synonyms].map(normName);
}
