/**
 * The one table of public operations. The REST router is generated from it (operations/router.ts),
 * and so are the MCP tools and the API reference: a route, its tool and its documentation cannot
 * drift apart, and no route is public unless its entry says `auth: 'none'`.
 */
import { CheckRequestSchema, LabelRequestSchema, PreservationRequestSchema, SubmissionSchema, balanceWarning, type Line } from '@svc/formula';

import { type PublicEntry, accountJson, checkJson, checkRequestExtrasToProto, labelJson, lineToProto, metaJson, preservationJson, publicEntry, submissionJson } from '@svc/protos';
import type { Meta__Output } from '@svc/protos/gen/svc/v1/Meta';
import { primer } from '../content/primer';
import { DOCS_CSP, DOCS_SCRIPT_PATH, docsHtml, docsScript } from '../content/docs';
import { termsHtml } from '../content/terms';
import type { TtlCache } from '../cache';
import * as A from '../contract/answers';
import * as X from '../contract/examples';
import { HttpError } from '../errors';
import { callerStanding } from '../compliance';
import { openApiDocument } from '../openapi';
import { idempotencyKey } from '../idempotency';
import { KNOWLEDGE_PACK, answer } from '../knowledge/pack';
import { seatChangeJson, seatListJson, seatUsers } from '../seats';
import { KnowledgeQuestionSchema, NoInput, PageQuerySchema, SearchQuerySchema, SeatChangeSchema, SeatsPageQuerySchema } from './inputs';
import { json, operation, type Operation, type Policy } from './operation';

/** Search answers, shared by every account (they are public), dropped on svc.library.updated. */
export type SearchCache = TtlCache<{ total: number; results: PublicEntry[] }>;

export interface OperationDeps {
  searches: SearchCache;
  /** The library's data vintage for the primer, or null while the library cannot say. */
  libraryMeta(requestId: string): Promise<Meta__Output | null>;
}

const PUBLIC: Policy = { auth: 'none', standing: false, screen: [], meter: 'free', usage: false };
const KEYED: Policy = { auth: 'key', standing: true, screen: [], meter: 'free', usage: true };
const FORMULA: Policy = { ...KEYED, screen: ['lines.n'], meter: 'formula' };

/** Formula calls compute on a copy of the chassis envelope: short deadlines, safe to retry. */
const COMPUTE = { idempotent: true, deadlineMs: 3_000 } as const;

/** The OAuth addresses of MCP sign-in (RFC 9728, 8414, 7591, 6749, 7009). */
export const OAUTH_ROUTES: ReadonlyArray<readonly [string, 'GET' | 'POST', string, string]> = [
  ['oauth_protected_resource', 'GET', '/.well-known/oauth-protected-resource', 'Protected resource metadata of the MCP server (RFC 9728).'],
  ['oauth_protected_resource_mcp', 'GET', '/.well-known/oauth-protected-resource/mcp', 'Protected resource metadata of the MCP server, at its path-suffixed address.'],
  ['oauth_server_metadata', 'GET', '/.well-known/oauth-authorization-server', 'Authorization server metadata (RFC 8414).'],
  ['oauth_register', 'POST', '/oauth/register', 'Dynamic client registration for MCP clients (RFC 7591, public clients).'],
  ['oauth_authorize', 'GET', '/oauth/authorize', 'Starts the authorization code flow (PKCE S256): the sign-in page.'],
  ['oauth_sign_in', 'POST', '/oauth/authorize', 'The sign-in form of an operator user; answers with the consent page.'],
  ['oauth_consent', 'POST', '/oauth/consent', 'The consent form: allow or deny the client.'],
  ['oauth_token', 'POST', '/oauth/token', 'Exchanges a code (with its PKCE verifier) or a refresh token for tokens.'],
  ['oauth_revoke', 'POST', '/oauth/revoke', 'Revokes an access or refresh token and its grant (RFC 7009).'],
];

