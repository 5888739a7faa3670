/**
 * What every operation answers, as zod schemas: the one place the response shapes are written.
 * The operation table names one of these per entry (`answer`), the API reference and the MCP tools'
 * output schemas are generated from them, and the end-to-end suites validate every response they
 * receive against the reference built from them. A field an engine adds is added here too, or the
 * suites fail.
 *
 * The answer objects are closed (no field beyond those listed): a reference that lists fewer
 * fields than the service sends is the drift this module exists to stop.
 */
import { AREAS, ARCHITECTURES, CATEGORIES, CHECK_MARKETS, PRODUCT_TYPES, REMEDY_ACTIONS, SUBMISSION_STATUSES } from '@svc/formula';
import { z } from 'zod';

/** The verdicts of POST /check (spec 2.3), in the order of their gravity. */
export const VERDICTS = ['compatible', 'compatible_verify', 'adjust'] as const;
/** A category's load against its published maximum. */
export const LOAD_STATUSES = ['ok', 'near', 'over'] as const;
/** A preservative against its Annex V entry. */
export const CAP_STATUSES = ['within', 'over_cap', 'not_permitted_for_product_type', 'prohibited'] as const;
export const CATEGORY_CODES = Object.keys(CATEGORIES) as [keyof typeof CATEGORIES, ...Array<keyof typeof CATEGORIES>];
export const TIERS = ['free', 'standard', 'unlimited'] as const;
/** Why a usage object could not be read, said in its place rather than dropped. */
export const USAGE_UNAVAILABLE = ['unknown_key', 'metering_unavailable'] as const;

const Timestamp = z.string().describe('An instant, ISO 8601 in UTC.');

// ---------------------------------------------------------------------------------------------
// usage (domain.md 6): on every answer given with a key, errors included

export const RunSchema = z
  .object({
    id: z.string(),
    opensAt: Timestamp,
    closesAt: Timestamp,
    calls: z.int().min(0).describe('Formula calls made in this run so far (spent, not reserved).'),
    callsLeft: z.int().min(0).describe('Formula calls this run still covers before the next one opens.'),
  })
  .meta({ id: 'Run', description: 'The open run: formula calls in the 60 minutes after it opened, up to 300.' });

export const UsageKnownSchema = z
  .object({
    month: z.string().describe('The metering month, YYYY-MM (UTC).'),
    runsUsed: z.int().min(0),
    runsLimit: z.int().min(0),
    runsLeft: z.int().min(0),
    run: RunSchema.nullable().describe('The open run, or null when none is open.'),
    overageRuns: z.int().min(0).describe('Runs past the limit this month (plans billed per further run).'),
  })
  .meta({ id: 'UsageKnown' });

export const UsageUnavailableSchema = z
  .object({
    unavailable: z.enum(USAGE_UNAVAILABLE).describe('unknown_key: the key names no account, so there is no meter to read; metering_unavailable: the meter could not be read just now (the call itself was answered).'),
    message: z.string(),
  })
  .meta({ id: 'UsageUnavailable' });

export const UsageSchema = z
  .union([UsageKnownSchema, UsageUnavailableSchema])
  .meta({ id: 'Usage', description: "The account's runs this month and its open run; or, where the meter cannot be read, why." });

// ---------------------------------------------------------------------------------------------
// standing on the strike ladder (GET /account, protected_ip)

export const StandingSchema = z
  .object({
    state: z.enum(['active', 'suspended', 'banned']),
    strikes_today: z.int().min(0).describe('protected_ip refusals counted this UTC day.'),
    of: z.int().min(1).describe('The warnings a UTC day holds before a suspension.'),
    suspended_until: Timestamp.nullable(),
    next_step: z.string().describe('What the next refusal would do, or when access returns.'),
  })
  .meta({ id: 'Standing', description: 'Where a subject stands on the strike ladder.' });

// ---------------------------------------------------------------------------------------------
// the error envelope

export const FieldProblemSchema = z.object({ field: z.string(), message: z.string() }).meta({ id: 'FieldProblem' });

