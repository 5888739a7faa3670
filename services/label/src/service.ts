import { GrpcServer, notYet, type RunningService, type ServiceContext } from '@svc/kit';
import { QUALIFIED, proto } from '@svc/protos';

export async function startLabel(ctx: ServiceContext): Promise<RunningService> {
  const server = new GrpcServer('label', ctx.log);
  server.add(QUALIFIED.label, proto.label.service, { Build: notYet(ctx.log, 'label building') });
  const port = await server.listen(ctx.listen);
  return { name: 'label', port, stop: () => server.shutdown() };
}
