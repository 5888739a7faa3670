/**
 * A formula line as callers send it (spec 2.1) and what it becomes once blends are expanded.
 * All percentages are % w/w of the finished product (domain.md section 0).
 */
import { z } from 'zod';
import { casCheckDigitOk, registryShape } from './registry-number';

export const ARCHITECTURES = ['classic', 'luxe', 'clinical'] as const;
export type Architecture = (typeof ARCHITECTURES)[number];

/** Below this share of the finished product a component is a carry-over, not a functional level. */
export const TRACE_LIMIT = 0.01;
/** basePct + Σ pct must reach 100 within this. */
export const BALANCE_TOLERANCE = 0.05;
/** The fractions of one blend must sum to 1 within this (trace components count 0). */
export const BLEND_TOLERANCE = 0.01;

export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The shape of the canary tokens a chassis file plants in its secret notes. Any caller text
 * holding a token of this shape is refused by its field on every deployment alike, so a refusal
 * never tells which tokens this deployment's chassis holds, and no answer can echo one.
 */
export const CANARY_SHAPE = /canary-[0-9a-z]+/i;
export const CANARY_MESSAGE = 'must not contain a reserved token of the form canary-…';

/** Ingredients in one formula, blend components included: bounds the work and the answer's size. */
export const MAX_INGREDIENTS = 1_000;

const name = z
  .string({ error: 'must be a string' })
  .refine((s) => s.trim().length >= 1, { message: 'must not be empty' })
  // A letter, or a bare CAS or EC number (registry-number.ts says why those two shapes are safe to echo).
  .refine((s) => s.trim().length === 0 || /\p{L}/u.test(s) || registryShape(s) !== null, { message: 'must be an ingredient name (it has no letter)' })
  .refine((s) => /\p{L}/u.test(s) || registryShape(s) !== 'cas' || casCheckDigitOk(s), { message: 'must be a valid CAS number (its check digit is wrong)' })
  .refine((s) => s.length <= 200, { message: 'must be at most 200 characters' })
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { message: 'must not contain control characters' })
  // A lone surrogate would be replaced by U+FFFD on the way through protobuf and stored changed.
  .refine((s) => !LONE_SURROGATE.test(s), { message: 'must be valid Unicode text' })
  .refine((s) => !CANARY_SHAPE.test(s), { message: CANARY_MESSAGE });

const pct = z
  .number({ error: 'must be a number' })
  .refine(Number.isFinite, { message: 'must be a finite number' })
  .refine((v) => v >= 0 && v <= 100, { message: 'must be between 0 and 100' });

export const BlendComponentSchema = z.strictObject({
  n: name,
  f: z.union([
    z.literal('trace'),
    z.number().refine((v) => Number.isFinite(v) && v > 0 && v <= 1, { message: 'must be a number in (0, 1] or "trace"' }),
  ], { error: 'must be a number in (0, 1] or "trace"' }),
});

// mayContain: a colourant of a shade range, listed on the label in the "[+/- ...]" group (Regulation (EC) No 1223/2009, Art. 19(1)(g)).
const mayContain = z.boolean({ error: 'must be true or false (a colourant of a shade range)' }).optional();
export const PlainLineSchema = z.strictObject({ n: name, pct, nano: z.boolean().optional(), mayContain });
export const BlendLineSchema = z.strictObject({
  pct,
  blend: z.array(BlendComponentSchema).min(1, 'must have at least 1 component').max(50, 'must have at most 50 components'),
  nano: z.boolean().optional(),
  mayContain,
});

export type BlendComponent = z.infer<typeof BlendComponentSchema>;
export type PlainLine = z.infer<typeof PlainLineSchema>;
export type BlendLine = z.infer<typeof BlendLineSchema>;
export type Line = PlainLine | BlendLine;

/**
 * A line is plain or a blend, told apart by the presence of `blend`, so that errors name the
 * field inside the form the caller meant rather than "matches neither form".
 */
