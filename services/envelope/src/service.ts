import { type RunningService, type ServiceContext } from '@svc/kit';
import { libraryResolver } from '@svc/resolution';
import { DEFAULT_PACK } from './engine/index';
import { envelopeServer } from './server';

export async function startEnvelope(ctx: ServiceContext): Promise<RunningService> {
  const resolver = await libraryResolver(ctx.peers.library, ctx.bus);
  const server = envelopeServer({ log: ctx.log, resolver, pack: DEFAULT_PACK });
  const port = await server.listen(ctx.listen);
  return {
    name: 'envelope',
    port,
    async stop() {
      await server.shutdown();
      await resolver.stop();
    },
  };
}
