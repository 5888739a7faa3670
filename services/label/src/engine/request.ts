/**
 * The body of POST /inci/label (and the inci_label MCP tool). Strict: an unknown field is an
 * error with its path, so a misspelt `prodcutType` is not silently ignored.
 */
import { z } from 'zod';
import { ARCHITECTURES, LinesSchema, parseWith, type Line, type Parsed } from '@svc/formula';

export const MODES = ['label', 'composition'] as const;
export const MARKETS = ['eu', 'us'] as const;
export const PRODUCT_TYPES = ['leave_on', 'rinse_off'] as const;

export type Mode = (typeof MODES)[number];
export type Market = (typeof MARKETS)[number];
export type ProductType = (typeof PRODUCT_TYPES)[number];

const required = (what: string) => (iss: { input: unknown }) => (iss.input === undefined ? 'is required' : what);

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: required(`must be one of ${values.join(', ')}`) });

export const NbPctSchema = z
  .number({ error: required('must be a number') })
  .refine((v) => Number.isFinite(v) && v > 0 && v <= 100, { message: 'must be greater than 0 and at most 100 (% of the finished product)' });

export const PhSchema = z
  .number({ error: 'must be a number' })
  .refine((v) => Number.isFinite(v) && v >= 0 && v <= 14, { message: 'must be between 0 and 14' });

export const LabelRequestSchema = z.strictObject(
  {
    variant: oneOf(ARCHITECTURES),
    nbPct: NbPctSchema,
    lines: z.custom<unknown>((v) => v !== undefined, { message: 'is required' }).pipe(LinesSchema),
    mode: oneOf(MODES).default('label'),
    market: oneOf(MARKETS).default('eu'),
    productType: oneOf(PRODUCT_TYPES).default('leave_on'),
    // Accepted so that one formula body serves every route; the label does not depend on pH.
    ph: PhSchema.optional(),
  },
  { error: 'must be a JSON object' },
);

export interface LabelRequest {
  variant: (typeof ARCHITECTURES)[number];
  nbPct: number;
  lines: Line[];
  mode: Mode;
  market: Market;
  productType: ProductType;
  ph?: number | undefined;
}

export function parseLabelRequest(input: unknown): Parsed<LabelRequest> {
  return parseWith(LabelRequestSchema as unknown as z.ZodType<LabelRequest>, input);
}
