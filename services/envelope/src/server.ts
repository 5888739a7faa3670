/** gRPC handlers of the envelope service: validate, resolve names, call the engine, encode. */
import { CheckRequestSchema } from '@svc/formula';
import { GrpcServer, checkVerdicts, requestIdOf, unary, validated, type Logger } from '@svc/kit';
import { EU_ANNEXES, US_CFR, type RegulatoryPack, type UsPack } from '@svc/regulation';
import { resolveOrUnavailable, type CachedResolver } from '@svc/resolution';
import { QUALIFIED, checkRequestExtrasFromProto, checkToProto, lineFromProto, proto } from '@svc/protos';
import type { CheckRequest__Output } from '@svc/protos/gen/svc/v1/CheckRequest';
import type { CheckResponse } from '@svc/protos/gen/svc/v1/CheckResponse';
import { REPAIR_NAMES, checkFormula, namesToResolve, repairFormula, type EnvelopePack } from './engine/index';

export function envelopeServer(deps: { log: Logger; resolver: CachedResolver; pack: EnvelopePack; regulation?: RegulatoryPack; us?: UsPack }): GrpcServer {
  const server = new GrpcServer('envelope', deps.log);
  const regulation = deps.regulation ?? EU_ANNEXES;
  const us = deps.us ?? US_CFR;
  server.add(QUALIFIED.envelope, proto.envelope.service, {
    Check: unary<CheckRequest__Output, CheckResponse>(deps.log, async (req, call) => {
      const request = validated(CheckRequestSchema, { base: req.base, basePct: req.basePct, ph: req.ph, lines: req.lines.map(lineFromProto), ...checkRequestExtrasFromProto(req) });
      const names = namesToResolve(request);
      if (request.repair === true) for (const n of REPAIR_NAMES) if (!names.includes(n)) names.push(n);
      const resolutions = await resolveOrUnavailable(deps.resolver, names, requestIdOf(call.metadata));
      const result = checkFormula(request, resolutions, deps.pack, regulation, us);
      checkVerdicts.inc({ verdict: result.verdict });
      const repair = request.repair === true ? repairFormula(request, result, resolutions, deps.pack, regulation, us) : undefined;
      // The version of the pack the market's screen read.
      const regulatoryVersion = result.market === 'us' ? us.version : regulation.version;
      return checkToProto(result, deps.pack.version, { regulatoryVersion, ...(repair ? { repair } : {}) });
    }),
  });
  return server;
}
