/**
 * The bodies of POST /ai/preservation and POST /inci/label (domain.md 3 and 4), shared by the
 * gateway (validation at the edge, 400 naming the field) and the services (defence in depth).
 * Strict: an unknown field is an error with its path, so a misspelt `prodcutType` is not ignored.
 */
import { z } from 'zod';
import { ArchitectureSchema, BasePctSchema, PhSchema, required } from './check-request';
import { LinesSchema } from './line';
import { PRODUCT_TYPES, ProductSchema } from './product';
import { parseWith, type Parsed } from './validate';

export const MODES = ['label', 'composition'] as const;
export const LABEL_MARKETS = ['eu', 'us'] as const;
/** Only the EU's Annex V is reviewed; other markets are refused rather than answered with EU law. */
export const PRESERVATION_MARKETS = ['eu'] as const;

export type Mode = (typeof MODES)[number];
export type LabelMarket = (typeof LABEL_MARKETS)[number];
export type PreservationMarket = (typeof PRESERVATION_MARKETS)[number];

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: required(values.length === 1 ? `must be ${values[0]} (the only value supported)` : `must be one of ${values.join(', ')}`) });

/** nbPct is the same quantity as basePct on /check: the chassis' share of the finished product. */
export const NbPctSchema = BasePctSchema;

const requiredLines = z.unknown().superRefine((v, ctx) => {
  if (v === undefined) ctx.addIssue({ code: 'custom', message: 'is required' });
}).pipe(LinesSchema);

const formulaFields = {
  variant: ArchitectureSchema,
  nbPct: NbPctSchema,
  lines: requiredLines,
  productType: oneOf(PRODUCT_TYPES).default('leave_on'),
};

export const PreservationRequestSchema = z.strictObject(
  { ...formulaFields, ph: PhSchema.optional(), market: z.enum(PRESERVATION_MARKETS, { error: required('must be eu (the only market supported)') }).default('eu') },
  { error: required('must be a JSON object {variant, nbPct, lines}') },
);

export const LabelRequestSchema = z.strictObject(
  {
    ...formulaFields,
    mode: oneOf(MODES).default('label'),
    market: oneOf(LABEL_MARKETS).default('eu'),
    // Accepted so that one formula body serves every route; the label does not depend on pH.
    ph: PhSchema.optional(),
    // Which annex warnings the label prints depends on the product (issue 29).
    product: ProductSchema.optional(),
  },
  { error: required('must be a JSON object {variant, nbPct, lines}') },
);

/** What a valid body becomes, defaults applied: the types are the schemas' own. */
export type PreservationRequest = z.output<typeof PreservationRequestSchema>;
export type LabelRequest = z.output<typeof LabelRequestSchema>;

export const parsePreservationRequest = (input: unknown): Parsed<PreservationRequest> => parseWith(PreservationRequestSchema, input);

export const parseLabelRequest = (input: unknown): Parsed<LabelRequest> => parseWith(LabelRequestSchema, input);
