/**
 * Idempotent POSTs: a caller that sends an `Idempotency-Key` header can retry any POST (formula
 * calls, submissions, enrolments, a key replacement) safely. The first answer is stored in the Kv (Redis in production, memory embedded), scoped per
 * account and kept 24 hours; a repeat with the same key and the same request replays it, status and
 * body byte for byte, without metering or computing again; the same key with another request is
 * 422 idempotency_mismatch; a repeat while the first is still in flight is 409
 * idempotency_in_progress (with Retry-After), never a second call.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { failOpen, type Kv, type Logger } from '@svc/kit';
import { HttpError } from './errors';
import type { Answer, CallContext, Operation } from './operations/operation';

/**
 * Every POST takes the header (submissions also pass it on to the library, which merges repeats
 * on its own). A GET is safe to repeat as it is.
 */
export const takesIdempotencyKey = (op: Pick<Operation, 'method'>): boolean => op.method === 'POST';

/**
 * Answers that hold a new secret (the key a replacement made): kept sealed with the key the
 * request presented, which only the caller holds (the service keeps its hash), and found by that
 * key rather than by the account, as the retry presents a key that has since been replaced.
 */
const SEALED_OPERATIONS: ReadonlySet<string> = new Set(['replace_key']);
/** A retried key replacement comes soon after the dropped one: its answer is kept an hour, not a day. */
export const SEALED_KEEP_MS = 60 * 60 * 1_000;

const sha = (s: string): string => createHash('sha256').update(s).digest('hex');

/** Where the answer of one Idempotency-Key is kept: per account, or per presented key for sealed answers. */
export function storedAt(operationId: string, who: { key?: string | undefined; accountId: string }, idempotency: string): string {
  const scope = SEALED_OPERATIONS.has(operationId) && who.key ? `key:${sha(who.key)}` : who.accountId;
  return `idem:${scope}:${sha(idempotency)}`;
}

const sealKey = (presented: string): Buffer => createHash('sha256').update(`svc-idempotency-seal\n${presented}`).digest();

function seal(text: string, presented: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', sealKey(presented), iv);
  const body = Buffer.concat([c.update(text, 'utf8'), c.final()]);
  return Buffer.concat([iv, c.getAuthTag(), body]).toString('base64');
}

function unseal(sealed: string, presented: string): string {
  const raw = Buffer.from(sealed, 'base64');
  const d = createDecipheriv('aes-256-gcm', sealKey(presented), raw.subarray(0, 12));
  d.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
}

/** How long an answer is kept for a repeat. */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60 * 1_000;
/**
 * How long a claim holds while its call runs: longer than any formula call's deadline, short enough
 * that a gateway that died mid-call frees the key soon.
 */
export const IDEMPOTENCY_PENDING_MS = 60_000;

/** The answer header that marks a replay (the pipeline writes it). */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** The header's value: absent is '', anything but 1 to 255 visible ASCII characters is 400. */
export function idempotencyKey(header: string | string[] | undefined): string {
  if (header === undefined) return '';
  const v = Array.isArray(header) ? header[0] ?? '' : header;
  if (!IDEMPOTENCY_KEY.test(v)) throw new HttpError(400, 'invalid_request', 'Idempotency-Key must be 1 to 255 visible ASCII characters', { field: 'Idempotency-Key' });
  return v;
}

/** JSON with object keys sorted: one text per value, whatever order the caller wrote the fields in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What makes two requests the same: the operation, the end user they are for (runs and seats are
 * per end user) and the validated input, as a SHA-256.
 */
export function fingerprintOf(operationId: string, endUser: string | undefined, input: unknown): string {
  return createHash('sha256').update(`${operationId}\n${endUser ?? ''}\n${canonicalJson(input)}`).digest('hex');
}

type Entry =
  | { state: 'pending'; fp: string }
  | { state: 'done'; fp: string; status: number; body: string; sealed?: boolean };

/** One call under an Idempotency-Key: either the stored answer, or the claim to make the call. */
export interface Once {
  /** The stored answer of an earlier call with this key and request; null when this call runs. */
  replay: Answer | null;
  /** Stores the answer sent (after the call); never throws. */
  store(answer: Answer): Promise<void>;
  /** Frees the key when the call failed, so that a retry runs it. */
  release(): Promise<void>;
  /** Awaits a step of the call, freeing the key when it fails. */
  guard<T>(step: Promise<T>): Promise<T>;
}

const NONE: Once = { replay: null, store: async () => {}, release: async () => {}, guard: (step) => step };

export interface IdempotencyOptions {
  keepMs?: number;
  pendingMs?: number;
}

/**
 * The key's stored state for this account. Without the header, or for an operation that does not
 * take it, a call runs as before. When the Kv cannot answer, the call runs without the guarantee
 * (fail open, counted and logged): a replay store that is down must not stop formula calls.
 */
