import { publishEvent } from '@svc/protos';
import type { MigrateStep, RunningService, ServiceContext } from '@svc/kit';
import { migrate } from './migrations';
import { libraryServer } from './server';
import { searchIndex } from './store';

/** The schema and the catalogue import: whoever imports a new data version announces it. */
export const migrateLibrary: MigrateStep = async (ctx) => {
  const report = await migrate(ctx.sql, ctx.progress ?? ((m: string) => ctx.log.info(m)));
  if (report.import.imported) {
    // A data upgrade changes facts the compute services may have cached.
    await publishEvent(ctx.bus, 'library.updated', { reason: 'data_version', dataVersion: report.import.dataVersion }, { id: `library.updated:data:${report.import.dataVersion}` });
  }
};

export async function startLibrary(ctx: ServiceContext): Promise<RunningService> {
  if (!ctx.skipMigrations) await migrateLibrary(ctx);
  // Built before the port opens, so the first search is as fast as the rest.
  await searchIndex(ctx.sql);
  const server = libraryServer(ctx);
  const port = await server.listen(ctx.listen);
  return { name: 'library', port, stop: () => server.shutdown() };
}

export * as store from './store';
export { migrate } from './migrations';