export const ErrorSchema = z
  .object({
    error: z.looseObject({
      code: z.string().describe('A stable code, listed per status on each operation.'),
      message: z.string().describe('What went wrong, naming the field where there is one.'),
      field: z.string().optional().describe('The first field at fault, as a path such as lines[3].blend[1].f, or a header name.'),
      fields: z.array(FieldProblemSchema).optional().describe('Every field at fault (invalid_request).'),
      tell_your_user: z.string().optional().describe('With protected_ip: the sentence to show the end user.'),
      strike: z.int().nullable().optional().describe("With protected_ip: which strike of the UTC day this refusal is (null: it could not be counted just now)."),
      of: z.int().optional().describe('With protected_ip: the warnings a UTC day holds before a suspension.'),
      suspended_until: Timestamp.nullable().optional().describe('With protected_ip: when the suspension this refusal caused ends.'),
      standing: StandingSchema.nullable().optional().describe('With protected_ip: the standing after this refusal.'),
      until: Timestamp.optional().describe('With key_suspended: when the suspension ends.'),
      resetsAt: Timestamp.nullable().optional().describe('With quota_exhausted: when the monthly pool resets.'),
      limit: z.enum(['plan', 'operator']).optional().describe("With rate_limited: whose limit was reached, the plan's or the operator's."),
      supported: z.array(z.string()).optional().describe('With unsupported_version: the versions this service speaks.'),
      allowed: z.array(z.string()).optional().describe('With method_not_allowed: the methods of this path.'),
      usage: UsageSchema.nullable().optional(),
    }),
    request_id: z.string().nullable(),
    usage: UsageSchema.optional().describe('On every refusal of a request that carried a key.'),
  })
  .meta({ id: 'Error', description: 'The envelope of every refusal, REST and MCP alike.' });

// ---------------------------------------------------------------------------------------------
// formula answers

export const UnmatchedSchema = z
  .object({ n: z.string().describe('The name as sent.'), suggestions: z.array(z.string()).describe('Library names close to it.') })
  .meta({ id: 'Unmatched', description: 'A name the library could not resolve.' });

const LineChangeSchema = z
  .object({
    line: z.int().min(0).describe('Index of the line in the request.'),
    from: z.number(),
    to: z.number().describe('The most this line may hold, % of the finished product (0 removes it).'),
  })
  .meta({ id: 'LineChange' });

export const RemedySchema = z
  .object({
    code: z.string().describe('Stable code of the finding: load_over, ph_outside_window, not_balanced, prohibited, ...'),
    action: z.enum(REMEDY_ACTIONS),
    target: z.string().describe('A category code, an INCI name, ph, basePct, AQUA, anionic/cationic.'),
    from: z.number().nullable(),
    to: z
      .union([z.number(), z.object({ min: z.number(), max: z.number() }), z.array(z.string())])
      .nullable()
      .describe('reduce: the most the target may be; set_ph: the range; raise_base/lower_base: the new basePct; balance: 100; replace: alternatives; verify: null.'),
    message: z.string(),
    changes: z.array(LineChangeSchema).optional().describe('reduce, remove, separate: the lines to change, with their targets.'),
    ref: z.string().optional().describe('Regulatory remedies: the EU annex entry, such as II/1339 or III/98, or the US section, such as 21 CFR 700.13.'),
    regulation: z.string().optional().describe('Regulatory remedies: the regulation that set the rule.'),
  })
  .meta({ id: 'Remedy' });

export const ScreenedProductSchema = z
  .object({
    productType: z.enum(PRODUCT_TYPES),
    area: z.enum(AREAS).nullable().describe('null: not given, so every area stays possible.'),
    spray: z.boolean(),
    childrenUnder3: z.boolean(),
    professional: z.boolean(),
  })
  .meta({ id: 'ScreenedProduct', description: 'The product the check screened, with its defaults filled in.' });

/** A line as the repaired formula gives it back: the request's own two forms. */
const AnswerLineSchema = z.union([
  z.object({ n: z.string(), pct: z.number(), nano: z.boolean().optional(), mayContain: z.boolean().optional() }),
  z.object({ pct: z.number(), blend: z.array(z.object({ n: z.string(), f: z.number() })), nano: z.boolean().optional(), mayContain: z.boolean().optional() }),
]);

export const RepairedFormulaSchema = z
  .object({
    base: z.enum(ARCHITECTURES),
    basePct: z.number(),
    ph: z.number(),
    lines: z.array(AnswerLineSchema),
    productType: z.enum(PRODUCT_TYPES).optional(),
    product: z.object({ area: z.enum(AREAS).optional(), spray: z.boolean().optional(), childrenUnder3: z.boolean().optional(), professional: z.boolean().optional() }).optional(),
    market: z.enum(CHECK_MARKETS).optional(),
    verdict: z.enum(VERDICTS).describe('The verdict of checking this formula as it stands.'),
  })
  .meta({ id: 'RepairedFormula', description: 'With repair: true, the formula with every remedy applied: a /check body, plus its verdict.' });

