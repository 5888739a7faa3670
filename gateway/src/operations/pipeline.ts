/**
 * The one pipeline every operation runs through, as a plain sequence of stages (not middleware per
 * route), in this fixed order:
 *
 *   1. request id and version   app-wide, before routing (app.ts), so 404s carry them too
 *   2. authentication           default deny: every operation not marked `auth: 'none'` needs a key;
 *                               x-svc-user is validated here
 *   3. rate limit               per account, shared by the replicas through the Kv
 *   4. standing                 the subject's compliance standing (stage hook)
 *   5. input                    body read only now (after the key); a key pasted into it (or into
 *                               x-svc-user, Idempotency-Key) is refused; then validated by the schema
 *   6. screening                the policy's free-text fields (stage hook)
 *   7. metering                 formula calls belong to a run (stage hook); before it, a repeat
 *                               under an Idempotency-Key replays its stored answer (idempotency.ts)
 *   8. call                     the operation's typed gRPC call and output mapping, started beside
 *                               metering; its answer is used only once the call is metered
 *   9. usage                    the usage object, fetched alongside the call
 *  10. egress                   an answer that would echo the key is withheld; no-store on keyed answers
 *
 * `runStages` is that sequence, transport-neutral: REST (`runOperation`) and MCP (mcp/tools.ts)
 * only translate a request into an `Inbound` and the `Answer` (or the HttpError) back out, so a
 * route and its tool cannot run different stages.
 *
 * Stages 4, 6 and 7 are hooks: a deployment without the component that owns the decision runs
 * without that stage (the compliance and run-metering decisions are not built yet; see
 * docs/decisions.md), and wiring one in is one function here, not a change per route.
 */
import { parseWith } from '@svc/formula';
import { type CallOptions, type FieldProblem, type Kv, type Logger } from '@svc/kit';
import type { Request, RequestHandler, Response } from 'express';
import { validateEndUser, type KeyAuth } from '../auth';
import { rpc, type Clients } from '../clients';
import { HttpError, invalid } from '../errors';
import { beginOnce, REPLAYED_HEADER, replayForReplacedKey } from '../idempotency';
import type { MeteredCall } from '../metering';
import { limitRate } from '../rate-limit';
import type { Usage, UsageCache } from '../usage';
import type { AuthAccount } from '../context';
import type { Answer, CallContext, Channel, Operation } from './operation';
import { refuseSecrets } from './secrets-in-input';

export interface StageHooks {
  /** Refuses a suspended or banned subject (401 key_suspended / key_banned). */
  standing?: (ctx: CallContext, op: Operation) => Promise<void>;
  /** Refuses a request that seeks the protected information (403 protected_ip). */
  screening?: (ctx: CallContext, op: Operation, input: unknown) => Promise<void>;
  /**
   * Meters a formula call into its run; refuses past the quota (429 quota_exhausted) or without a
   * seat (403 seat_required). The usage it returns is the answer's; a failed call is refunded.
   */
  metering?: (ctx: CallContext, op: Operation) => Promise<MeteredCall>;
}

export interface PipelineDeps {
  clients: Clients;
  auth: KeyAuth;
  kv: Kv;
  log: Logger;
  usage: UsageCache;
  /** A rate limit for every account instead of its plan's (SVC_RATE_LIMIT_PER_SEC); 0: the plan's. */
  ratePerSecond: number;
  /** The service's address for links in answers: configured, else the gateway's own, never the Host header. */
  publicUrl?: () => string | undefined;
  /** Reads a JSON body into req.body (express.json), only once the key is known. */
  readJson: RequestHandler;
  hooks?: StageHooks;
}

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\b/i;

// The Host header is the caller's to write: it is never reflected into links (the primer, /terms).
const baseUrlOf = (publicUrl: (() => string | undefined) | undefined): string => publicUrl?.() ?? 'http://127.0.0.1';

function readBody(d: PipelineDeps, req: Request, res: Response): Promise<unknown> {
  return new Promise((resolve, reject) => d.readJson(req, res, (err?: unknown) => (err ? reject(err) : resolve(req.body))));
}

