import { migrate, startOutboxRelay, type MigrateStep, type RunningService, type ServiceContext } from '@svc/kit';
import { migrations, SCHEMA } from './migrations';
import { startUsageCounters } from './counters';
import { meteringServer } from './server';
import { giveBackAbandoned } from './ledger';
import { OAUTH_QUALIFIED, proto } from '@svc/protos';
import { OAUTH_SCHEMA, oauthMigrations } from './oauth/migrations';
import { oauthHandlers } from './oauth/handlers';

const SWEEP_EVERY_MS = 10_000;

export const migrateMetering: MigrateStep = async ({ sql }) => {
  await migrate(sql, SCHEMA, migrations);
  // MCP sign-in (OAuth) lives beside the accounts it signs in to, in its own schema and service.
  await migrate(sql, OAUTH_SCHEMA, oauthMigrations);
};

export async function startMetering(ctx: ServiceContext): Promise<RunningService> {
  if (!ctx.skipMigrations) await migrateMetering(ctx);
  // Events left unpublished by an earlier process (a crash after a commit) leave on the first pass.
  const outbox = startOutboxRelay({ sql: ctx.sql, bus: ctx.bus, schema: SCHEMA, log: ctx.log });
  void outbox.flush();
  const counters = await startUsageCounters(ctx.sql, ctx.bus, ctx.log);
  const server = meteringServer({ sql: ctx.sql, log: ctx.log, outbox });
  server.add(OAUTH_QUALIFIED, proto.oauth.service, oauthHandlers({ sql: ctx.sql, log: ctx.log }));
  const port = await server.listen(ctx.listen);
  // Runs prepared ahead whose gateway went away before saying it was done with them (ledger.ts).
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = setInterval(() => {
    sweeping = giveBackAbandoned(ctx.sql, new Date()).catch((err: Error) => ctx.log.warn({ err: err.message }, 'prepared runs not given back yet; will retry'));
  }, SWEEP_EVERY_MS);
  sweep.unref();
  return {
    name: 'metering',
    port,
    async stop() {
      clearInterval(sweep);
      await sweeping;
      await server.shutdown();
      await outbox.stop();
      await counters.stop();
    },
  };
}

export * as accounts from './store';
export * as ledger from './ledger';
export { countersOf } from './counters';
export { meteringServer } from './server';
export { TOP_UP_PACKS } from './admin';
export { migrations, SCHEMA } from './migrations';
export { PLANS, PLAN_IDS, planOf, type PlanId } from './engine/plans';
