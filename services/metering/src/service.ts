import { migrate, type RunningService, type ServiceContext } from '@svc/kit';
import { migrations, SCHEMA } from './migrations';
import { meteringServer } from './server';

export async function startMetering(ctx: ServiceContext): Promise<RunningService> {
  await migrate(ctx.sql, SCHEMA, migrations);
  const server = meteringServer(ctx);
  const port = await server.listen(ctx.listen);
  return { name: 'metering', port, stop: () => server.shutdown() };
}

export * as accounts from './store';
export { migrations, SCHEMA } from './migrations';
export { PLANS, PLAN_IDS, planOf, type PlanId } from './engine/plans';