/** REST's raw input: the query string, or the JSON body (read only now, after the key). */
async function restInput(op: Operation, d: PipelineDeps, req: Request, res: Response): Promise<unknown> {
  const from = op.input.from;
  if (from === 'query') return req.query;
  if (from !== 'body') return {};
  const type = req.headers['content-type'];
  if (type !== undefined && !JSON_TYPE.test(type)) {
    throw new HttpError(415, 'unsupported_media_type', 'send the body as JSON with content-type application/json', { field: 'content-type' });
  }
  const raw = await readBody(d, req, res);
  if (raw === undefined) throw invalid([{ field: '(body)', message: 'is required: send a JSON object' }]);
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw invalid([{ field: '(body)', message: 'must be a JSON object' }]);
  return raw;
}

/**
 * The account's plan rate limit, shared by the replicas through the Kv (rate-limit.ts); when the Kv
 * cannot answer, the limit is skipped (fail open) rather than the request refused.
 */
function rateLimit(d: PipelineDeps, req: Request, res: Response): Promise<void> {
  if (!req.account) return Promise.resolve();
  return limitRate(d.kv, d.log, req.account, req.id, res, d.ratePerSecond);
}

function contextOf(d: PipelineDeps, req: Request, channel: Channel): CallContext {
  const caller = { accountId: req.account?.id ?? '', endUser: req.endUser ?? '', plan: req.account?.plan ?? '', requestId: req.id };
  return {
    req,
    channel,
    account: req.account,
    endUser: req.endUser,
    requestId: req.id,
    baseUrl: baseUrlOf(d.publicUrl),
    caller,
    rpc: (service, method, request, opts: CallOptions = {}) => rpc(d.clients, service, method, request, { requestId: req.id, ...opts }),
  };
}

/**
 * What a transport hands the stages: the HTTP request that carried the call (REST: the route's;
 * MCP: the POST to /mcp that carried `tools/call`), the credential it presented, and how to read
 * the raw input. Transports translate in and out; everything between is `runStages`.
 */
export interface Inbound {
  channel: Channel;
  req: Request;
  /** Where the rate-limit headers go (the HTTP response of the request that carried the call). */
  res: Response;
  /** The API key as presented (REST: x-svc-key; MCP: Bearer, x-svc-key or the path). */
  key: string | undefined;
  /** An account already established by the transport (an MCP OAuth access token), in place of a key. */
  account?: AuthAccount;
  /** The input before validation: REST reads the query or the body here; MCP the tool's arguments. */
  rawInput(): Promise<unknown>;
}

/**
 * A field sent under the name another operation gives it (variant to /check, basePct to the label)
 * is the likeliest mistake in a failed body: it is named first, with the name this operation uses.
 */
function renamedFirst(op: Operation, problems: FieldProblem[]): FieldProblem[] {
  const renamed = op.input.renamed;
  if (!renamed) return problems;
  const hits: FieldProblem[] = [];
  for (const p of problems) {
    if (!p.message.startsWith('unknown field')) continue;
    const keys = p.message.startsWith('unknown fields ') ? p.message.slice('unknown fields '.length).split(', ') : [p.field];
    for (const k of keys) {
      const ours = renamed[k];
      if (ours) hits.push({ field: k, message: `unknown field: ${op.method} ${op.path} calls it ${ours} (${k} is its name on ${op.path === '/check' ? '/ai/preservation and /inci/label' : '/check'})` });
    }
  }
  return hits.length ? [...hits, ...problems.filter((p) => !(p.message.startsWith('unknown field') && hits.some((h) => h.field === p.field)))] : problems;
}

