/**
 * Protected-information screening, strikes and standing. The process, its contract and its
 * health are in place; the screening rules and the strike ledger are the next issue's work,
 * and until then each RPC answers UNIMPLEMENTED rather than pretending to screen.
 */
import { GrpcServer, notYet, type RunningService, type ServiceContext } from '@svc/kit';
import { QUALIFIED, proto } from '@svc/protos';

export async function startCompliance(ctx: ServiceContext): Promise<RunningService> {
  const server = new GrpcServer('compliance', ctx.log);
  server.add(QUALIFIED.compliance, proto.compliance.service, {
    Screen: notYet(ctx.log, 'protected-information screening'),
    GetStanding: notYet(ctx.log, 'key standing'),
    RecordRefusal: notYet(ctx.log, 'refusal ledger'),
  });
  const port = await server.listen(ctx.listen);
  return { name: 'compliance', port, stop: () => server.shutdown() };
}
