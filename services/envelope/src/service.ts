import { GrpcServer, notYet, type RunningService, type ServiceContext } from '@svc/kit';
import { QUALIFIED, proto } from '@svc/protos';

export async function startEnvelope(ctx: ServiceContext): Promise<RunningService> {
  const server = new GrpcServer('envelope', ctx.log);
  server.add(QUALIFIED.envelope, proto.envelope.service, { Check: notYet(ctx.log, 'envelope check') });
  const port = await server.listen(ctx.listen);
  return { name: 'envelope', port, stop: () => server.shutdown() };
}
