/**
 * A key in a request is refused before anything runs. A caller who pastes its API key (or an MCP
 * access or refresh token) into a name, a note or a search gets 400 `key_in_input` naming the
 * field, before the call is screened, metered, stored or echoed: a key must not reach a service's
 * store, an operator's list, a log or an answer, and the caller learns at once where it went.
 */
import { fieldPath } from '@svc/formula';
import { holdsSecret } from '@svc/kit';
import { HttpError } from '../errors';

export const KEY_IN_INPUT = 'key_in_input';

const MESSAGE = 'holds what looks like an API key or access token: never send a key in a request body or query (replace the key if it was shared)';

/** The path of the first string (or field name) in a raw input that holds a secret, or null. */
export function secretField(value: unknown, path: PropertyKey[] = []): string | null {
  if (typeof value === 'string') return holdsSecret(value) ? fieldPath(path) : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const f = secretField(value[i], [...path, i]);
      if (f) return f;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      // A field's name is echoed by "unknown field" answers: it is input like its value.
      if (holdsSecret(k)) return fieldPath(path);
      const f = secretField(v, [...path, k]);
      if (f) return f;
    }
  }
  return null;
}

/** Throws 400 key_in_input when a raw input, or a header the pipeline stores or passes on, holds a secret. */
export function refuseSecrets(input: unknown, headers: Record<string, string | string[] | undefined>): void {
  let field = secretField(input);
  for (const h of ['x-svc-user', 'idempotency-key']) {
    if (field) break;
    const v = headers[h];
    if (v !== undefined && secretField(v) !== null) field = h;
  }
  if (field) throw new HttpError(400, KEY_IN_INPUT, `${field}: ${MESSAGE}`, { field, fields: [{ field, message: MESSAGE }] });
}
