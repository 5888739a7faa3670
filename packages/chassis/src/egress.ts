/**
 * The last step before a label or preservation answer leaves its service: the egress filter.
 * A response that would carry a chassis amount or a canary is withheld as an internal error,
 * and the log says which service withheld it, never what it held.
 */
import * as grpc from '@grpc/grpc-js';
import { SvcError, type Logger } from '@svc/kit';
import type { Chassis } from './chassis';
import { assertNoLeak, findLeaks, LeakError, type LeakOptions } from './guard';
import type { Line } from '@svc/formula';

export function releaseOrWithhold<T>(out: T, chassis: Chassis, log: Logger, service: string, requestId: string | undefined, opts: LeakOptions = {}): T {
  try {
    assertNoLeak(out, chassis, opts);
    return out;
  } catch (err) {
    if (!(err instanceof LeakError)) throw err;
    log.error({ rule: 'egress', service, requestId }, 'response withheld by the egress filter');
    throw new SvcError(grpc.status.INTERNAL, { code: 'internal_error', message: 'internal error' });
  }
}

/** Every name a caller sent, line and blend names alike: the egress filter's `callerNames`. */
export function callerNamesOf(lines: readonly Line[]): string[] {
  const out: string[] = [];
  for (const l of lines) {
    if ('blend' in l) for (const b of l.blend) out.push(b.n);
    else out.push(l.n);
  }
  return out;
}

/**
 * Names are echoed back in labels and reasons, so a name that would trip the egress filter on its
 * own ("SQUALANE 2": a chassis name beside a number) is the caller's error, named by its field, not
 * a withheld 500. Any other name is echoed safely: the filter blanks the caller's own names
 * (LeakOptions.callerNames), so where an echo lands never decides the status.
 */
export function assertCallerNames(lines: readonly Line[], chassis: Chassis): void {
  const problems: { field: string; message: string }[] = [];
  const check = (name: string, field: string) => {
    if (findLeaks(name, chassis).length) problems.push({ field, message: 'must be an ingredient name, without amounts or notes' });
  };
  lines.forEach((l, i) => {
    if ('blend' in l) l.blend.forEach((b, j) => check(b.n, `lines[${i}].blend[${j}].n`));
    else check(l.n, `lines[${i}].n`);
  });
  const first = problems[0];
  if (first) throw SvcError.invalid(`${first.field}: ${first.message}`, problems);
}