export const CheckAnswerSchema = z
  .object({
    verdict: z.enum(VERDICTS),
    categories: z.array(
      z.object({
        code: z.enum(CATEGORY_CODES),
        name: z.string(),
        load: z.number().describe('% of the finished product.'),
        max: z.number().nullable(),
        share: z.number().nullable().describe('load / max (0.85 = 85 %).'),
        status: z.enum(LOAD_STATUSES),
      }),
    ),
    remedies: z.array(RemedySchema),
    maxLoads: z.partialRecord(z.enum(CATEGORY_CODES), z.number()).describe('The maximum load per category code, for this base and basePct.'),
    lines: z.array(
      z.object({
        n: z.string(),
        inci: z.string().nullable(),
        c: z.enum(CATEGORY_CODES).nullable(),
        pct: z.number(),
        matched: z.boolean(),
        line: z.int().min(0),
        trace: z.boolean(),
      }),
    ),
    unmatched: z.array(UnmatchedSchema),
    market: z.enum(CHECK_MARKETS).describe('The market whose rules the check applied.'),
    product: ScreenedProductSchema,
    assumed: z.array(z.string()).describe('The product fields the request left out, taken at their defaults.'),
    packVersion: z.string(),
    regulatoryVersion: z.string().describe('The version of the regulatory pack the formula was screened against.'),
    repaired: RepairedFormulaSchema.optional(),
    repairSteps: z
      .array(z.object({ step: z.int().min(1), verdict: z.enum(VERDICTS), applied: z.array(RemedySchema) }))
      .optional()
      .describe('With repair: true, what each step applied and the verdict after it.'),
    usage: UsageSchema,
  })
  .meta({ id: 'CheckAnswer' });

/** Remarks about the request itself, each starting with its code, such as `not_balanced:` for a formula that does not total 100. */
const RemarkSchema = z.string().describe('A remark about the request, starting with its code (not_balanced: ...).');
const RemarksSchema = z.array(RemarkSchema).optional().describe('What the answer assumed or could not check, such as a formula that does not total 100.');

export const LabelWarningSchema = z
  .object({
    ref: z.string().describe('The annex entry, such as III/2a.'),
    inci: z.string().describe('The ingredient the wording is for.'),
    text: z.array(z.string()).describe('The wording to print on the pack.'),
    regulation: z.string(),
  })
  .meta({ id: 'LabelWarning', description: 'Wording an Annex III or VI entry requires on the label of the product described.' });

export const PreservationAnswerSchema = z
  .object({
    selfPreserved: z.boolean(),
    topUp: z.object({ needed: z.boolean(), options: z.array(z.object({ name: z.string(), role: z.string() })) }),
    reasons: z.array(z.object({ code: z.string(), text: z.string() })),
    caps: z.array(z.object({ n: z.string(), ref: z.string(), status: z.enum(CAP_STATUSES), limit: z.string() })),
    advice: z.array(z.string()),
    unmatched: z.array(UnmatchedSchema),
    warnings: RemarksSchema,
    usage: UsageSchema,
  })
  .meta({ id: 'PreservationAnswer' });

const LabelModeSchema = z
  .object({
    mode: z.literal('label'),
    finished_inci: z.string().describe('The label, highest to lowest, never with amounts.'),
    ordered: z.array(z.string()),
    tail: z.array(z.string()).describe('The ingredients at or below 1 %, in any order.'),
    unmatched: z.array(UnmatchedSchema),
    warnings: z
      .array(z.union([LabelWarningSchema, RemarkSchema]))
      .describe('The annex wording to print beside the list (objects, Annex III before VI), then any remark about the request (strings, such as not_balanced: ...), which is not for the pack.'),
    mayContain: z.array(z.string()).describe('The colourants of a shade range, printed after the list as "may contain [+/-]".'),
    usage: UsageSchema,
  })
  .meta({ id: 'LabelAnswer' });

const CompositionModeSchema = z
  .object({
    mode: z.literal('composition'),
    composition: z.array(z.object({ name: z.string(), pct: z.number(), trace: z.literal(true).optional() })),
    composition_sheet: z.string().describe('The chassis as one line, with its percent.'),
    unmatched: z.array(UnmatchedSchema),
    warnings: RemarksSchema,
    usage: UsageSchema,
  })
  .meta({ id: 'CompositionAnswer' });

export const LabelAnswerSchema = z.discriminatedUnion('mode', [LabelModeSchema, CompositionModeSchema]);

// ---------------------------------------------------------------------------------------------
// library

export const EntrySchema = z
  .object({
    n: z.string().describe('The INCI name.'),
    c: z.enum(CATEGORY_CODES).describe('The envelope category.'),
    up: z.number().nullable().describe('The usual upper use level, % of the finished product, where known.'),
    fn: z.array(z.string()),
    cas: z.string().nullable(),
    refs: z.array(z.string()),
    allergen: z.boolean(),
    nano: z.boolean(),
  })
  .meta({ id: 'Entry', description: 'The public fields of a library entry.' });

export const SearchAnswerSchema = z.object({ total: z.int().min(0), results: z.array(EntrySchema).max(10), usage: UsageSchema }).meta({ id: 'SearchAnswer' });