export async function beginOnce(kv: Kv, log: Logger, op: Operation, ctx: Pick<CallContext, 'req' | 'account' | 'endUser' | 'requestId'>, input: unknown, o: IdempotencyOptions = {}, presented?: string): Promise<Once> {
  if (!takesIdempotencyKey(op) || !ctx.account) return NONE;
  const key = idempotencyKey(ctx.req.headers['idempotency-key']);
  if (!key) return NONE;
  const sealWith = SEALED_OPERATIONS.has(op.id) ? presented : undefined;
  // A sealed answer needs the key that seals it; without one (no key presented) it is not kept.
  if (SEALED_OPERATIONS.has(op.id) && !sealWith) return NONE;
  const keepMs = o.keepMs ?? (sealWith ? SEALED_KEEP_MS : IDEMPOTENCY_KEEP_MS);
  const pendingMs = o.pendingMs ?? IDEMPOTENCY_PENDING_MS;
  // The caller's key is hashed: any visible ASCII, up to 255 characters, makes a tidy store key.
  const at = storedAt(op.id, { key: sealWith, accountId: ctx.account.id }, key);
  const fp = fingerprintOf(op.id, ctx.endUser, input);
  const skipped = (err: unknown): Once => {
    failOpen.inc({ check: 'idempotency' });
    log.warn({ requestId: ctx.requestId, err: (err as Error).message }, 'idempotency skipped: the store is unavailable');
    return NONE;
  };
  let entry: Entry | null = null;
  try {
    // Two tries: a claim that expires between the failed set and the read is taken on the second.
    for (let attempt = 0; attempt < 2 && !entry; attempt++) {
      if (await kv.setIfAbsent(at, JSON.stringify({ state: 'pending', fp } satisfies Entry), pendingMs)) return claimed(kv, log, at, fp, keepMs, ctx.requestId, sealWith);
      const raw = await kv.get(at);
      entry = raw === null ? null : (JSON.parse(raw) as Entry);
    }
  } catch (err) {
    return skipped(err);
  }
  if (!entry) return skipped(new Error('the key could be neither claimed nor read'));
  return { ...NONE, replay: replayOf(entry, fp, sealWith) };
}

/** The stored answer for this request, or the refusal that says why it cannot be had. */
function replayOf(entry: Entry, fp: string, sealWith: string | undefined): Answer {
  if (entry.fp !== fp) {
    throw new HttpError(422, 'idempotency_mismatch', 'this Idempotency-Key was used with another request; use a new key for a new request', { field: 'Idempotency-Key' });
  }
  if (entry.state === 'pending') {
    throw new HttpError(409, 'idempotency_in_progress', 'a request with this Idempotency-Key is still in progress; retry shortly to get its answer', { field: 'Idempotency-Key' }, { 'Retry-After': '1' });
  }
  const body = entry.sealed ? unseal(entry.body, sealWith ?? '') : entry.body;
  return { kind: 'json', status: entry.status, body: JSON.parse(body) as Record<string, unknown> };
}

/**
 * A key replacement retried after its connection dropped: the key it presents was replaced by
 * the call being retried, so authentication refuses it; the answer that call kept (sealed with
 * that very key, under the same Idempotency-Key) is its replay. Null when there is none.
 */
export async function replayForReplacedKey(kv: Kv, op: Operation, req: CallContext['req'], presented: string | undefined, input: unknown): Promise<Answer | null> {
  if (!SEALED_OPERATIONS.has(op.id) || !presented || !takesIdempotencyKey(op)) return null;
  const header = req.headers['idempotency-key'];
  if (header === undefined) return null;
  const key = idempotencyKey(header);
  let raw: string | null;
  try {
    raw = await kv.get(storedAt(op.id, { key: presented, accountId: '' }, key));
  } catch {
    return null;
  }
  if (raw === null) return null;
  const endUser = req.headers['x-svc-user'];
  return replayOf(JSON.parse(raw) as Entry, fingerprintOf(op.id, Array.isArray(endUser) ? endUser[0] : endUser, input), presented);
}

function claimed(kv: Kv, log: Logger, at: string, fp: string, keepMs: number, requestId: string, sealWith?: string): Once {
  const release = () => kv.del(at).catch(() => {});
  return {
    replay: null,
    async store(answer) {
      if (answer.kind !== 'json') return release();
      const text = JSON.stringify(answer.body);
      const entry: Entry = sealWith ? { state: 'done', fp, status: answer.status ?? 200, body: seal(text, sealWith), sealed: true } : { state: 'done', fp, status: answer.status ?? 200, body: text };
      await kv.set(at, JSON.stringify(entry), keepMs).catch((err: unknown) => {
        failOpen.inc({ check: 'idempotency' });
        log.warn({ requestId, err: (err as Error).message }, 'idempotency: the answer could not be stored');
      });
    },
    release,
    async guard(step) {
      try {
        return await step;
      } catch (err) {
        await release();
        throw err;
      }
    },
  };
}
