/**
 * JSON logs with secrets removed at the source: keys, Authorization, x-svc-key, and the key
 * embedded in /mcp/<key> paths never reach a log line.
 */
import pino, { type Logger } from 'pino';
import { traceFields, tracing } from './tracing/context';

export type { Logger };

const KEY_PATTERN = /svc_(?:live|test)_[A-Za-z0-9]{8,}/g;

/** Replaces the key of an /mcp/<key> path and any key-shaped token in a URL or text. */
export function redactText(text: string): string {
  return text.replace(/\/mcp\/[^/?#\s]+/g, '/mcp/[REDACTED]').replace(KEY_PATTERN, '[REDACTED]');
}

export const REDACT_PATHS = [
  'key', '*.key', 'apiKey', '*.apiKey',
  'authorization', '*.authorization', 'headers.authorization', '*.headers.authorization',
  'headers["x-svc-key"]', '*.headers["x-svc-key"]', '"x-svc-key"', '*["x-svc-key"]',
  'body', '*.body', 'lines', '*.lines',
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
