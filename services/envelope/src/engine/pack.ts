/**
 * The capacity data pack: maximum loads per architecture and the few numbers the rules read.
 * The numbers belong to the chassis supplier and change without a release, so they live in
 * `../data/capacity-pack.json`; this module only validates the file once and lays it out for the
 * hot path (arrays indexed by category, sets instead of lists).
 */
import { z } from 'zod';
import { ARCHITECTURES, CATEGORY_CODES, type Architecture, type Category } from '@svc/formula';
import rawPack from '../data/capacity-pack.json';

const categoryCode = z.enum(CATEGORY_CODES as [Category, ...Category[]]);
const positive = z.number().positive();

const MaxSchema = z.union([z.strictObject({ perBase: positive }), z.strictObject({ abs: positive })]);

const ArchitecturePackSchema = z.object({
  label: z.string(),
  ph: z.object({ min: z.number(), max: z.number() }).refine((r) => r.min < r.max, 'ph.min must be below ph.max'),
  verifyBand: z.number().nonnegative(),
  max: z.partialRecord(categoryCode, MaxSchema),
});

export const CapacityPackSchema = z.object({
  pack: z.literal('envelope-capacity'),
  version: z.string().min(1),
  source: z.string().min(1),
  nearShare: z.number().gt(0).lte(1),
  alcoholVerifyShare: z.number().gt(0).lte(1),
  ionicPair: z.object({
    limit: z.number().nonnegative(),
    anionicCategories: z.array(categoryCode),
    cationicCategories: z.array(categoryCode),
  }),
  loads: z.object({
    alsoCounts: z.array(z.object({ from: categoryCode, into: categoryCode, exceptInci: z.array(z.string()) })),
    asAcidCategories: z.array(categoryCode),
    electrolyte: z.object({
      weightByValence: z.record(z.string().regex(/^[1-9]$/), positive),
      defaultValence: z.number().int().positive(),
    }),
  }),
  architectures: z.object({ classic: ArchitecturePackSchema, luxe: ArchitecturePackSchema, clinical: ArchitecturePackSchema }),
  organicAcidPreservatives: z.object({
    categories: z.array(categoryCode),
    acids: z.array(
      z.object({ acid: z.string(), pKa: z.number(), efficacyPhMax: z.number(), members: z.array(z.string()).min(1) }),
    ),
  }),
});
export type CapacityPackJson = z.infer<typeof CapacityPackSchema>;

/** Category codes in the one order every array of the engine uses. */
export const CATS: readonly Category[] = CATEGORY_CODES;
export const CAT_INDEX: ReadonlyMap<string, number> = new Map(CATS.map((c, i) => [c, i]));
const OT = CAT_INDEX.get('OT') ?? CATS.length - 1;
/** Unknown codes from a newer library land in OT (other) rather than breaking a check. */
export const catIndex = (c: string): number => CAT_INDEX.get(c) ?? OT;

export interface ArchitectureCaps {
  name: Architecture;
  label: string;
  phMin: number;
  phMax: number;
  verifyBand: number;
  /** Per category index: the factor of basePct, or 0 when the maximum is absolute or absent. */
  perBase: Float64Array;
  /** Per category index: the absolute maximum, or 0 when it scales with basePct or is absent. */
  abs: Float64Array;
  /** Indices of the categories that have a maximum, in the pack's table order. */
  capped: number[];
}

export interface OrganicAcid {
  acid: string;
  pKa: number;
  efficacyPhMax: number;
}

export interface EnvelopePack {
  id: string;
  version: string;
  source: string;
  nearShare: number;
  alcoholVerifyShare: number;
  ionicLimit: number;
  anionicCat: boolean[];
  cationicCat: boolean[];
  /** Per category index: the category it also loads (organic UV filters into EM), or -1. */
  alsoInto: Int8Array;
  alsoExcept: ReadonlySet<string>[];
  asAcidCat: boolean[];
  elWeights: ReadonlyMap<number, number>;
  elDefaultValence: number;
  elMaxWeight: number;
  organicAcidCat: boolean[];
  organicAcids: ReadonlyMap<string, OrganicAcid>;
  arch: Readonly<Record<Architecture, ArchitectureCaps>>;
}

/** Validates a pack file and lays it out for the engine. Throws with the failing path on bad data. */
export function compilePack(input: unknown): EnvelopePack {
  const p = CapacityPackSchema.parse(input);
  const n = CATS.length;
  const flags = (codes: readonly Category[]): boolean[] => CATS.map((c) => codes.includes(c));

  const alsoInto = new Int8Array(n).fill(-1);
  const alsoExcept: ReadonlySet<string>[] = CATS.map(() => new Set<string>());
  for (const a of p.loads.alsoCounts) {
    alsoInto[catIndex(a.from)] = catIndex(a.into);
    alsoExcept[catIndex(a.from)] = new Set(a.exceptInci.map((s) => s.toUpperCase()));
  }

  const elWeights = new Map<number, number>();
  for (const [v, w] of Object.entries(p.loads.electrolyte.weightByValence)) elWeights.set(Number(v), w);
  const highest = Math.max(...elWeights.keys());

  const organicAcids = new Map<string, OrganicAcid>();
  for (const a of p.organicAcidPreservatives.acids) {
    for (const m of a.members) organicAcids.set(m.toUpperCase(), { acid: a.acid, pKa: a.pKa, efficacyPhMax: a.efficacyPhMax });
  }

  const arch = {} as Record<Architecture, ArchitectureCaps>;
  for (const name of ARCHITECTURES) {
    const a = p.architectures[name];
    const perBase = new Float64Array(n);
    const abs = new Float64Array(n);
    const capped: number[] = [];
    for (const [code, m] of Object.entries(a.max)) {
      if (m === undefined) continue;
      const i = catIndex(code);
      if ('perBase' in m) perBase[i] = m.perBase;
      else abs[i] = m.abs;
      capped.push(i);
    }
    arch[name] = { name, label: a.label, phMin: a.ph.min, phMax: a.ph.max, verifyBand: a.verifyBand, perBase, abs, capped };
  }

  return {
    id: p.pack,
    version: p.version,
    source: p.source,
    nearShare: p.nearShare,
    alcoholVerifyShare: p.alcoholVerifyShare,
    ionicLimit: p.ionicPair.limit,
    anionicCat: flags(p.ionicPair.anionicCategories),
    cationicCat: flags(p.ionicPair.cationicCategories),
    alsoInto,
    alsoExcept,
    asAcidCat: flags(p.loads.asAcidCategories),
    elWeights,
    elDefaultValence: p.loads.electrolyte.defaultValence,
    elMaxWeight: elWeights.get(highest) ?? 1,
    organicAcidCat: flags(p.organicAcidPreservatives.categories),
    organicAcids,
    arch,
  };
}

/** Maximum load of category `cat` for this architecture and basePct; NaN when the category has none. */
export function maxOf(a: ArchitectureCaps, cat: number, basePct: number): number {
  const k = a.perBase[cat] ?? 0;
  if (k > 0) return k * basePct;
  const v = a.abs[cat] ?? 0;
  return v > 0 ? v : Number.NaN;
}

/** The pack shipped with this release. */
export const DEFAULT_PACK: EnvelopePack = compilePack(rawPack);
