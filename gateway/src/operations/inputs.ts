/** Input schemas that exist only at the edge (query strings, empty inputs); bodies come from @svc/formula. */
import { LONE_SURROGATE, normaliseName } from '@svc/formula';
import { z } from 'zod';

export const Q_MIN = 2;
export const Q_MAX = 100;

/** GET /lib/submissions: a page size of 1 to 100 (default 50) and the cursor of the previous page. */
export const PageQuerySchema = z.object({
  limit: z
    .string({ error: 'must be given once, as a whole number' })
    .regex(/^\d{1,3}$/, 'must be a whole number from 1 to 100')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 100, 'must be a whole number from 1 to 100')
    .optional(),
  cursor: z.string({ error: 'must be given once' }).regex(/^\d{1,18}$/, 'must be the nextCursor of an earlier page').optional(),
});

/**
 * No input at all: an operation that reads nothing from the request. Strict, so a tool caller that
 * sends arguments to such a tool learns they are not read (REST hands it nothing to refuse).
 */
export const NoInput = z.strictObject({});

/**
 * GET /lib/search?q=: one q of 2 to 100 characters, counted as searched (accents fold away, so "a"
 * with 99 combining marks is one letter). Other parameters are ignored, as caches add them.
 */
export const SearchQuerySchema = z
  .object({ q: z.unknown().optional() })
  .transform((v, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', path: ['q'], message });
      return z.NEVER;
    };
    if (v.q === undefined) return fail('is required: the text to search for (2 to 100 characters)');
    if (typeof v.q !== 'string') return fail('must be given once, as a string');
    const q = v.q.trim();
    if (q.length > Q_MAX) return fail(`must be at most ${Q_MAX} characters`);
    const key = normaliseName(q);
    if (key.length < Q_MIN) return fail(`must be at least ${Q_MIN} characters`);
    if (/[\u0000-\u001f\u007f]/.test(q)) return fail('must not contain control characters');
    if (LONE_SURROGATE.test(q)) return fail('must be valid Unicode text');
    return { q, key };
  });

export const SEAT_ACTIONS = ['enroll', 'unenroll'] as const;

/** Ids per enrolment request (spec section 8). */
export const USERS_PER_REQUEST = 500;

/**
 * POST /account/users: `{action, user}` or `{action, users: [...]}` (1 to 500 ids), nothing else.
 * The ids' shape (x-svc-user's rule) is checked after this, so that it answers `invalid_end_user`.
 */
export const SeatChangeSchema = z
  .strictObject({
    action: z.enum(SEAT_ACTIONS, { error: (issue) => (issue.input === undefined ? 'is required: "enroll" or "unenroll"' : 'is not a known action: the allowed values are "enroll" and "unenroll"') }),
    user: z.string({ error: 'must be a string: one end-user id' }).optional(),
    users: z
      .array(z.string({ error: 'must be a string: an end-user id' }), { error: 'must be an array of end-user ids' })
      .min(1, 'give at least one end-user id')
      .max(USERS_PER_REQUEST, `at most ${USERS_PER_REQUEST} ids per request`)
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.user === undefined && v.users === undefined) ctx.addIssue({ code: 'custom', path: ['users'], message: 'is required: give user (one id) or users (a list of ids)' });
    if (v.user !== undefined && v.users !== undefined) ctx.addIssue({ code: 'custom', path: ['user'], message: 'give either user or users, not both' });
  });

/** GET /account/users: a page of 1 to 500 ids (default 100) and the nextCursor of the previous page. */
export const SeatsPageQuerySchema = z.object({
  limit: z
    .string({ error: 'must be given once, as a whole number' })
    .regex(/^\d{1,3}$/, 'must be a whole number from 1 to 500')
    .transform(Number)
    .refine((n) => n >= 1 && n <= USERS_PER_REQUEST, 'must be a whole number from 1 to 500')
    .optional(),
  cursor: z.string({ error: 'must be given once' }).regex(/^[A-Za-z0-9_-]{1,200}$/, 'must be the nextCursor of an earlier page').optional(),
});

/** POST /ai/knowledge (svc_knowledge): one question about formulating, 3 to 500 characters of text. */
export const KnowledgeQuestionSchema = z.object({
  question: z
    .string({ error: (issue) => `${issue.input === undefined ? 'is required' : 'must be text'}: the question to answer, as text (3 to 500 characters)` })
    .trim()
    .min(3, 'must be at least 3 characters')
    .max(500, 'must be at most 500 characters')
    .refine((q) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(q), 'must not contain control characters')
    .refine((q) => !LONE_SURROGATE.test(q), 'must be valid Unicode text'),
});
