/**
 * Configuration from the environment, validated once at start. A bad value stops the process
 * with the variable's name, so a misconfigured pod fails its start instead of its first request.
 */
import { z } from 'zod';

export class ConfigError extends Error {}

export function loadConfig<S extends z.ZodRawShape>(shape: S, env: NodeJS.ProcessEnv = process.env): z.infer<z.ZodObject<S>> {
  const r = z.object(shape).safeParse(env);
  if (r.success) return r.data;
  const lines = r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  throw new ConfigError(`invalid configuration:\n  ${lines.join('\n  ')}`);
}

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

export const env = {
  port: (def: number) => z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(def)),
  url: (protocols: string[]) =>
    z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine((v) => protocols.some((p) => v.startsWith(`${p}://`)), { message: `must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}` })
        .optional(),
    ),
  /** A gRPC peer: host:port (resolved through DNS), or a dns:// target naming its DNS server. */
  address: (def: string) =>
    z.preprocess(emptyToUndefined, z.string().regex(/^(?:dns:\/\/[A-Za-z0-9.\-_[\]:]*\/)?[A-Za-z0-9.\-_[\]:]+:\d{1,5}$/, 'must be host:port or dns://[server]/host:port').default(def)),
  string: (def: string) => z.preprocess(emptyToUndefined, z.string().default(def)),
  /** A comma-separated list of names from `allowed`; `none` is the empty list. */
  list: <T extends string>(allowed: readonly [T, ...T[]], def: readonly T[]) =>
    z.preprocess(
      (v) => {
        const s = emptyToUndefined(v);
        if (s === undefined) return undefined;
        const items = String(s).split(',').map((x) => x.trim()).filter(Boolean);
        return items.length === 1 && items[0] === 'none' ? [] : items;
      },
      z.array(z.enum(allowed, { message: `must be none, or a comma-separated list of: ${allowed.join(', ')}` })).default([...def]),
    ),
  int: (def: number, min = 0, max = Number.MAX_SAFE_INTEGER) => z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).default(def)),
  /** One of a few words, the first being the default. */
  oneOf: <T extends string>(allowed: readonly [T, ...T[]]) =>
    z.preprocess(emptyToUndefined, z.enum(allowed, { message: `must be one of: ${allowed.join(', ')}` }).default(allowed[0])),
  logLevel: () => z.preprocess(emptyToUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
};

/** Variables every process understands (docs/decisions.md lists them all). */
export const commonEnv = {
  SVC_LOG_LEVEL: env.logLevel(),
  SVC_DATABASE_URL: env.url(['postgres', 'postgresql']),
  SVC_REDIS_URL: env.url(['redis', 'rediss']),
  SVC_NATS_URL: env.url(['nats', 'tls']),
  SVC_DATA_DIR: env.string('.data'),
  /** Prefix of bus subjects and cache keys; tests use their own to share servers safely. */
  SVC_NAMESPACE: z.preprocess(emptyToUndefined, z.string().regex(/^[a-z][a-z0-9_]{0,30}$/, 'must be lower-case letters, digits, _').default('svc')),
};
