/**
 * The body of POST /check (spec 2.2, domain.md 2). The spec declares no field required; we
 * require all four, because a verdict without an architecture, a chassis share, a pH or lines
 * would be a guess, and a guess presented as a verdict is worse than a clear 400.
 */
import { z } from 'zod';
import { ARCHITECTURES, LinesSchema, type Architecture, type Line } from './line';
import { CHECK_MARKETS, PRODUCT_TYPES, ProductSchema, type CheckMarket, type ProductInput, type ProductType } from './product';

/** zod calls the error function for a missing key too; tell the caller which of the two it was. */
export const required = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is required' : message;

export const BasePctSchema = z
  .number({ error: required('must be a number') })
  .refine((v) => v > 0 && v <= 100, { message: 'must be greater than 0 and at most 100 (% of the finished product)' });

export const PhSchema = z
  .number({ error: required('must be a number') })
  .refine((v) => v >= 0 && v <= 14, { message: 'must be between 0 and 14' });

export const ArchitectureSchema = z.enum(ARCHITECTURES, {
  error: required(`must be one of ${ARCHITECTURES.join(', ')}`),
});

export const CheckRequestSchema = z.strictObject(
  {
    base: ArchitectureSchema,
    basePct: BasePctSchema,
    ph: PhSchema,
    // LinesSchema's own message covers wrong types; a missing key deserves "is required".
    lines: z.unknown().superRefine((v, ctx) => {
      if (v === undefined) ctx.addIssue({ code: 'custom', message: 'is required' });
    }).pipe(LinesSchema),
    productType: z.enum(PRODUCT_TYPES, { error: `must be one of ${PRODUCT_TYPES.join(', ')}` }).optional(),
    product: ProductSchema.optional(),
    market: z.enum(CHECK_MARKETS, { error: `must be one of ${CHECK_MARKETS.join(', ')}` }).optional(),
    repair: z.boolean({ error: 'must be true or false' }).optional(),
  },
  { error: required('must be a JSON object {base, basePct, ph, lines}') },
);

/** A validated /check body. The engine trusts this shape and never re-validates it. */
export interface CheckRequest {
  base: Architecture;
  /** The chassis' share of the finished product, % w/w, in (0, 100]. */
  basePct: number;
  ph: number;
  lines: Line[];
  /** Leave-on (assumed when absent) or rinse-off. */
  productType?: ProductType;
  /** Where and how the product is used; absent fields take PRODUCT_DEFAULTS. */
  product?: ProductInput;
  /** The market whose rules are screened; `eu` when absent. */
  market?: CheckMarket;
  /** Also return the formula with every remedy applied, checked again. */
  repair?: boolean;
}

// Keeps the hand-written interface (which reads better in signatures) honest against the schema.
type Parsed = z.output<typeof CheckRequestSchema>;
const _sameShape: (p: Parsed) => CheckRequest = (p) => p;
void _sameShape;
