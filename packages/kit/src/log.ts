/**
 * JSON logs with secrets removed at the source: keys, Authorization, x-svc-key, and the key
 * embedded in /mcp/<key> paths never reach a log line.
 */
import pino, { type Logger } from 'pino';
import { redactSecrets } from './keys';
import { traceFields, tracing } from './tracing/context';

export type { Logger };

/** Replaces the key of an /mcp/<key> path and any key- or token-shaped text (OAuth tokens too) in a URL or text. */
export function redactText(text: string): string {
  return redactSecrets(text.replace(/\/mcp\/[^/?#\s]+/g, '/mcp/[REDACTED]'));
}

export const REDACT_PATHS = [
  'key', '*.key', 'apiKey', '*.apiKey',
  'authorization', '*.authorization', 'headers.authorization', '*.headers.authorization',
  'headers["x-svc-key"]', '*.headers["x-svc-key"]', '"x-svc-key"', '*["x-svc-key"]',
  'body', '*.body', 'lines', '*.lines',
  // MCP sign-in's tokens, as OAuth names them in forms and answers.
  'access_token', '*.access_token', 'refresh_token', '*.refresh_token', 'token', '*.token', 'code_verifier', '*.code_verifier',
];

export function createLogger(name: string, level = 'info', destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      // The embedded start passes no name and gives each component a child with its own `svc`.
      base: name ? { svc: name } : {},
      redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
      formatters: { level: (label) => ({ level: label }) },
      // The request's trace id on every line written while serving it, in every process it reaches.
      ...(tracing ? { mixin: traceFields } : {}),
      hooks: {
        // Messages and url fields are free text: scrub key-shaped tokens from them too.
        logMethod(args, method) {
          const scrubbed = args.map((a) => (typeof a === 'string' ? redactText(a) : scrubUrl(a)));
          return method.apply(this, scrubbed as Parameters<typeof method>);
        },
      },
    },
    destination,
  );
}

function scrubUrl(a: unknown): unknown {
  if (a && typeof a === 'object' && !Array.isArray(a)) {
    const o = a as Record<string, unknown>;
    if (typeof o.url === 'string' || typeof o.path === 'string') {
      return { ...o, ...(typeof o.url === 'string' ? { url: redactText(o.url) } : {}), ...(typeof o.path === 'string' ? { path: redactText(o.path) } : {}) };
    }
  }
  return a;
}
