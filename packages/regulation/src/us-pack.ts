/**
 * The US pack (data/us-cfr.json): the FDA's prohibited and restricted cosmetic ingredients (21 CFR
 * 700.11 to 700.35, and hexachlorophene, 21 CFR 250.250) and the colour additives of 21 CFR parts 73
 * (subpart C), 74 (subpart C) and 82, with their permitted uses and the rule for lakes. Curated by
 * hand from the CFR text or, where a section's text was not found, from the source the entry names;
 * a use no source settles is marked unsettled (the pack's note lists them). Validated once when the
 * module loads.
 */
import { z } from 'zod';
import usCfrJson from '../data/us-cfr.json';
import { buildNameIndex, lookupName, type NameIndex } from './names';
import { AREAS, PRODUCT_TYPES, type Area } from './product';

const AreaSchema = z.enum(AREAS);

export const UsUseSchema = z.strictObject({
  /** The use as the section words it ("externally applied cosmetics, including the eye area"). */
  text: z.string().min(1),
  /** The body areas the use covers. */
  areas: z.array(AreaSchema).min(1),
  /** Only leave-on or only rinse-off products (shampoos), or null: both. */
  productType: z.enum(PRODUCT_TYPES).nullable(),
  /** Maximum in the finished product, % w/w, or null: good manufacturing practice sets the amount. */
  max: z.number().positive().nullable(),
  /** What the maximum is calculated as ("Hg ..."), or null: the ingredient as such. */
  basis: z.string().nullable(),
  /** A product class the description does not carry ("shampoos", "mascara"), or null. */
  special: z.string().nullable(),
  /** Conditions no request field settles (purpose of use, certified batch), as the check says them. */
  conditions: z.array(z.string()),
  /**
   * Why the use itself is not settled (the section's text was not found and no source read states
   * it), or null. The check then answers verify for it, never compatible, and never offers the
   * colour as an alternative there.
   */
  unsettled: z.string().min(1).nullable().default(null),
});
export type UsUse = z.infer<typeof UsUseSchema>;

export const UsEntrySchema = z
  .strictObject({
    /** The section: "21 CFR 700.13". */
    ref: z.string().regex(/^21 CFR \d+\.\d+[a-z]?$/),
    /** The section's heading. */
    title: z.string().min(1),
    kind: z.enum(['ingredient', 'colour']),
    substance: z.string().min(1),
    /** INCI and other names the entry covers, upper case. */
    names: z.array(z.string()),
    cas: z.array(z.string().regex(/^\d+-\d\d-\d$/)),
    /** A regular expression (case-insensitive) over the INCI name, for classes ("zirconium"), or null. */
    pattern: z.string().nullable(),
    /**
     * prohibited: in every cosmetic. aerosol_prohibited: in aerosol products. restricted: only in
     * the uses listed (ingredients). listed: a colour additive, only in the uses listed.
     * verify: a condition the request cannot settle (source of a material, labeling).
     */
    status: z.enum(['prohibited', 'aerosol_prohibited', 'restricted', 'listed', 'verify']),
    uses: z.array(UsUseSchema),
    /** Factor from a named ingredient to the maximum's basis (a mercury compound to Hg). */
    factors: z.record(z.string(), z.number().positive().max(1)),
    /** What a verify entry asks to check. */
    conditions: z.array(z.string()),
    /** What the section still allows outside its uses (a residue, a trace), for the message. */
    exception: z.string().nullable(),
    /** Colour additives: the shades, which pick alternatives. */
    colours: z.array(z.string()),
    /** Colour additives: batches must be certified (parts 74 and 82); null for ingredients. */
    certification: z.boolean().nullable(),
    /** Where the entry was checked. */
    source: z.string().min(1),
  })
  .superRefine((e, ctx) => {
    const needsUses = e.status === 'restricted' || e.status === 'listed';
    if (needsUses !== e.uses.length > 0) ctx.addIssue({ code: 'custom', path: ['uses'], message: needsUses ? 'must list the permitted uses' : 'must be empty for this status' });
    if ((e.kind === 'colour') !== (e.status === 'listed')) ctx.addIssue({ code: 'custom', path: ['status'], message: 'colour additives, and only they, are listed' });
    if (e.status === 'verify' && e.conditions.length === 0) ctx.addIssue({ code: 'custom', path: ['conditions'], message: 'a verify entry says what to check' });
    if (e.names.length === 0 && e.cas.length === 0 && e.pattern === null) ctx.addIssue({ code: 'custom', path: ['names'], message: 'the entry must match something' });
    if (e.pattern !== null) {
      try {
        new RegExp(e.pattern, 'i');
      } catch {
        ctx.addIssue({ code: 'custom', path: ['pattern'], message: 'must be a valid regular expression' });
      }
    }
  });
export type UsEntry = z.infer<typeof UsEntrySchema>;

