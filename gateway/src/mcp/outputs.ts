/**
 * The tools' output schemas: the REST answers' documented fields, as zod. They are open objects
 * (extra fields pass) because a tool returns exactly what its REST twin returns; they state what a
 * model can rely on. Every tool may instead return the error body (with isError: true).
 */
import { z } from 'zod';

const Usage = z.looseObject({}).nullable().optional().describe('The account\'s runs this month (present on keyed answers).');
const Unmatched = z.array(z.object({ n: z.string(), suggestions: z.array(z.string()) })).describe('Names the library could not resolve, with suggestions.');

/** The error envelope of every refusal, REST and MCP alike. */
export const ErrorBody = z.object({
  error: z.looseObject({ code: z.string().describe('Stable error code, e.g. invalid_request, unauthorized, protected_ip, rate_limited'), message: z.string() }),
  request_id: z.string(),
});

export const OUTPUTS: Record<string, z.ZodType> = {
  svc_primer: z.object({ primer: z.string().describe('The primer, as Markdown.') }),
  svc_knowledge: z.looseObject({
    packVersion: z.string(),
    source: z.string(),
    answers: z.array(z.object({ id: z.string(), title: z.string(), text: z.string(), source: z.string() })),
    usage: Usage,
  }),
  search_ingredients: z.looseObject({ total: z.number(), results: z.array(z.looseObject({})).max(10), usage: Usage }),
  check_formula: z.looseObject({
    verdict: z.string(),
    categories: z.array(z.looseObject({})),
    remedies: z.array(z.looseObject({})),
    maxLoads: z.record(z.string(), z.number()),
    lines: z.array(z.looseObject({})),
    unmatched: Unmatched,
    usage: Usage,
  }),
  submit_ingredient: z.looseObject({ merged: z.boolean(), usage: Usage }),
  preservation_check: z.looseObject({
    selfPreserved: z.boolean(),
    topUp: z.looseObject({ needed: z.boolean() }),
    reasons: z.array(z.looseObject({})),
    caps: z.array(z.looseObject({})),
    advice: z.array(z.string()),
    unmatched: Unmatched,
    usage: Usage,
  }),
  inci_label: z.looseObject({ mode: z.enum(['label', 'composition']), unmatched: Unmatched, usage: Usage }),
  account_status: z.looseObject({ company: z.string(), tier: z.string(), runsUsed: z.number(), runsLimit: z.number().nullable(), termsVersion: z.string() }),
};
