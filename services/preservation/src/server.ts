/** gRPC handlers of the preservation service: validate, resolve names, assess, check egress, encode. */
import { assertCallerNames, callerNamesOf, releaseOrWithhold, type Chassis } from '@svc/chassis';
import { PreservationRequestSchema } from '@svc/formula';
import { GrpcServer, requestIdOf, unary, unset, validated, type Logger } from '@svc/kit';
import { resolveOrUnavailable, type CachedResolver } from '@svc/resolution';
import { QUALIFIED, lineFromProto, preservationToProto, proto } from '@svc/protos';
import type { AssessRequest__Output } from '@svc/protos/gen/svc/v1/AssessRequest';
import type { AssessResponse } from '@svc/protos/gen/svc/v1/AssessResponse';
import { assessPreservation, namesToResolve } from './engine/index';

export function preservationServer(deps: { log: Logger; resolver: CachedResolver; chassis: Chassis }): GrpcServer {
  const { log, resolver, chassis } = deps;
  const server = new GrpcServer('preservation', log);
  server.add(QUALIFIED.preservation, proto.preservation.service, {
    Assess: unary<AssessRequest__Output, AssessResponse>(log, async (req, call) => {
      const request = validated(PreservationRequestSchema, {
        variant: req.variant,
        nbPct: req.nbPct,
        lines: req.lines.map(lineFromProto),
        ph: req.ph ?? undefined,
        productType: unset(req.productType),
        market: unset(req.market),
      });
      const resolutions = await resolveOrUnavailable(resolver, namesToResolve(request, chassis), requestIdOf(call.metadata));
      assertCallerNames(request.lines, chassis);
      return preservationToProto(releaseOrWithhold(assessPreservation(request, resolutions, chassis), chassis, log, 'preservation', requestIdOf(call.metadata), { callerNames: callerNamesOf(request.lines) }));
    }),
  });
  return server;
}
