/** gRPC handlers of the label service: validate, resolve names, build, check egress, encode. */
import { assertCallerNames, callerNamesOf, releaseOrWithhold, type Chassis } from '@svc/chassis';
import { LabelRequestSchema } from '@svc/formula';
import { GrpcServer, requestIdOf, unary, unset, validated, type Logger } from '@svc/kit';
import { resolveOrUnavailable, type CachedResolver } from '@svc/resolution';
import { QUALIFIED, checkRequestExtrasFromProto, labelToProto, lineFromProto, proto } from '@svc/protos';
import type { BuildRequest__Output } from '@svc/protos/gen/svc/v1/BuildRequest';
import type { BuildResponse } from '@svc/protos/gen/svc/v1/BuildResponse';
import { buildLabel, callerAmounts, namesToResolve } from './engine/index';

export function labelServer(deps: { log: Logger; resolver: CachedResolver; chassis: Chassis }): GrpcServer {
  const { log, resolver, chassis } = deps;
  const server = new GrpcServer('label', log);
  server.add(QUALIFIED.label, proto.label.service, {
    Build: unary<BuildRequest__Output, BuildResponse>(log, async (req, call) => {
      const request = validated(LabelRequestSchema, {
        variant: req.variant,
        nbPct: req.nbPct,
        lines: req.lines.map(lineFromProto),
        mode: unset(req.mode),
        market: unset(req.market),
        productType: unset(req.productType),
        ...checkRequestExtrasFromProto({ productType: '', product: req.product ?? null, market: '', repair: false }),
      });
      assertCallerNames(request.lines, chassis);
      const requestId = requestIdOf(call.metadata);
      const resolutions = await resolveOrUnavailable(resolver, namesToResolve(request, chassis), requestId);
      // Composition mode shows the caller's own amounts; nothing else may carry a number beside a chassis name.
      const built = buildLabel(request, resolutions, chassis);
      const callerNames = callerNamesOf(request.lines);
      const out = releaseOrWithhold(built, chassis, log, 'label', requestId, built.mode === 'composition' ? { allow: callerAmounts(request, resolutions), callerNames } : { callerNames });
      return labelToProto(out);
    }),
  });
  return server;
}
