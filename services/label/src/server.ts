/**
 * gRPC handlers of the label service: validate, resolve names, build, check egress, encode; and
 * LabelChassis.Bands, the chassis' published share bands for the envelope's /check.
 */
import { assertCallerNames, callerNamesOf, releaseOrWithhold, type Chassis } from '@svc/chassis';
import { LabelRequestSchema } from '@svc/formula';
import { GrpcServer, requestIdOf, unary, unset, validated, type Logger } from '@svc/kit';
import { resolveOrUnavailable, type CachedResolver } from '@svc/resolution';
import { QUALIFIED, chassisBandsToProto, checkRequestExtrasFromProto, labelToProto, lineFromProto, proto } from '@svc/protos';
import type { BuildRequest__Output } from '@svc/protos/gen/svc/v1/BuildRequest';
import type { BuildResponse } from '@svc/protos/gen/svc/v1/BuildResponse';
import type { ChassisBandsRequest__Output } from '@svc/protos/gen/svc/v1/ChassisBandsRequest';
import type { ChassisBandsResponse } from '@svc/protos/gen/svc/v1/ChassisBandsResponse';
import { ChassisBandsRequestSchema, buildLabel, callerAmounts, namesToResolve, publishedShares } from './engine/index';

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
  // Internal (the envelope's): the published view only, the same on every deployment whose chassis
  // agrees on the bands. Its own service, so that the gateway's Label client does not carry it.
  server.add('svc.v1.LabelChassis', proto.labelChassis.service, {
    Bands: unary<ChassisBandsRequest__Output, ChassisBandsResponse>(log, (req) => {
      const { variant } = validated(ChassisBandsRequestSchema, { variant: req.variant });
      return chassisBandsToProto(variant, publishedShares(chassis, variant));
    }),
  });
  return server;
}
