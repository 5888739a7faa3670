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
