/**
 * The regulatory pack (data/eu-annexes.json, built by scripts/data/build-regulatory.ts from the
 * CosIng annex files): every entry of Annexes II to VI with what the screen needs, validated once
 * when the module loads.
 */
import { z } from 'zod';
import euAnnexesJson from '../data/eu-annexes.json';
import { buildNameIndex, casNumbersIn, ecNumbersIn, lookupName, type NameIndex } from './names';
import { splitFragment } from './fragments';
import { ALL_CELLS, type Cell } from './product';

const CellSchema = z.enum(ALL_CELLS as [Cell, ...Cell[]]);

export const ItemSchema = z.strictObject({
  /** Letter of the sub-condition ("a", "b"), or "" when the entry has one. */
  id: z.string(),
  /** The product type as the annex writes it. */
  text: z.string(),
  /** The products (area and leave-on/rinse-off) the sub-condition covers. */
  cells: z.array(CellSchema),
  /** A product class the area alone does not settle ("oxidative hair dye products"), or null. */
  special: z.string().nullable(),
  /** Maximum in the ready-for-use preparation, % w/w, or null when the entry sets none. */
  max: z.number().positive().nullable(),
  /** What the maximum is calculated as ("thioglycollic acid", "F"), or null: the substance as such. */
  basis: z.string().nullable(),
  /** The maximum applies after mixing for use (hair dyes, nail systems), not to the product as sold. */
  afterMixing: z.boolean(),
  ph: z.strictObject({ min: z.number().nullable(), max: z.number().nullable() }).nullable(),
  professional: z.boolean(),
  noChildrenUnder3: z.boolean(),
  noSpray: z.boolean(),
  /** Only for propellant spray products. */
  sprayOnly: z.boolean(),
  /** The entry is for the nano form: it applies to lines marked `nano: true` only. */
  nano: z.boolean(),
  /** Conditions no request field settles (purity of the raw material, purpose of use ...), as written. */
  conditions: z.array(z.string()),
  /** Wording the label must carry, as written. */
  warnings: z.array(z.string()),
  /** Annex V/12: each member on its own at most this (% as `basis`), beside `max` for their sum. */
  perMember: z.number().positive().optional(),
  /**
   * Annex V: the substance may be used above this maximum for a purpose other than preserving that
   * the product's presentation makes apparent (salicylic acid as an exfoliant, behentrimonium
   * chloride as a conditioner): only an ingredient used as the preservative is held to it.
   */
  otherPurposes: z.boolean().optional(),
});
export type Item = z.infer<typeof ItemSchema>;

export const ANNEXES = ['II', 'III', 'IV', 'V', 'VI'] as const;
export type Annex = (typeof ANNEXES)[number];

export const EntrySchema = z.strictObject({
  ref: z.string().regex(/^(II|III|IV|V|VI)\/[0-9]+[a-z]*$/),
  annex: z.enum(ANNEXES),
  substance: z.string(),
  cas: z.array(z.string()),
  ec: z.array(z.string()),
  /** The INCI names the entry itself names, normalised. */
  names: z.array(z.string()),
  /** The act that last set the entry, as CosIng writes it ("(EU) 2019/1966"), or null. */
  amendedBy: z.string().nullable(),
  /**
   * prohibited: Annex II, unconditional. conditional: Annex II limited to a use or grade.
   * structured: sub-conditions read with confidence. unstructured: free text kept in `raw`.
   * labelling: an Annex III entry that only obliges the label (fragrance allergens).
   */
  status: z.enum(['prohibited', 'conditional', 'structured', 'unstructured', 'labelling']),
  items: z.array(ItemSchema),
  /** Annex II: the entries of the other annexes that permit the same substance (by CAS, EC or name). */
  liftedBy: z.array(z.string()),
  /** Annex IV: the colour ("Green"), which picks alternatives; null elsewhere. */
  colour: z.string().nullable(),
  /** Annex IV: the field of application. */
  field: z.enum(['all', 'rinse_off', 'not_eye', 'not_mucous']).nullable(),
  /** The free text, for conditional and unstructured entries. */
  raw: z.string().nullable(),
});
export type Entry = z.infer<typeof EntrySchema>;

export const RegulatoryPackSchema = z.strictObject({
  version: z.string().min(1),
  source: z.string().min(1),
  regulation: z.string().min(1),
  vintage: z.string(),
  files: z.record(z.string(), z.strictObject({ file: z.string(), sha256: z.string(), vintage: z.string() })),
  note: z.string(),
  coverage: z.record(z.string(), z.record(z.string(), z.number())),
  entries: z.array(EntrySchema),
});
export type RegulatoryPackJson = z.infer<typeof RegulatoryPackSchema>;

export interface RegulatoryPack extends RegulatoryPackJson {
  byRef: ReadonlyMap<string, Entry>;
  /** Every entry by its INCI names, its substance's name variants, CAS and EC numbers (names.ts). */
  nameIndex: NameIndex;
}

export function compileRegulatoryPack(raw: unknown): RegulatoryPack {
  const r = RegulatoryPackSchema.safeParse(raw);
  if (!r.success) {
    const where = r.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(pack)'}: ${i.message}`).join('; ');
    throw new Error(`invalid regulatory pack: ${where}`);
  }
  const nameIndex = buildNameIndex(
    r.data.entries.map((e) => ({ key: e.ref, names: e.names.filter((n) => !splitFragment(e, n)), substance: e.substance, numbers: [...casNumbersIn(e.cas), ...ecNumbersIn(e.ec)] })),
  );
  return { ...r.data, byRef: new Map(r.data.entries.map((e) => [e.ref, e])), nameIndex };
}

/**
 * The entries a name the ingredient library does not hold stands for, by what the pack itself
 * holds: an INCI name, a variant of the substance's name, or a CAS or EC number given as the name.
 * Whole names only (see names.ts); empty when the pack names nothing so.
 */
export function entriesNamed(pack: RegulatoryPack, name: string): Entry[] {
  return lookupName(pack.nameIndex, name).map((ref) => pack.byRef.get(ref) as Entry);
}

export const EU_ANNEXES: RegulatoryPack = compileRegulatoryPack(euAnnexesJson);
