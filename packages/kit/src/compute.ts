import * as grpc from '@grpc/grpc-js';
import { parseWith, type Resolution } from '@svc/formula';
import type { z } from 'zod';
import { SvcError } from './errors';
import type { CachedResolver } from './resolver';

/** Validates a request a compute service received; the gateway validated it already, this is defence. */
export function validated<T>(schema: z.ZodType<T>, input: unknown): T {
  const r = parseWith(schema, input);
  if (!r.ok) {
    const first = r.problems[0];
    throw SvcError.invalid(first ? `${first.field}: ${first.message}` : 'invalid request', r.problems);
  }
  return r.value;
}

/** Resolves names through the library, turning its absence into UNAVAILABLE for the caller. */
export async function resolveOrUnavailable(resolver: CachedResolver, names: readonly string[], requestId?: string): Promise<Map<string, Resolution>> {
  try {
    return await resolver.resolve(names, requestId);
  } catch (err) {
    const code = (err as grpc.ServiceError).code;
    // Only an absent or slow library is "retry shortly"; anything else is a fault to log, not to retry.
    if (code === grpc.status.UNAVAILABLE || code === grpc.status.DEADLINE_EXCEEDED || code === grpc.status.CANCELLED) {
      throw new SvcError(grpc.status.UNAVAILABLE, { code: 'service_unavailable', message: 'the ingredient library is unavailable; retry shortly' });
    }
    throw err;
  }
}

/** Proto strings default to ""; the domain schemas mean "not given" by undefined. */
export const unset = (s: string): string | undefined => (s === '' ? undefined : s);
