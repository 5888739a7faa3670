/**
 * API keys: `svc_live_` + 32 random base62 characters + a 4-character checksum. The checksum
 * lets the gateway turn away a mistyped key without a hop; only the SHA-256 of a key is stored.
 */
import { createHash, randomInt } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const KEY_PREFIX = 'svc_live_';
const KEY_RE = /^svc_live_([0-9A-Za-z]{32})([0-9A-Za-z]{4})$/;

function checksum(body: string): string {
  const d = createHash('sha256').update(`svc-key:${body}`).digest();
  let n = d.readUInt32BE(0);
  let out = '';
  for (let i = 0; i < 4; i++) {
    out += ALPHABET[n % 62];
    n = Math.floor(n / 62);
  }
  return out;
}

export function generateKey(): string {
  let body = '';
  for (let i = 0; i < 32; i++) body += ALPHABET[randomInt(62)];
  return `${KEY_PREFIX}${body}${checksum(body)}`;
}

export function isWellFormedKey(key: string): boolean {
  const m = KEY_RE.exec(key);
  return !!m && checksum(m[1]!) === m[2];
}

export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');
/** A short, non-secret handle of a key for logs and the account page. */
export const keyIdOf = (hash: string): string => `key_${hash.slice(0, 12)}`;

/**
 * Every kind of secret this service hands out, by its prefix: API keys (`svc_live_`, `svc_test_`)
 * and MCP sign-in codes and tokens (`svc_oac_`, `svc_oat_`, `svc_ort_`, base64url bodies).
 * Matched in any case and with `-` for `_`, as a pasted or re-typed secret may be.
 */
const PREFIXED_SECRET = /svc[_-](?:live|test|oat|ort|oac)[_-][A-Za-z0-9_-]{8,}/gi;
/** Runs long enough to hold a key's body (36 base62 characters) or a token's (43 base64url). */
const BASE62_RUN = /[A-Za-z0-9]{36,}/g;
const TOKEN_RUN = /[A-Za-z0-9_-]{43,}/g;
const KEY_BODY_CHARS = 36;

/** A key's body with its checksum, its prefix dropped: exact, as the checksum says so. */
function holdsBareKey(run: string): boolean {
  for (let i = 0; i + KEY_BODY_CHARS <= run.length; i++) {
    if (isWellFormedKey(KEY_PREFIX + run.slice(i, i + KEY_BODY_CHARS))) return true;
  }
  return false;
}

/**
 * A token's body without its prefix: random base64url switches case and between letters and digits
 * all along, which no ingredient name or prose word does (names are upper case, Title-Case words
 * switch twice a word, and a name's digits stand between hyphens: PEG-40, C12-15).
 */
function looksRandom(run: string): boolean {
  let switches = 0;
  let last: 'upper' | 'lower' | 'digit' | null = null;
  for (let i = 0; i < run.length; i++) {
    const c = run.charCodeAt(i);
    const kind = c >= 48 && c <= 57 ? 'digit' : c >= 65 && c <= 90 ? 'upper' : c >= 97 && c <= 122 ? 'lower' : null;
    if (kind === null) continue;
    if (last !== null && kind !== last) switches++;
    last = kind;
  }
  return switches >= 12;
}

/** Whether a text holds something shaped like one of our secrets (prefixed, or a bare key or token body). */
export function holdsSecret(text: string): boolean {
  // Most texts are short names: nothing long enough to be a secret, nothing to scan.
  if (text.length < 16) return false;
  PREFIXED_SECRET.lastIndex = 0;
  if (PREFIXED_SECRET.test(text)) return true;
  if (text.length < KEY_BODY_CHARS) return false;
  for (const m of text.matchAll(BASE62_RUN)) if (holdsBareKey(m[0])) return true;
  for (const m of text.matchAll(TOKEN_RUN)) if (looksRandom(m[0])) return true;
  return false;
}

/** The text with every secret-shaped part replaced by `[REDACTED]`. */
export function redactSecrets(text: string): string {
  if (!holdsSecret(text)) return text;
  return text
    .replace(PREFIXED_SECRET, '[REDACTED]')
    .replace(BASE62_RUN, (run) => (holdsBareKey(run) ? '[REDACTED]' : run))
    .replace(TOKEN_RUN, (run) => (looksRandom(run) ? '[REDACTED]' : run));
}
