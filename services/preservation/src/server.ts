/** gRPC handlers of the preservation service: validate, resolve names, assess, check egress, encode. */
import { assertNoLeak, LeakError, type Chassis } from '@svc/chassis';
import { PreservationRequestSchema, type PreservationRequest } from '@svc/formula';
import { GrpcServer, lineFromProto, requestIdOf, resolveOrUnavailable, SvcError, unary, validated, type CachedResolver, type Logger } from '@svc/kit';
import { QUALIFIED, proto } from '@svc/protos';
import type { AssessRequest__Output } from '@svc/protos/gen/svc/v1/AssessRequest';
import type { AssessResponse } from '@svc/protos/gen/svc/v1/AssessResponse';
import * as grpc from '@grpc/grpc-js';
import type { z } from 'zod';
import { assessPreservation, namesToResolve } from './engine/index';

const empty = (s: string) => (s === '' ? undefined : s);

export function preservationServer(deps: { log: Logger; resolver: CachedResolver; chassis: Chassis }): GrpcServer {
  const { log, resolver, chassis } = deps;
  const server = new GrpcServer('preservation', log);
  server.add(QUALIFIED.preservation, proto.preservation.service, {
    Assess: unary<AssessRequest__Output, AssessResponse>(log, async (req, call) => {
      const request = validated(PreservationRequestSchema as unknown as z.ZodType<PreservationRequest>, {
        variant: req.variant,
        nbPct: req.nbPct,
        lines: req.lines.map(lineFromProto),
        ph: req.ph ?? undefined,
        productType: empty(req.productType),
        market: empty(req.market),
      });
      const resolutions = await resolveOrUnavailable(resolver, namesToResolve(request, chassis), requestIdOf(call.metadata));
      const out = assessPreservation(request, resolutions, chassis);
      try {
        assertNoLeak(out, chassis);
      } catch (err) {
        if (err instanceof LeakError) {
          log.error({ rule: 'egress', requestId: requestIdOf(call.metadata) }, 'preservation response withheld by the egress filter');
          throw new SvcError(grpc.status.INTERNAL, { code: 'internal_error', message: 'internal error' });
        }
        throw err;
      }
      return out;
    }),
  });
  return server;
}
