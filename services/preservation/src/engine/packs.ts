/**
 * The preservation service's data packs, validated once at module load: reviewed Annex V limits,
 * the heuristics of preservation-rules.json, the water-activity constants, and the disclosure
 * bands (the one pack in @svc/chassis, shared with the label).
 */
import { z } from 'zod';
import { ARCHITECTURES, normaliseName } from '@svc/formula';
import { DISCLOSURE_BANDS, type BandsPack } from '@svc/chassis';
import annexJson from '../data/annex-v.json';
import rulesJson from '../data/preservation-rules.json';
import awJson from '../data/water-activity.json';

export const DEFAULT_BANDS: BandsPack = DISCLOSURE_BANDS;

const Limit = z.object({ max: z.number().positive().nullable(), text: z.string().min(1) });

const AnnexEntrySchema = z.object({
  ref: z.string().regex(/^V\/\d+[a-z]?$/),
  substance: z.string(),
  members: z.array(z.object({ n: z.string().min(1), asAcid: z.number().positive().max(1).optional(), ester: z.string().optional() })).min(1),
  basis: z.string().nullable(),
  limits: z.object({ leave_on: Limit, rinse_off: Limit }),
  perEster: z.number().positive().optional(),
  dualUse: z.boolean(),
  cationic: z.boolean(),
  isothiazolinone: z.boolean(),
  organicAcid: z.object({ pKa: z.number(), efficacyPhMax: z.number() }).nullable(),
});

const AnnexPackSchema = z.object({
  version: z.string().min(1),
  source: z.literal('European Commission, CosIng'),
  vintage: z.string().min(1),
  entries: z.array(AnnexEntrySchema).min(1),
  groups: z.array(z.object({ id: z.string(), refs: z.array(z.string()).min(2), max: z.number().positive(), text: z.string() })),
  prohibited: z.array(z.object({ n: z.string(), ref: z.string(), text: z.string() })),
});

export type AnnexEntry = z.infer<typeof AnnexEntrySchema>;
export type AnnexGroup = z.infer<typeof AnnexPackSchema>['groups'][number];

export interface AnnexPack {
  version: string;
  vintage: string;
  byRef: ReadonlyMap<string, AnnexEntry>;
  /** Normalised INCI → its entry and member facts. */
  memberOf: ReadonlyMap<string, { entry: AnnexEntry; asAcid: number | undefined; ester: string | undefined }>;
  groups: readonly AnnexGroup[];
  prohibited: ReadonlyMap<string, { ref: string; text: string }>;
}

export function parseAnnex(raw: unknown): AnnexPack {
  const p = AnnexPackSchema.parse(raw);
  const byRef = new Map(p.entries.map((e) => [e.ref, e]));
  const memberOf = new Map<string, { entry: AnnexEntry; asAcid: number | undefined; ester: string | undefined }>();
  for (const e of p.entries) {
    for (const m of e.members) {
      const key = normaliseName(m.n);
      if (memberOf.has(key)) throw new Error(`annex-v pack: ${m.n} is listed in two entries`);
      memberOf.set(key, { entry: e, asAcid: m.asAcid, ester: m.ester });
    }
  }
  for (const g of p.groups) for (const r of g.refs) if (!byRef.has(r)) throw new Error(`annex-v pack: group ${g.id} names unknown entry ${r}`);
  return {
    version: p.version,
    vintage: p.vintage,
    byRef,
    memberOf,
    groups: p.groups,
    prohibited: new Map(p.prohibited.map((x) => [normaliseName(x.n), { ref: x.ref, text: x.text }])),
  };
}

export const ANNEX_V: AnnexPack = parseAnnex(annexJson);

const Agent = z.object({ typical: z.number().positive(), bacteria: z.number().min(0).max(1), fungi: z.number().min(0).max(1) });
const perVariant = z.object(Object.fromEntries(ARCHITECTURES.map((a) => [a, z.number().positive()])) as Record<(typeof ARCHITECTURES)[number], z.ZodNumber>);

const RulesSchema = z.object({
  version: z.string().min(1),
  lowRisk: z.object({ phBelow: z.number(), phAbove: z.number(), alcoholAbove: z.number(), awBelow: z.number() }),
  hurdles: z.object({ acidicPhAtOrBelow: z.number(), alkalinePhAtOrAbove: z.number(), alcoholAtOrAbove: z.number(), awBelow: z.number() }),
  organicAcidPhMax: z.number(),
  efficacy: z.object({
    boosterCap: z.number().positive(),
    preservatives: z.record(z.string(), Agent),
    boosters: z.record(z.string(), Agent),
    alcohol: Agent,
  }),
  envelope: z.object({ PR: perVariant, BO: perVariant }),
  topUp: z
    .array(
      z.object({
        name: z.string().min(1),
        role: z.string().min(1),
        ref: z.string().optional(),
        booster: z.string().optional(),
        c: z.enum(['PR', 'BO', 'CH']),
      }),
    )
    .min(1),
});

export type Rules = z.infer<typeof RulesSchema>;
export type TopUpCandidate = Rules['topUp'][number];
export type AgentEfficacy = z.infer<typeof Agent>;

export function parseRules(raw: unknown, annex: AnnexPack = ANNEX_V): Rules {
  const r = RulesSchema.parse(raw);
  for (const ref of Object.keys(r.efficacy.preservatives)) if (!annex.byRef.has(ref)) throw new Error(`preservation rules: efficacy names unknown entry ${ref}`);
  for (const t of r.topUp) if (t.ref && !annex.byRef.has(t.ref)) throw new Error(`preservation rules: top-up ${t.name} names unknown entry ${t.ref}`);
  return r;
}

export const RULES: Rules = parseRules(rulesJson);

const Solute = z.union([
  z.strictObject({ M: z.number().positive(), K: z.number().min(0) }),
  z.strictObject({ M: z.number().positive(), nu: z.number().int().positive() }),
]);

const AwSchema = z.object({ version: z.string(), waterMolarMass: z.number().positive(), solutes: z.record(z.string(), Solute) });

export interface AwPack {
  version: string;
  waterMolarMass: number;
  solutes: ReadonlyMap<string, { M: number; K: number } | { M: number; nu: number }>;
}

export function parseAw(raw: unknown): AwPack {
  const p = AwSchema.parse(raw);
  return { version: p.version, waterMolarMass: p.waterMolarMass, solutes: new Map(Object.entries(p.solutes).map(([k, v]) => [normaliseName(k), v])) };
}

export const WATER_ACTIVITY: AwPack = parseAw(awJson);