export const LineSchema = z.unknown().transform((value, ctx): PlainLine | BlendLine => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    ctx.addIssue({ code: 'custom', message: 'must be an object {n, pct} or {pct, blend}' });
    return z.NEVER;
  }
  const isBlendForm = 'blend' in value;
  if (isBlendForm && 'n' in value) {
    ctx.addIssue({ code: 'custom', path: ['n'], message: 'a line is either {n, pct} or a raw material {pct, blend}, not both: put the name inside blend' });
    return z.NEVER;
  }
  const r = (isBlendForm ? BlendLineSchema : PlainLineSchema).safeParse(value);
  if (!r.success) {
    for (const issue of r.error.issues) {
      // Re-raised as custom issues, unknown keys would lose their names: give each key its own path.
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) ctx.addIssue({ code: 'custom', path: [...issue.path, key], message: 'unknown field' });
      } else {
        ctx.addIssue({ ...issue, code: 'custom', path: issue.path } as never);
      }
    }
    return z.NEVER;
  }
  if (isBlendForm) {
    const line = r.data as BlendLine;
    const sum = line.blend.reduce((s, b) => s + (b.f === 'trace' ? 0 : b.f), 0);
    const allTrace = line.blend.every((b) => b.f === 'trace');
    if (!allTrace && Math.abs(sum - 1) > BLEND_TOLERANCE) {
      ctx.addIssue({ code: 'custom', path: ['blend'], message: `fractions must sum to 1 within ${BLEND_TOLERANCE} (trace counts 0), got ${round(sum, 4)}` });
    }
  }
  return r.data;
});

export const LinesSchema = z
  .array(LineSchema, { error: 'must be an array of lines' })
  .min(1, 'must have at least 1 line')
  .max(200, 'must have at most 200 lines')
  .superRefine((lines, ctx) => {
    const n = lines.reduce((s, l) => s + ('blend' in l ? l.blend.length : 1), 0);
    if (n > MAX_INGREDIENTS) ctx.addIssue({ code: 'custom', message: `must hold at most ${MAX_INGREDIENTS} ingredients in all, blend components included (got ${n})` });
  });


export const isBlend = (line: Line): line is BlendLine => 'blend' in line;

/** One ingredient contribution once blends are opened. */
export interface Component {
  /** The name as written, trimmed. */
  n: string;
  /** Normalised lookup key (see normaliseName). */
  key: string;
  /** % of the finished product; 0 for trace. */
  pct: number;
  trace: boolean;
  /** Index of the caller's line it came from. */
  line: number;
  nano: boolean;
}

/**
 * Matching key for a name: case-insensitive, accents folded, spaces collapsed (domain.md 0).
 * Accents fold so that "Glycérine" finds the synonym GLYCERINE.
 */
export function normaliseName(raw: string): string {
  return raw
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toUpperCase();
}

/**
 * Word key: the normalised name with every run of punctuation turned into one space, framed by
 * spaces. " CAPRYLIC CAPRIC TRIGLYCERIDE " lets "capric" match as a word prefix (`LIKE '% CAPRIC%'`)
 * and "peg 100 stearate" find PEG-100 STEARATE, since callers rarely type INCI punctuation exactly.
 * The library resolves names by it, and the regulatory packs recognise names the same way.
 */
export function wordKey(raw: string): string {
  const words = normaliseName(raw)
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
  return words.length > 0 ? ` ${words} ` : '';
}

/** Opens every blend into its components, each carrying the index of its line. */
export function expandLines(lines: readonly Line[]): Component[] {
  const out: Component[] = [];
  lines.forEach((line, i) => {
    const nano = line.nano === true;
    if (!isBlend(line)) {
      out.push({ n: line.n.trim(), key: normaliseName(line.n), pct: line.pct, trace: false, line: i, nano });
      return;
    }
    for (const b of line.blend) {
      const trace = b.f === 'trace';
      out.push({ n: b.n.trim(), key: normaliseName(b.n), pct: trace ? 0 : line.pct * (b.f as number), trace, line: i, nano });
    }
  });
  return out;
}

/** basePct plus every line's pct; a balanced formula totals 100 within BALANCE_TOLERANCE. */
export function total(basePct: number, lines: readonly Line[]): number {
  return basePct + lines.reduce((s, l) => s + l.pct, 0);
}

export function isBalanced(basePct: number, lines: readonly Line[]): boolean {
  return Math.abs(total(basePct, lines) - 100) <= BALANCE_TOLERANCE + 1e-9;
}

/**
 * The warning an answer computed from an unbalanced formula carries (label, composition sheet,
 * preservation), where /check answers `adjust`: the figures are the caller's, as sent. Null when
 * the formula balances.
 */
export function balanceWarning(chassisPct: number, lines: readonly Line[], chassisField: 'basePct' | 'nbPct'): string | null {
  if (isBalanced(chassisPct, lines)) return null;
  const sum = total(chassisPct, lines);
  return `not_balanced: ${chassisField} plus the lines total ${round(sum, 4)} %, not 100 (within ${BALANCE_TOLERANCE}); this answer is computed from the amounts as sent, and /check answers adjust with a balance remedy`;
}

export function round(v: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}
