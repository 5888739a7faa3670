/**
 * The last step before a label or preservation answer leaves its service: the egress filter.
 * A response that would carry a chassis amount or a canary is withheld as an internal error,
 * and the log says which service withheld it, never what it held.
 */
import * as grpc from '@grpc/grpc-js';
import { SvcError, type Logger } from '@svc/kit';
import type { Chassis } from './chassis';
import { assertNoLeak, LeakError, type LeakOptions } from './guard';

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
