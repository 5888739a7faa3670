/**
 * gRPC handlers of the envelope service: validate, fetch the chassis' published share bands (from
 * the label service, cached), resolve names (the chassis' too), call the engine, encode.
 */
import { CheckRequestSchema } from '@svc/formula';
import { GrpcServer, checkVerdicts, requestIdOf, unary, validated, type Logger } from '@svc/kit';
import { EU_ANNEXES, US_CFR, type RegulatoryPack, type UsPack } from '@svc/regulation';
import { resolveOrUnavailable, type CachedResolver } from '@svc/resolution';
import { QUALIFIED, checkRequestExtrasFromProto, checkToProto, lineFromProto, proto } from '@svc/protos';
import type { CheckRequest__Output } from '@svc/protos/gen/svc/v1/CheckRequest';
import type { CheckResponse } from '@svc/protos/gen/svc/v1/CheckResponse';
import { REPAIR_NAMES, checkFormula, namesToResolve, repairFormula, type EnvelopePack } from './engine/index';
import type { ChassisBands } from './chassis';

export function envelopeServer(deps: { log: Logger; resolver: CachedResolver; chassis: ChassisBands; pack: EnvelopePack; regulation?: RegulatoryPack; us?: UsPack }): GrpcServer {
  const server = new GrpcServer('envelope', deps.log);
  const regulation = deps.regulation ?? EU_ANNEXES;
  const us = deps.us ?? US_CFR;
  server.add(QUALIFIED.envelope, proto.envelope.service, {
    Check: unary<CheckRequest__Output, CheckResponse>(deps.log, async (req, call) => {
      const request = validated(CheckRequestSchema, { base: req.base, basePct: req.basePct, ph: req.ph, lines: req.lines.map(lineFromProto), ...checkRequestExtrasFromProto(req) });
      const requestId = requestIdOf(call.metadata);
      // The chassis' components are screened on their published bands (a 503 when they cannot be had).
      const chassis = await deps.chassis.shares(request.base, requestId);
      const names = namesToResolve(request);
      const extra = request.repair === true ? [...REPAIR_NAMES, ...chassis.map((c) => c.n)] : chassis.map((c) => c.n);
      for (const n of extra) if (!names.includes(n)) names.push(n);
      const resolutions = await resolveOrUnavailable(deps.resolver, names, requestId);
      const result = checkFormula(request, resolutions, deps.pack, regulation, us, chassis);
      checkVerdicts.inc({ verdict: result.verdict });
      const repair = request.repair === true ? repairFormula(request, result, resolutions, deps.pack, regulation, us, chassis) : undefined;
      // The version of the pack the market's screen read.
      const regulatoryVersion = result.market === 'us' ? us.version : regulation.version;
      return checkToProto(result, deps.pack.version, { regulatoryVersion, ...(repair ? { repair } : {}) });
    }),
  });
  return server;
}