export const MetaAnswerSchema = z
  .object({
    source: z.string(),
    cosingVintage: z.string(),
    annexVintage: z.string().nullable(),
    dataVersion: z.string(),
    overlayVersion: z.string(),
    categoryMapVersion: z.string(),
    ingredients: z.int(),
    names: z.int(),
    loadedAt: z.string(),
    usage: UsageSchema,
  })
  .meta({ id: 'MetaAnswer' });

export const SubmissionSchema = z
  .object({
    id: z.string(),
    inci: z.string(),
    cas: z.string().nullable(),
    functions: z.array(z.string()),
    note: z.string().nullable(),
    status: z.enum(SUBMISSION_STATUSES),
    times: z.int().min(1),
    reason: z.string().nullable(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'Submission' });

export const SubmitAnswerSchema = SubmissionSchema.extend({
  merged: z.boolean(),
  existing: z.string().nullable(),
  usage: UsageSchema,
}).meta({ id: 'SubmitAnswer' });

export const SubmissionListSchema = z
  .object({ submissions: z.array(SubmissionSchema), total: z.int().min(0), nextCursor: z.string().nullable(), usage: UsageSchema })
  .meta({ id: 'SubmissionList' });

export const KnowledgeAnswerSchema = z
  .object({
    packVersion: z.string(),
    source: z.string(),
    answers: z.array(z.object({ id: z.string(), title: z.string(), text: z.string(), source: z.string() })),
    hint: z.string().optional(),
    usage: UsageSchema,
  })
  .meta({ id: 'KnowledgeAnswer' });

// ---------------------------------------------------------------------------------------------
// account and seats

export const AccountAnswerSchema = z
  .object({
    company: z.string(),
    tier: z.enum(TIERS),
    plan: z.string(),
    paidThrough: z.string().nullable(),
    month: z.string(),
    runsUsed: z.int().min(0),
    runsLimit: z.int().min(0),
    termsVersion: z.string(),
    upgrade: z.object({ plan: z.string(), adds: z.string() }).nullable(),
    terms: z.string().describe('The address of the terms of service.'),
    standing: z
      .object({ account: StandingSchema, end_user: StandingSchema.extend({ id: z.string() }).nullable() })
      .nullable()
      .describe("The account's standing and that of the end user named in x-svc-user; null when it cannot be read just now."),
    usage: UsageSchema.nullable(),
  })
  .meta({ id: 'AccountAnswer' });

const Seats = { seatsUsed: z.int().min(0), seatsFree: z.int().min(0), seatLimit: z.int().min(0) };

export const SeatChangeAnswerSchema = z
  .union([
    z.object({ action: z.literal('enroll'), enrolled: z.array(z.string()), alreadyEnrolled: z.array(z.string()), ...Seats, usage: UsageSchema }),
    z.object({ action: z.literal('unenroll'), unenrolled: z.array(z.string()), notEnrolled: z.array(z.string()), ...Seats, usage: UsageSchema }),
  ])
  .meta({ id: 'SeatChangeAnswer' });

export const SeatListAnswerSchema = z
  .object({ users: z.array(z.string()), ...Seats, nextCursor: z.string().nullable(), usage: UsageSchema })
  .meta({ id: 'SeatListAnswer' });

export const KeyAnswerSchema = z
  .object({ key: z.string().describe('The new key, shown once.'), keyId: z.string(), message: z.string(), usage: UsageSchema })
  .meta({ id: 'KeyAnswer' });

// ---------------------------------------------------------------------------------------------
// public answers

export const HealthAnswerSchema = z.object({ status: z.literal('ok') });
/** The OpenAPI document itself: described by the OpenAPI 3.1 specification, not here. */
export const DocumentAnswerSchema = z.looseObject({ openapi: z.string() });

/** A JSON-RPC 2.0 error response, as the MCP transport answers a message it cannot take. */
export const JsonRpcErrorSchema = z
  .looseObject({ jsonrpc: z.literal('2.0'), id: z.union([z.string(), z.number(), z.null()]), error: z.looseObject({ code: z.int(), message: z.string() }) })
  .meta({ id: 'JsonRpcError' });

/** How a non-JSON answer is described: its media type and what it holds. */
export interface TextAnswer {
  type: 'text/markdown' | 'text/html' | 'text/javascript';
  description: string;
}

/** What an operation answers: a JSON schema, text, or something another transport writes. */
export type AnswerShape =
  | { json: z.ZodType; /** The success statuses, when not just 200. */ statuses?: readonly number[] }
  | { text: TextAnswer }
  | {
      /** Served by another transport (MCP, the OAuth flow): described, not schematised here. */
      other: string;
      /** The body of that transport's own refusals (JSON-RPC, RFC 6749), besides the error envelope. */
      errorBody?: z.ZodType;
    };
