/** gRPC handlers of the label service: validate, resolve names, build, check egress, encode. */
import { assertNoLeak, LeakError, type Chassis } from '@svc/chassis';
import { LabelRequestSchema, type LabelRequest } from '@svc/formula';
import { GrpcServer, lineFromProto, requestIdOf, resolveOrUnavailable, SvcError, unary, validated, type CachedResolver, type Logger } from '@svc/kit';
import { QUALIFIED, proto } from '@svc/protos';
import type { BuildRequest__Output } from '@svc/protos/gen/svc/v1/BuildRequest';
import type { BuildResponse } from '@svc/protos/gen/svc/v1/BuildResponse';
import * as grpc from '@grpc/grpc-js';
import type { z } from 'zod';
import { buildLabel, callerAmounts, namesToResolve } from './engine/index';

const empty = (s: string) => (s === '' ? undefined : s);

export function labelServer(deps: { log: Logger; resolver: CachedResolver; chassis: Chassis }): GrpcServer {
  const { log, resolver, chassis } = deps;
  const server = new GrpcServer('label', log);
  server.add(QUALIFIED.label, proto.label.service, {
    Build: unary<BuildRequest__Output, BuildResponse>(log, async (req, call) => {
      const request = validated(LabelRequestSchema as unknown as z.ZodType<LabelRequest>, {
        variant: req.variant,
        nbPct: req.nbPct,
        lines: req.lines.map(lineFromProto),
        mode: empty(req.mode),
        market: empty(req.market),
        productType: empty(req.productType),
      });
      const resolutions = await resolveOrUnavailable(resolver, namesToResolve(request, chassis), requestIdOf(call.metadata));
      const out = buildLabel(request, resolutions, chassis);
      try {
        // Last line of defence: nothing leaves with a chassis name beside a number or a canary.
        assertNoLeak(out, chassis, out.mode === 'composition' ? { allow: callerAmounts(request, resolutions) } : {});
      } catch (err) {
        if (err instanceof LeakError) {
          log.error({ rule: 'egress', requestId: requestIdOf(call.metadata) }, 'label response withheld by the egress filter');
          throw new SvcError(grpc.status.INTERNAL, { code: 'internal_error', message: 'internal error' });
        }
        throw err;
      }
      if (out.mode === 'composition') {
        return { mode: 'composition', composition: out.composition.map((r) => ({ name: r.name, pct: r.pct, trace: r.trace === true })), compositionSheet: out.composition_sheet, unmatched: out.unmatched };
      }
      return { mode: 'label', finishedInci: out.finished_inci, ordered: out.ordered, tail: out.tail, unmatched: out.unmatched };
    }),
  });
  return server;
}