/** The MCP addresses answer JSON-RPC (or an event stream); their refusals before JSON-RPC are HTTP errors. */
const MCP_ANSWER = {
  other: 'A JSON-RPC 2.0 response (application/json), or an event stream when the client prefers text/event-stream; 202 for a notification. Tool refusals are results with isError: true.',
  errorBody: A.JsonRpcErrorSchema,
};
const MCP_ERRORS = { 400: ['origin_not_allowed', 'parse_error'], 401: ['unauthorized', 'invalid_token'], 421: ['host_not_allowed'] } as const;

/** A formula that does not total 100 is answered as sent, and says so (a composition sheet too), after any other warning. */
function withBalance<T extends Record<string, unknown>>(answer: T, nbPct: number, lines: readonly Line[]): T {
  const w = balanceWarning(nbPct, lines, 'nbPct');
  if (!w) return answer;
  const before = Array.isArray(answer.warnings) ? (answer.warnings as unknown[]) : [];
  return { ...answer, warnings: [...before, w] };
}

const notYet = (what: string) => async (): Promise<never> => {
  throw new HttpError(501, 'not_implemented', `${what} is not available yet`);
};

export function operations(d: OperationDeps): Operation[] {
  const all: Operation[] = [
    operation({
      id: 'primer',
      method: 'GET',
      path: '/ai/primer',
      tool: 'svc_primer',
      summary: 'The primer: what the service does, the formulating rules, the workflow and the protected-information rules. Read it first.',
      input: { from: 'none', schema: NoInput },
      answer: { text: { type: 'text/markdown', description: 'The primer, as Markdown.' } },
      policy: PUBLIC,
      async call(ctx) {
        const m = await d.libraryMeta(ctx.requestId);
        return { kind: 'text', type: 'text/markdown', body: primer({ baseUrl: ctx.baseUrl, cosingVintage: m?.cosingVintage || null, dataVersion: m?.dataVersion || null }) };
      },
    }),
    operation({
      id: 'terms',
      method: 'GET',
      path: '/terms',
      tool: null,
      summary: 'The terms of service.',
      input: { from: 'none', schema: NoInput },
      answer: { text: { type: 'text/html', description: 'The terms of service, as HTML.' } },
      policy: PUBLIC,
      call: async (ctx) => ({ kind: 'text', type: 'text/html', body: termsHtml(ctx.baseUrl) }),
    }),
    operation({
      id: 'health',
      method: 'GET',
      path: '/healthz',
      tool: null,
      summary: 'Liveness of the gateway.',
      input: { from: 'none', schema: NoInput },
      answer: { json: A.HealthAnswerSchema },
      example: { answer: { status: 'ok' } },
      policy: PUBLIC,
      call: async () => json({ status: 'ok' }),
    }),
    operation({
      id: 'knowledge',
      method: 'POST',
      path: '/ai/knowledge',
      tool: 'svc_knowledge',
      summary: 'Answers a question about formulating from a curated pack of public rules (labelling, preservation, pH, process), each with its source. Never about the chassis itself.',
      input: { from: 'body', schema: KnowledgeQuestionSchema },
      answer: { json: A.KnowledgeAnswerSchema },
      example: X.KNOWLEDGE,
      policy: { ...KEYED, screen: ['question'] },
      async call(_ctx, { question }) {
        const rules = answer(KNOWLEDGE_PACK, question);
        return json({
          packVersion: KNOWLEDGE_PACK.version,
          source: KNOWLEDGE_PACK.source,
          answers: rules.map((r) => ({ id: r.id, title: r.title, text: r.text, source: r.source })),
          ...(rules.length === 0 ? { hint: 'No rule of the pack matches; rephrase with the topic (labelling, preservation, pH, allergens, process), or read svc_primer.' } : {}),
        });
      },
    }),
    operation({
      id: 'search_ingredients',
      method: 'GET',
      path: '/lib/search',
      tool: 'search_ingredients',
      summary: 'Search the ingredient library by INCI name, synonym, trade name or CAS number; at most 10 results.',
      input: { from: 'query', schema: SearchQuerySchema },
      answer: { json: A.SearchAnswerSchema },
      example: X.SEARCH,
      policy: { ...KEYED, screen: ['q'] },
      async call(ctx, { q, key }) {
        // The library folds case and accents the same way, so one entry serves every spelling of q.
        let page = d.searches.get(key);
        if (!page) {
          const out = await ctx.rpc('library', 'Search', { q, caller: ctx.caller }, { idempotent: true });
          page = { total: out.total, results: out.results.map(publicEntry) };
          d.searches.set(key, page);
        }
        return json({ ...page });
      },
    }),
    operation({
      id: 'library_meta',
      method: 'GET',
      path: '/lib/meta',
      tool: null,
      summary: 'The data vintage of the ingredient library, with its source.',
      input: { from: 'none', schema: NoInput },
      answer: { json: A.MetaAnswerSchema },
      example: X.META,
      policy: KEYED,
      call: async (ctx) => json(metaJson(await ctx.rpc('library', 'GetMeta', {}, { idempotent: true }))),
    }),
    operation({
      id: 'submit_ingredient',
      method: 'POST',
      path: '/lib/submissions',
      tool: 'submit_ingredient',
      summary: 'Propose an ingredient the library lacks, for review; repeats by the same account merge. Idempotency-Key makes a retry safe.',
      input: { from: 'body', schema: SubmissionSchema },
      answer: { json: A.SubmitAnswerSchema, statuses: [201, 200] },
      example: X.SUBMIT,
      policy: { ...KEYED, screen: ['inci', 'note', 'functions'] },
      async call(ctx, body) {
        const s = await ctx.rpc('library', 'Submit', {
          caller: ctx.caller,
          inci: body.inci,
          cas: body.cas ?? '',
          functions: body.functions ?? [],
          note: body.note ?? '',
          idempotencyKey: idempotencyKey(ctx.req.headers['idempotency-key']),
        });
        return json({ ...submissionJson(s), merged: s.merged, existing: s.existing || null }, s.merged ? 200 : 201);
      },
    }),
    operation({
      id: 'list_submissions',
      method: 'GET',
      path: '/lib/submissions',
      tool: null,
      summary: "The account's own submissions and their review status, newest first, a page at a time (limit, cursor).",
      input: { from: 'query', schema: PageQuerySchema },
      answer: { json: A.SubmissionListSchema },
      example: X.SUBMISSIONS,
      policy: KEYED,
      async call(ctx, page) {
        const out = await ctx.rpc('library', 'ListSubmissions', { accountId: ctx.caller.accountId, limit: page.limit ?? 0, cursor: page.cursor ?? '' }, { idempotent: true });
        return json({ submissions: out.submissions.map(submissionJson), total: out.total, nextCursor: out.nextCursor || null });
      },
    }),
    operation({
      id: 'check_formula',
      method: 'POST',
      path: '/check',
      tool: 'check_formula',
      summary:
        'Check a formula against the chassis loading envelope and, for the product described (productType, product), the cosmetics law of its market (market: eu, the EU annexes, by default; us, 21 CFR 700.11 to 700.35 and the colour additives of 21 CFR 73, 74, 82): verdict, remedies to apply (regulatory ones cite their annex entry or CFR section and regulation), maximum loads; with repair: true, also the repaired formula.',
      input: { from: 'body', schema: CheckRequestSchema, renamed: { variant: 'base', nbPct: 'basePct' } },
      answer: { json: A.CheckAnswerSchema },
      example: X.CHECK,
      policy: FORMULA,
      async call(ctx, b) {
        const out = await ctx.rpc('envelope', 'Check', { caller: ctx.caller, base: b.base, basePct: b.basePct, ph: b.ph, lines: b.lines.map(lineToProto), ...checkRequestExtrasToProto(b) }, COMPUTE);
        const answer = checkJson(out);
        // The repaired formula keeps the request's product fields, so that sending it back checks the same product.
        if (answer.repaired) answer.repaired = { ...answer.repaired, ...(b.productType ? { productType: b.productType } : {}), ...(b.product ? { product: b.product } : {}), ...(b.market ? { market: b.market } : {}) };
        return json({ ...answer });
      },
    }),
    operation({
      id: 'preservation_check',
      method: 'POST',
      path: '/ai/preservation',
      tool: 'preservation_check',
      summary: 'Preservative guidance: Annex V caps, ISO 29621 low-risk screening and top-up options, by name and role, never amounts.',
      input: { from: 'body', schema: PreservationRequestSchema, renamed: { base: 'variant', basePct: 'nbPct' } },
      answer: { json: A.PreservationAnswerSchema },
      example: X.PRESERVATION,
      policy: { ...FORMULA, meter: 'free' },
      async call(ctx, b) {
        const out = await ctx.rpc(
          'preservation',
          'Assess',
          { caller: ctx.caller, variant: b.variant, nbPct: b.nbPct, lines: b.lines.map(lineToProto), ...(b.ph === undefined ? {} : { ph: b.ph }), productType: b.productType, market: b.market },
          COMPUTE,
        );
        return json(withBalance({ ...preservationJson(out) }, b.nbPct, b.lines));
      },
    }),
    operation({
      id: 'inci_label',
      method: 'POST',
      path: '/inci/label',
      tool: 'inci_label',
      summary: 'The finished ingredient label, highest to lowest, never with amounts; or the composition sheet with the chassis as one line.',
      input: { from: 'body', schema: LabelRequestSchema, renamed: { base: 'variant', basePct: 'nbPct' } },
      answer: { json: A.LabelAnswerSchema },
      example: X.LABEL,
      policy: FORMULA,
      async call(ctx, b) {
        const out = await ctx.rpc('label', 'Build', { caller: ctx.caller, variant: b.variant, nbPct: b.nbPct, lines: b.lines.map(lineToProto), mode: b.mode, market: b.market, productType: b.productType, ...(b.product ? { product: { ...b.product } } : {}) }, COMPUTE);
        return json(withBalance({ ...labelJson(out) }, b.nbPct, b.lines));
      },
    }),
    operation({
      id: 'account_status',
      method: 'GET',
      path: '/account',
      tool: 'account_status',
      summary: 'The plan, the terms version and the month\'s usage of the account.',
      input: { from: 'none', schema: NoInput },
      answer: { json: A.AccountAnswerSchema },
      example: X.ACCOUNT,
      policy: KEYED,
      async call(ctx) {
        const [a, standing] = await Promise.all([ctx.rpc('metering', 'GetAccount', { caller: ctx.caller }, { idempotent: true }), callerStanding(ctx)]);
        return json({ ...accountJson(a, `${ctx.baseUrl}/terms`), standing });
      },
    }),
    operation({
      id: 'enrol_users',
      method: 'POST',
      path: '/account/users',
      tool: null,
      summary: 'Enrol end users into seats, or unenrol them (Scale and Platform): {action: "enroll" | "unenroll", user} or {action, users: [...]} with 1 to 500 ids.',
      input: { from: 'body', schema: SeatChangeSchema },
      answer: { json: A.SeatChangeAnswerSchema },
      errors: { 400: ['invalid_end_user'], 403: ['seats_not_in_plan'], 409: ['seat_limit_reached'] },
      example: X.ENROL,
      policy: KEYED,
      async call(ctx, b) {
        const r = await ctx.rpc('metering', 'Seats', { caller: ctx.caller, action: b.action, users: seatUsers(b) });
        return json(seatChangeJson(b.action, r));
      },
    }),
    operation({
      id: 'list_users',
      method: 'GET',
      path: '/account/users',
      tool: null,
      summary: 'The enrolled end users, a page at a time (limit, cursor), with seats used and free.',
      input: { from: 'query', schema: SeatsPageQuerySchema },
      answer: { json: A.SeatListAnswerSchema },
      errors: { 403: ['seats_not_in_plan'] },
      example: X.SEATS,
      policy: KEYED,
      async call(ctx, page) {
        const r = await ctx.rpc('metering', 'Seats', { caller: ctx.caller, action: 'list', limit: page.limit ?? 0, cursor: page.cursor ?? '' }, { idempotent: true });
        return json(seatListJson(r));
      },
    }),
    operation({
      id: 'replace_key',
      method: 'POST',
      path: '/account/key',
      tool: null,
      summary: "Replace the account's API key: the new key is returned once, and the old one is refused at once on every gateway.",
      input: { from: 'none', schema: NoInput },
      answer: { json: A.KeyAnswerSchema },
      example: X.KEY,
      policy: KEYED,
      async call(ctx) {
        const r = await ctx.rpc('metering', 'RotateKey', { caller: ctx.caller });
        return json({ key: r.key, keyId: r.keyId, message: 'Store this key now: it is shown only once. The old key no longer works.' });
      },
    }),
    // The MCP addresses are served by the MCP transport (mcp/server.ts), which authenticates each
    // tool call by the pipeline itself; these entries give them their routes and their place here.
    operation({ id: 'mcp', method: 'ALL', path: '/mcp', tool: null, summary: 'The MCP server (Streamable HTTP, JSON-RPC 2.0 over POST; stateless, so GET and DELETE answer 405).', input: { from: 'none', schema: NoInput }, answer: MCP_ANSWER, errors: MCP_ERRORS, policy: PUBLIC, call: notYet('/mcp') }),
    operation({ id: 'mcp_path_key', method: 'ALL', path: '/mcp/*rest', tool: null, summary: 'The MCP server with the API key in the path (the address is a secret).', input: { from: 'none', schema: NoInput }, answer: MCP_ANSWER, errors: MCP_ERRORS, policy: PUBLIC, call: notYet('/mcp') }),
    // MCP sign-in (OAuth): served by the sign-in flow (oauth/flow.ts) where the OAuth service is wired.
    ...OAUTH_ROUTES.map(([id, method, path, summary]) => operation({ id, method, path, tool: null, summary, input: { from: 'none', schema: NoInput }, answer: { other: 'The OAuth answer of this step (RFC 6749 and the RFC named in the summary): JSON, a page or a redirect.' }, policy: PUBLIC, call: notYet('MCP sign-in') })),
    operation({
      id: 'docs',
      method: 'GET',
      path: '/docs',
      tool: null,
      summary: 'The API reference as a page (Redoc), rendered from /openapi.json.',
      input: { from: 'none', schema: NoInput },
      answer: { text: { type: 'text/html', description: 'The reference page.' } },
      policy: PUBLIC,
      call: async () => ({ kind: 'text', type: 'text/html', body: docsHtml(), headers: { 'Content-Security-Policy': DOCS_CSP, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' } }),
    }),
    operation({
      id: 'docs_renderer',
      method: 'GET',
      path: DOCS_SCRIPT_PATH,
      tool: null,
      summary: 'The renderer of the reference page (Redoc, from its npm package).',
      input: { from: 'none', schema: NoInput },
      answer: { text: { type: 'text/javascript', description: 'Redoc\'s standalone bundle.' } },
      policy: PUBLIC,
      call: async () => ({ kind: 'text', type: 'text/javascript', body: docsScript(), headers: { 'Cache-Control': 'public, max-age=86400', 'X-Content-Type-Options': 'nosniff' } }),
    }),
    operation({
      id: 'api_reference',
      method: 'GET',
      path: '/openapi.json',
      tool: null,
      summary: 'The API reference (OpenAPI 3.1), generated from this table.',
      input: { from: 'none', schema: NoInput },
      answer: { json: A.DocumentAnswerSchema },
      policy: PUBLIC,
      call: async (ctx) => json(openApiDocument(all, ctx.baseUrl)),
    }),
  ];
  return all;
}
