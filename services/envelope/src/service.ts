import { type RunningService, type ServiceContext } from '@svc/kit';
import { libraryResolver } from '@svc/resolution';
import { labelChassisBands } from './chassis';
import { DEFAULT_PACK } from './engine/index';
import { envelopeServer } from './server';

export async function startEnvelope(ctx: ServiceContext): Promise<RunningService> {
  const resolver = await libraryResolver(ctx.peers.library, ctx.bus);
  // The chassis' published bands come from the label service, asked on first use: the envelope never holds the chassis.
  const chassis = labelChassisBands(ctx.peers.label, ctx.log);
  const server = envelopeServer({ log: ctx.log, resolver, chassis, pack: DEFAULT_PACK });
  const port = await server.listen(ctx.listen);
  return {
    name: 'envelope',
    port,
    async stop() {
      await server.shutdown();
      await resolver.stop();
      chassis.stop();
    },
  };
}
