/** gRPC handlers of the envelope service: validate, resolve names, call the engine, encode. */
import { CheckRequestSchema } from '@svc/formula';
import { GrpcServer, checkVerdicts, requestIdOf, unary, validated, type Logger } from '@svc/kit';
import { resolveOrUnavailable, type CachedResolver } from '@svc/resolution';
import { QUALIFIED, checkToProto, lineFromProto, proto } from '@svc/protos';
import type { CheckRequest__Output } from '@svc/protos/gen/svc/v1/CheckRequest';
import type { CheckResponse } from '@svc/protos/gen/svc/v1/CheckResponse';
import { checkFormula, namesToResolve, type EnvelopePack } from './engine/index';

export function envelopeServer(deps: { log: Logger; resolver: CachedResolver; pack: EnvelopePack }): GrpcServer {
  const server = new GrpcServer('envelope', deps.log);
  server.add(QUALIFIED.envelope, proto.envelope.service, {
    Check: unary<CheckRequest__Output, CheckResponse>(deps.log, async (req, call) => {
      const request = validated(CheckRequestSchema, { base: req.base, basePct: req.basePct, ph: req.ph, lines: req.lines.map(lineFromProto) });
      const resolutions = await resolveOrUnavailable(deps.resolver, namesToResolve(request), requestIdOf(call.metadata));
      const result = checkFormula(request, resolutions, deps.pack);
      checkVerdicts.inc({ verdict: result.verdict });
      return checkToProto(result, deps.pack.version);
    }),
  });
  return server;
}