/** The stages 2 to 10 in their fixed order, for any transport. Failures are thrown as HttpError. */
export async function runStages(op: Operation, d: PipelineDeps, inbound: Inbound): Promise<Answer> {
  const { req, res } = inbound;
  // 2. authentication: default deny.
  const keyed = op.policy.auth !== 'none';
  if (keyed) {
    try {
      req.account = inbound.account ?? (await d.auth.check(inbound.key, req));
    } catch (err) {
      // A retried key replacement presents the key it replaced: its kept answer, if any, is the reply.
      const replay = err instanceof HttpError && err.status === 401 ? await replayForReplacedKey(d.kv, op, req, inbound.key, {}) : null;
      if (!replay) throw err;
      res.setHeader(REPLAYED_HEADER, 'true');
      return replay;
    }
    req.endUser = validateEndUser(req.headers['x-svc-user']);
    // 3. rate limit
    await rateLimit(d, req, res);
  }
  const ctx = contextOf(d, req, inbound.channel);
  // 4. standing
  if (op.policy.standing && d.hooks?.standing) await d.hooks.standing(ctx, op);
  // 5. input: a key pasted into it is refused first, before validation could echo it
  const raw = await inbound.rawInput();
  refuseSecrets(raw, req.headers);
  const parsed = parseWith(op.input.schema, raw);
  if (!parsed.ok) throw invalid(renamedFirst(op, parsed.problems));
  const input = parsed.value;
  // 6. screening
  if (op.policy.screen.length > 0 && d.hooks?.screening) await d.hooks.screening(ctx, op, input);
  // 7. metering; a repeat under an Idempotency-Key replays the stored answer instead (neither metered nor called)
  const once = await beginOnce(d.kv, d.log, op, ctx, input, {}, keyed ? inbound.key : undefined);
  if (once.replay) {
    res.setHeader(REPLAYED_HEADER, 'true');
    return once.replay;
  }
  // 8. call, started beside metering rather than after it: when a subject's run rolls over (every
  // 300 calls) its callers wait for metering's next lease, and they wait for it while their answers
  // are computed, not before. Nothing leaves before the call is metered: a refused call's answer is
  // dropped unseen, and the refusal is what the caller gets.
  const metering = op.policy.meter === 'formula' && d.hooks?.metering ? d.hooks.metering(ctx, op) : null;
  const calling = op.call(ctx, input);
  // Marked handled now: a call that fails while metering is still deciding is not an unhandled rejection.
  calling.catch(() => {});
  const metered = metering ? await once.guard(metering) : null;
  // 9. usage, fetched alongside the call: it never holds the answer up once known.
  const account = req.account;
  const usage = metered ? Promise.resolve(metered.usage) : op.policy.usage && account ? d.usage.forAnswer(account.id, req.endUser ?? '', req.id) : null;
  let answer: Answer;
  try {
    answer = await once.guard(calling);
  } catch (err) {
    // A call that failed is not counted into the run.
    metered?.refund();
    throw err;
  }
  if (usage && answer.kind === 'json') {
    // An answer that holds metering's own reading (GET /account) shows it, with the open run counted here.
    answer.body.usage = 'usage' in answer.body && account ? d.usage.overlay(account.id, req.endUser ?? '', answer.body.usage as Usage) : await usage;
  }
  // 10. egress: a key never leaves in an answer, whatever a service or a caller's text put there.
  const key = keyed ? inbound.key : undefined;
  if (answer.kind === 'json') {
    // Serialised once, here: the check reads the text that leaves, and REST sends it as it is.
    answer.text = JSON.stringify(answer.body);
    if (key && answer.text.includes(key)) throw new HttpError(500, 'internal_error', 'internal error');
  }
  await once.store(answer);
  return answer;
}

function send(res: Response, answer: Answer, keyed: boolean): void {
  if (answer.kind === 'text') {
    for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
    res.type(`${answer.type}; charset=utf-8`).send(answer.body);
    return;
  }
  if (keyed) res.setHeader('Cache-Control', 'no-store');
  writeJson(res, answer.status ?? 200, answer.text ?? JSON.stringify(answer.body));
}

/** A JSON text written as it is: Express' send would look the type up again and test freshness (no ETags here). */
export function writeJson(res: Response, status: number, text: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

/** REST in and out: the key from x-svc-key, the input from the query or the JSON body, the answer as HTTP. */
export async function runOperation(op: Operation, d: PipelineDeps, req: Request, res: Response): Promise<void> {
  const sent = req.headersDistinct['x-svc-key'] ?? [];
  if (sent.length > 1 && op.policy.auth !== 'none') throw new HttpError(400, 'invalid_request', `x-svc-key: send one key in one x-svc-key header; ${sent.length} were sent`, { field: 'x-svc-key' });
  const key = sent[0];
  const answer = await runStages(op, d, { channel: 'rest', req, res, key, rawInput: () => restInput(op, d, req, res) });
  send(res, answer, op.policy.auth !== 'none');
}

export function handlerFor(op: Operation, d: PipelineDeps): RequestHandler {
  return (req, res, next) => {
    runOperation(op, d, req, res).catch(next);
  };
}
