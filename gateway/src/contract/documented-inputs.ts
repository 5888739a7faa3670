/**
 * The request schemas as JSON Schema can state them. The validating schemas (@svc/formula,
 * operations/inputs.ts) check with refinements and transforms so that each message names the
 * field and the form the caller meant; JSON Schema cannot see inside those, and would show a line
 * as `{}`. Each entry here states what such a schema accepts, as zod, and stands in for it in the
 * reference and the MCP tool schemas. gateway/test/contract.test.ts holds each pair to the same
 * verdicts on the boundary values, so the two cannot drift apart unnoticed.
 */
import { BasePctSchema, LineSchema, LinesSchema, MAX_INGREDIENTS, PhSchema } from '@svc/formula';
import { z } from 'zod';
import { Q_MAX, Q_MIN, SearchQuerySchema } from '../operations/inputs';

const Name = z.string().min(1).max(200).describe('An ingredient name: INCI, synonym, trade name or CAS number.');
const Pct = z.number().min(0).max(100).describe('% w/w of the finished product.');
const Nano = z.boolean().optional().describe('The ingredient is in nano form (labelled "(nano)").');

export const PlainLineDoc = z
  .strictObject({ n: Name, pct: Pct, nano: Nano })
  .meta({ id: 'PlainLine', title: 'An ingredient', description: 'One ingredient at its share of the finished product.', examples: [{ n: 'Glycerin', pct: 3 }] });

export const BlendLineDoc = z
  .strictObject({
    pct: Pct,
    blend: z
      .array(
        z.strictObject({
          n: Name,
          f: z
            .union([z.number().gt(0).max(1), z.literal('trace')])
            .describe('The fraction of the raw material, in (0, 1]; "trace" for a carry-over. The fractions sum to 1 within 0.01 (trace counts 0).'),
        }),
      )
      .min(1)
      .max(50),
    nano: Nano,
  })
  .meta({
    id: 'BlendLine',
    title: 'A raw material',
    description: 'A raw material of several ingredients: its share of the finished product and each component\'s fraction of it.',
    examples: [{ pct: 2, blend: [{ n: 'Aloe Barbadensis Leaf Juice', f: 0.995 }, { n: 'Potassium Sorbate', f: 'trace' }] }],
  });

export const LineDoc = z
  .union([PlainLineDoc, BlendLineDoc])
  .meta({ id: 'Line', description: 'A formula line: {n, pct} for an ingredient, or {pct, blend: [{n, f}]} for a raw material. Never both n and blend.' });

export const LinesDoc = z
  .array(LineDoc)
  .min(1)
  .max(200)
  .describe(`1 to 200 lines, at most ${MAX_INGREDIENTS} ingredients in all (blend components included). The chassis' share plus every line's pct totals 100 within 0.05.`);

export const BasePctDoc = z.number().gt(0).max(100).describe("The chassis' share of the finished product, % w/w, in (0, 100].");
export const PhDoc = z.number().min(0).max(14).describe('The pH of the finished product, 0 to 14.');

export const SearchQueryDoc = z.object({
  q: z.string().min(Q_MIN).max(Q_MAX).describe(`The text to search for: an INCI name, synonym, trade name or CAS number, ${Q_MIN} to ${Q_MAX} characters.`),
});

/** Each validating schema and the schema that documents it. */
export const DOCUMENTED = new Map<z.ZodType, z.ZodType>([
  [LineSchema, LineDoc],
  [LinesSchema, LinesDoc],
  [BasePctSchema, BasePctDoc],
  [PhSchema, PhDoc],
  [SearchQuerySchema, SearchQueryDoc],
]);