export const UsPackSchema = z.strictObject({
  version: z.string().min(1),
  source: z.string().min(1),
  regulation: z.string().min(1),
  vintage: z.string().min(1),
  note: z.string().min(1),
  /** What "externally applied" (21 CFR 70.3(v)) covers, in the request's areas. */
  externalAreas: z.array(AreaSchema),
  /** A colourant the pack does not hold: where the check sends the formulator. */
  unlisted: z.strictObject({ ref: z.string().min(1), regulation: z.string().min(1), text: z.string().min(1) }),
  /** A lake of a colour the pack holds: screened under that colour's uses, and this is what the check asks to verify. */
  lakes: z.strictObject({ ref: z.string().min(1), regulation: z.string().min(1), text: z.string().min(1) }),
  entries: z.array(UsEntrySchema).min(1),
});
export type UsPackJson = z.infer<typeof UsPackSchema>;

export interface UsPack extends UsPackJson {
  byRef: ReadonlyMap<string, UsEntry>;
  /** The entries an ingredient matches, by INCI name, by CAS, and by pattern. */
  byName: ReadonlyMap<string, readonly UsEntry[]>;
  byCas: ReadonlyMap<string, readonly UsEntry[]>;
  patterns: ReadonlyArray<readonly [RegExp, UsEntry]>;
  /** Whole names only (names.ts), for lines the ingredient library does not hold: no pattern. */
  nameIndex: NameIndex;
}

function index(entries: readonly UsEntry[], keys: (e: UsEntry) => readonly string[]): Map<string, UsEntry[]> {
  const out = new Map<string, UsEntry[]>();
  for (const e of entries) for (const k of keys(e)) out.set(k, [...(out.get(k) ?? []), e]);
  return out;
}

export function compileUsPack(raw: unknown): UsPack {
  const r = UsPackSchema.safeParse(raw);
  if (!r.success) {
    const where = r.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(pack)'}: ${i.message}`).join('; ');
    throw new Error(`invalid US regulatory pack: ${where}`);
  }
  const refs = new Set<string>();
  for (const e of r.data.entries) {
    if (refs.has(e.ref)) throw new Error(`invalid US regulatory pack: ${e.ref} is listed twice`);
    refs.add(e.ref);
  }
  const entries = r.data.entries;
  return {
    ...r.data,
    byRef: new Map(entries.map((e) => [e.ref, e])),
    byName: index(entries, (e) => e.names),
    byCas: index(entries, (e) => e.cas),
    patterns: entries.filter((e) => e.pattern !== null).map((e) => [new RegExp(e.pattern as string, 'i'), e] as const),
    nameIndex: buildNameIndex(entries.map((e) => ({ key: e.ref, names: e.names, substance: e.substance, numbers: e.cas }))),
  };
}

/**
 * The entries a name the ingredient library does not hold stands for: one of an entry's names, a
 * variant of its substance's name, or its CAS number given as the name. Unlike usEntriesOf, never
 * an entry's pattern: a class pattern ("zirconium") matches parts of names, and a name nobody
 * could resolve is not to be judged by a part of it.
 */
export function usEntriesNamed(pack: UsPack, name: string): UsEntry[] {
  const found = lookupName(pack.nameIndex, name).map((ref) => pack.byRef.get(ref) as UsEntry);
  return found.length > 0 ? found : usLakeOf(pack, name);
}

/** The entries an ingredient falls under: its name, its CAS number, or an entry's pattern; a lake, its colour's entry. */
export function usEntriesOf(pack: UsPack, inci: string, cas: string | null): UsEntry[] {
  const out = new Set<UsEntry>(pack.byName.get(inci) ?? []);
  if (cas) for (const e of pack.byCas.get(cas) ?? []) out.add(e);
  for (const [re, e] of pack.patterns) if (re.test(inci)) out.add(e);
  if (out.size === 0) for (const e of usLakeOf(pack, inci)) out.add(e);
  return [...out];
}

/** "RED 33 LAKE", "FD&C Yellow No. 5 Aluminum Lake": the straight colour's name, or null when the name is not a lake's. */
export function lakeBase(name: string): string | null {
  const m = /^(.+?)\s+(?:(?:ALUMINUM|ALUMINIUM|BARIUM|CALCIUM|POTASSIUM|SODIUM|STRONTIUM|ZIRCONIUM)\s+)?LAKE$/i.exec(name.trim());
  return m ? (m[1] as string) : null;
}

/**
 * The colour entry a lake's name stands for (its straight colour's, by the colour's whole name), or none.
 * A lake is screened under its colour's uses, never more widely: it cannot be permitted where its
 * colour is not (21 CFR part 82), and the screen asks to verify its certification and listing.
 */
export function usLakeOf(pack: UsPack, name: string): UsEntry[] {
  const base = lakeBase(name);
  if (base === null) return [];
  const refs = new Set([...(pack.byName.get(base.toUpperCase()) ?? []).map((e) => e.ref), ...lookupName(pack.nameIndex, base)]);
  return [...refs].map((ref) => pack.byRef.get(ref) as UsEntry).filter((e) => e.kind === 'colour');
}

/** The areas a use is permitted in (for messages: "skin, face"). */
export const areasText = (areas: readonly Area[]): string => areas.join(', ');

export const US_CFR: UsPack = compileUsPack(usCfrJson);
