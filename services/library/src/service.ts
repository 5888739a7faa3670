import { GrpcServer, notYet, type RunningService, type ServiceContext } from '@svc/kit';
import { QUALIFIED, proto } from '@svc/protos';

// Temporary until the catalogue lands in this commit series.
export async function startLibrary(ctx: ServiceContext): Promise<RunningService> {
  const server = new GrpcServer('library', ctx.log);
  server.add(QUALIFIED.library, proto.library.service, {
    Search: notYet(ctx.log, 'search'),
    Resolve: notYet(ctx.log, 'resolve'),
    Submit: notYet(ctx.log, 'submissions'),
    ListSubmissions: notYet(ctx.log, 'submissions'),
    Decide: notYet(ctx.log, 'submissions'),
    GetMeta: notYet(ctx.log, 'meta'),
  });
  const port = await server.listen(ctx.listen);
  return { name: 'library', port, stop: () => server.shutdown() };
}
