/**
 * How an MCP request presents its credential, and keeping the key of `/mcp/<key>` out of sight:
 * the key is taken out of the URL before anything (request id, access log, metrics, error
 * messages) has seen the request, and kept beside it where no logger looks.
 */
import type { IncomingMessage } from 'node:http';

const pathKeys = new WeakMap<IncomingMessage, string>();

/** What the URL says instead of the key, for everything that reads the path after this point. */
export const REDACTED_SEGMENT = '~';

// Case-insensitive, as Express' routing is: /MCP/<key> reaches the same route.
const PATH_KEY = /^\/mcp\/([^/?#]+)(\/[^?#]*)?(\?.*)?$/i;

/** Moves the key out of `/mcp/<key>` (first thing on every request, before any logger or metric). */
export function stripPathKey(req: IncomingMessage & { originalUrl?: string }): void {
  const m = PATH_KEY.exec(req.url ?? '');
  if (!m || m[1] === REDACTED_SEGMENT) return;
  let key = m[1] as string;
  try {
    key = decodeURIComponent(key);
  } catch {
    // a malformed escape is kept as sent: it is refused as a key like any other wrong one
  }
  pathKeys.set(req, key);
  req.url = `/mcp/${REDACTED_SEGMENT}${m[2] ?? ''}${m[3] ?? ''}`;
  // Express set originalUrl from the URL as it arrived; it must not keep the key either.
  req.originalUrl = req.url;
}

export const pathKeyOf = (req: IncomingMessage): string | undefined => pathKeys.get(req);

export type Credential = { kind: 'key'; key: string } | { kind: 'bearer'; token: string } | { kind: 'none' };

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The credential of an MCP request: the key in the path, else `Authorization: Bearer`, else
 * `x-svc-key`. A bearer value that `isAccessToken` recognises is an OAuth access token; any other
 * is taken as an API key.
 */
export function credentialOf(req: IncomingMessage, isAccessToken: (token: string) => boolean): Credential {
  const fromPath = pathKeys.get(req);
  if (fromPath !== undefined) return { kind: 'key', key: fromPath };
  const auth = req.headers.authorization;
  const bearer = auth ? BEARER.exec(auth)?.[1] : undefined;
  if (bearer) return isAccessToken(bearer) ? { kind: 'bearer', token: bearer } : { kind: 'key', key: bearer };
  const header = req.headers['x-svc-key'];
  const key = Array.isArray(header) ? header[0] : header;
  return key ? { kind: 'key', key } : { kind: 'none' };
}
