/**
 * Protected information: the strike ledger, standing and the audit log. The screening and probe
 * decisions run in the gateway's process (@svc/screening, the hot-path budget); every refusal they
 * make is recorded here, which applies the strike ladder and announces the new standing.
 */
import { migrate, startOutboxRelay, type MigrateStep, type RunningService, type ServiceContext } from '@svc/kit';
import { migrations, SCHEMA } from './migrations';
import { complianceServer } from './server';

export const migrateCompliance: MigrateStep = async ({ sql }) => {
  await migrate(sql, SCHEMA, migrations);
};

export async function startCompliance(ctx: ServiceContext & { now?: () => number }): Promise<RunningService> {
  if (!ctx.skipMigrations) await migrateCompliance(ctx);
  // Events left unpublished by an earlier process (a crash after a commit) leave on the first pass.
  const outbox = startOutboxRelay({ sql: ctx.sql, bus: ctx.bus, schema: SCHEMA, log: ctx.log });
  void outbox.flush();
  const server = complianceServer({ sql: ctx.sql, log: ctx.log, outbox, ...(ctx.now ? { now: ctx.now } : {}) });
  const port = await server.listen(ctx.listen);
  return {
    name: 'compliance',
    port,
    async stop() {
      await server.shutdown();
      await outbox.stop();
    },
  };
}

export { TELL_YOUR_USER } from './messages';
export { applyRefusal, standingOf, utcDay, FRESH, HOUR_MS, WEEK_MS, type LadderState, type Outcome } from './engine/ladder';
export { migrations, SCHEMA } from './migrations';
