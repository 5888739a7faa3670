import { loadChassisFromEnv } from '@svc/chassis';
import { type RunningService, type ServiceContext } from '@svc/kit';
import { libraryResolver } from '@svc/resolution';
import { preservationServer } from './server';

export async function startPreservation(ctx: ServiceContext): Promise<RunningService> {
  // A missing or invalid chassis file stops the service here, with a message free of its content.
  const chassis = loadChassisFromEnv(ctx.env);
  const resolver = await libraryResolver(ctx.peers.library, ctx.bus);
  const server = preservationServer({ log: ctx.log, resolver, chassis });
  const port = await server.listen(ctx.listen);
  return {
    name: 'preservation',
    port,
    async stop() {
      await server.shutdown();
      await resolver.stop();
    },
  };
}
