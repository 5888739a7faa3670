/**
 * Every refusal an operation can answer with, by status and code: the ones its policy brings (the
 * pipeline's stages are the same for every operation with that policy) and its own (the entry's
 * `errors`). The reference lists them per operation; the codes are the envelope's `error.code`.
 */
import type { Operation } from '../operations/operation';

export type Refusals = Map<number, Set<string>>;

/** What each status means, whatever the code. */
export const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'The request cannot be read as sent: the message and `field` name what to change.',
  401: 'The key is missing, wrong, replaced, suspended or banned.',
  403: 'Refused: protected information sought, or a seat required.',
  404: 'Not found.',
  405: 'Not a method of this address: see the Allow header.',
  409: 'A request with this Idempotency-Key is still in progress.',
  413: 'The body is larger than the limit.',
  408: 'The request did not arrive in time.',
  415: 'The body is not JSON.',
  421: 'This server does not answer for that Host.',
  422: 'This Idempotency-Key was used with another request.',
  431: 'The request headers are larger than 16 kB.',
  429: "Too fast (the plan's or the operator's rate limit), or the month's runs are used up.",
  500: 'An internal error (no detail is given).',
  501: 'Not available in this deployment.',
  503: 'A service behind the gateway is unavailable: retry after Retry-After.',
};

export function refusalsOf(op: Operation): Refusals {
  const out: Refusals = new Map();
  const add = (status: number, ...codes: string[]) => {
    const set = out.get(status) ?? new Set<string>();
    for (const c of codes) set.add(c);
    out.set(status, set);
  };
  // Refused before any operation is chosen (gateway.ts, app.ts): a version, headers or a request that cannot be read.
  add(400, 'unsupported_version', 'invalid_request');
  add(408, 'request_timeout');
  add(431, 'headers_too_large');
  const keyed = op.policy.auth !== 'none';
  if (keyed) {
    add(400, 'invalid_end_user');
    add(401, 'unauthorized');
    add(429, 'rate_limited');
  }
  if (op.policy.standing) add(401, 'key_suspended', 'key_banned');
  if (op.input.from === 'query') add(400, 'invalid_request');
  if (op.input.from === 'body') {
    add(400, 'invalid_request', 'invalid_json');
    add(413, 'payload_too_large');
    add(415, 'unsupported_media_type');
  }
  if (keyed && op.method === 'POST') {
    add(400, 'invalid_request');
    add(409, 'idempotency_in_progress');
    add(422, 'idempotency_mismatch');
  }
  if (op.policy.screen.length > 0) add(403, 'protected_ip');
  if (op.policy.meter === 'formula') {
    add(403, 'seat_required');
    add(429, 'quota_exhausted');
  }
  add(503, 'service_unavailable');
  if (keyed) add(503, 'dependency_unavailable');
  for (const [status, codes] of Object.entries(op.errors ?? {})) add(Number(status), ...codes);
  add(500, 'internal_error');
  return out;
}
