/**
 * The classifier's data pack: versioned, with its source, validated once at load. The words live
 * in data, not code, so a new paraphrase is a data change with its own test case.
 */
import { z } from 'zod';
import packJson from '../data/screening-pack.json';

export const GROUPS = [
  'target',
  'composition',
  'amount',
  'processing',
  'processingWeak',
  'equipment',
  'extraction',
  'userAction',
  'ownFormula',
  'ownProcess',
  'supplierSide',
  'roleClaim',
  'confirm',
  'ingredients',
  'inChassis',
  'share',
  'ingredientWord',
  'supplierName',
  'holds',
  'labelling',
  'supplierOf',
  'selfIs',
  'reveal',
  'system',
  'chassisShare',
  'seek',
  'seekStrong',
  'allowedTopic',
  'product',
  'ownPlant',
  'commerce',
  'byMass',
  'claimClass',
  'whole',
  'duration',
  'property',
  'versus',
  'namesAsked',
  'noAmount',
  'ranked',
  'fullRecipe',
  'cloneWord',
  'exactEach',
  'pointsDiff',
  'compareOther',
  'splitWord',
  'phaseWord',
  'ownEquipment',
  'origin',
  'processDetail',
  'dosageOwn',
  'reformulate',
  'certBody',
  'ownRegistration',
  'madeWord',
  'copyVerb',
  'ownLab',
  'moreOrLess',
  'fromChassis',
  'published',
  'narrow',
  'estimateWord',
  'thirdParty',
  'envelope',
  'subtract',
  'coa',
  'yourFormula',
  'regulation',
  'advise',
  'architecture',
  'animalTesting',
  'belowOnePercent',
  'worksIn',
  'soChassisHas',
  'batchRecord',
  'dilutedChassis',
  'chassisLine',
  'ownSupplier',
  'labelOrder',
  'actually',
  'bandAsked',
  'defineWord',
  'bandMethod',
  'bandNoun',
  'meaningWord',
  'unpublished',
  'emulsifyWord',
  'approx',
  'research',
  'chassisPhase',
  'mostWord',
] as const;
export type Group = (typeof GROUPS)[number];

/**
 * One row of the decision table: it applies when the text uses every group of `all`, at least one of
 * `any` (when given) and none of `none`. Rows are read in order and the first that applies decides;
 * an `allow` row is a published exception (the formulator's own process), not a gap.
 */
const RuleSchema = z
  .strictObject({
    id: z.string().regex(/^screen\.[a-z_]+$/),
    decision: z.enum(['refuse', 'borderline', 'allow']),
    all: z.array(z.enum(GROUPS)).optional(),
    any: z.array(z.enum(GROUPS)).min(1).optional(),
    none: z.array(z.enum(GROUPS)).optional(),
    /**
     * An allow row only: the groups of the whole text that a clause is read with. A clause refused on
     * its own ("will the base's components be listed separately?") is not the text's refusal when,
     * with these groups of the whole text ("build my INCI label"), this row decides it.
     */
    context: z.array(z.enum(GROUPS)).min(1).optional(),
  })
  .refine((r) => (r.all?.length ?? 0) + (r.any?.length ?? 0) > 0, { message: 'a rule needs all or any' })
  .refine((r) => !r.context || r.decision === 'allow', { message: 'only an allow row reads a clause in context' });

export const ScreeningPackSchema = z.strictObject({
  version: z.string().regex(/^\d{4}\.\d{1,2}\.\d+$/),
  source: z.string().min(20),
  groups: z.strictObject(Object.fromEntries(GROUPS.map((g) => [g, z.array(z.string().min(1)).min(1)])) as Record<Group, z.ZodArray<z.ZodString>>),
  rules: z.array(RuleSchema).min(1),
  /**
   * Words that mean one thing in one language and another elsewhere (Polish "ma" is "has", French
   * "ma" is "my"): in a text that uses at least two of a language's marker words, each listed word is
   * read as its replacement before any term is looked up.
   */
  readings: z
    .array(
      z.strictObject({
        lang: z.string().regex(/^[a-z]{2}$/),
        markers: z.array(z.string().regex(/^[a-z]+$/)).min(2),
        words: z.record(z.string().regex(/^[a-z]+$/), z.string().regex(/^[a-z]+$/)),
      }),
    )
    .default([]),
});

export type ScreeningPack = z.infer<typeof ScreeningPackSchema>;
export type Rule = z.infer<typeof RuleSchema>;

export const SCREENING_PACK: ScreeningPack = ScreeningPackSchema.parse(packJson);
