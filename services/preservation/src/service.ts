import { GrpcServer, notYet, type RunningService, type ServiceContext } from '@svc/kit';
import { QUALIFIED, proto } from '@svc/protos';

export async function startPreservation(ctx: ServiceContext): Promise<RunningService> {
  const server = new GrpcServer('preservation', ctx.log);
  server.add(QUALIFIED.preservation, proto.preservation.service, { Assess: notYet(ctx.log, 'preservation guidance') });
  const port = await server.listen(ctx.listen);
  return { name: 'preservation', port, stop: () => server.shutdown() };
}
