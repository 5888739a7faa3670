/**
 * The body of POST /ai/preservation (and the preservation_check MCP tool). Strict: an unknown
 * field is an error with its path.
 */
import { z } from 'zod';
import { ARCHITECTURES, LinesSchema, parseWith, type Line, type Parsed } from '@svc/formula';

export const PRODUCT_TYPES = ['leave_on', 'rinse_off'] as const;
/** Only the EU's Annex V is reviewed; other markets are refused rather than answered with EU law. */
export const MARKETS = ['eu'] as const;

export type ProductType = (typeof PRODUCT_TYPES)[number];
export type Market = (typeof MARKETS)[number];

const required = (what: string) => (iss: { input: unknown }) => (iss.input === undefined ? 'is required' : what);

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: required(values.length === 1 ? `must be ${values[0]} (the only market supported)` : `must be one of ${values.join(', ')}`) });

export const PreservationRequestSchema = z.strictObject(
  {
    variant: oneOf(ARCHITECTURES),
    nbPct: z
      .number({ error: required('must be a number') })
      .refine((v) => Number.isFinite(v) && v > 0 && v <= 100, { message: 'must be greater than 0 and at most 100 (% of the finished product)' }),
    lines: z.custom<unknown>((v) => v !== undefined, { message: 'is required' }).pipe(LinesSchema),
    ph: z
      .number({ error: 'must be a number' })
      .refine((v) => Number.isFinite(v) && v >= 0 && v <= 14, { message: 'must be between 0 and 14' })
      .optional(),
    productType: oneOf(PRODUCT_TYPES).default('leave_on'),
    market: oneOf(MARKETS).default('eu'),
  },
  { error: 'must be a JSON object' },
);

export interface PreservationRequest {
  variant: (typeof ARCHITECTURES)[number];
  nbPct: number;
  lines: Line[];
  ph?: number | undefined;
  productType: ProductType;
  market: Market;
}

export function parsePreservationRequest(input: unknown): Parsed<PreservationRequest> {
  return parseWith(PreservationRequestSchema as unknown as z.ZodType<PreservationRequest>, input);
}
