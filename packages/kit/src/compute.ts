import { parseWith } from '@svc/formula';
import type { z } from 'zod';
import { SvcError } from './errors';

/** Validates a request a compute service received; the gateway validated it already, this is defence. */
export function validated<T>(schema: z.ZodType<T>, input: unknown): T {
  const r = parseWith(schema, input);
  if (!r.ok) {
    const first = r.problems[0];
    throw SvcError.invalid(first ? `${first.field}: ${first.message}` : 'invalid request', r.problems);
  }
  return r.value;
}

/** Proto strings default to ""; the domain schemas mean "not given" by undefined. */
export const unset = (s: string): string | undefined => (s === '' ? undefined : s);
