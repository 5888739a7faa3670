/** gRPC handlers of the envelope service: validate, resolve names, call the engine, encode. */
import { CheckRequestSchema, type Remedy } from '@svc/formula';
import { GrpcServer, lineFromProto, requestIdOf, resolveOrUnavailable, unary, validated, type CachedResolver, type Logger } from '@svc/kit';
import { QUALIFIED, proto } from '@svc/protos';
import type { CheckRequest__Output } from '@svc/protos/gen/svc/v1/CheckRequest';
import type { CheckResponse } from '@svc/protos/gen/svc/v1/CheckResponse';
import type { Remedy as RemedyMsg } from '@svc/protos/gen/svc/v1/Remedy';
import { checkFormula, namesToResolve, type EnvelopePack } from './engine/index';

export function remedyToProto(r: Remedy): RemedyMsg {
  const to = r.to;
  return {
    code: r.code,
    action: r.action,
    target: r.target,
    ...(r.from === null ? {} : { from: r.from }),
    ...(to === null ? {} : typeof to === 'number' ? { toValue: to } : Array.isArray(to) ? { toNames: { names: to } } : { toRange: to }),
    message: r.message,
    changes: r.changes ?? [],
  };
}

export function envelopeServer(deps: { log: Logger; resolver: CachedResolver; pack: EnvelopePack }): GrpcServer {
  const server = new GrpcServer('envelope', deps.log);
  server.add(QUALIFIED.envelope, proto.envelope.service, {
    Check: unary<CheckRequest__Output, CheckResponse>(deps.log, async (req, call) => {
      const request = validated(CheckRequestSchema, { base: req.base, basePct: req.basePct, ph: req.ph, lines: req.lines.map(lineFromProto) });
      const resolutions = await resolveOrUnavailable(deps.resolver, namesToResolve(request), requestIdOf(call.metadata));
      const r = checkFormula(request, resolutions, deps.pack);
      return {
        verdict: r.verdict,
        categories: r.categories.map((c) => ({ code: c.code, name: c.name, load: c.load, status: c.status, ...(c.max === null ? {} : { max: c.max }), ...(c.share === null ? {} : { share: c.share }) })),
        remedies: r.remedies.map(remedyToProto),
        maxLoads: r.maxLoads as Record<string, number>,
        lines: r.lines.map((l) => ({ n: l.n, pct: l.pct, matched: l.matched, line: l.line, trace: l.trace, ...(l.inci === null ? {} : { inci: l.inci }), ...(l.c === null ? {} : { c: l.c }) })),
        unmatched: r.unmatched,
        packVersion: deps.pack.version,
      };
    }),
  });
  return server;
}
