/** `npm run start:split`: the seven components as separate processes against real servers. */
import pg from 'pg';
import { commonEnv, env, loadConfig, startFailed } from '@svc/kit';
import { staleBuild } from './build/compiled';
import { COMPONENTS } from './components';
import { startSplit } from './split';

// SVC_SPLIT_PORTS=free: free ports for the services instead of the cluster's (a second start beside one).
const cfg = loadConfig({ ...commonEnv, SVC_PORT: env.port(8080), SVC_SPLIT_PORTS: env.list(['registry', 'free'] as const, ['registry']) });
const databaseUrl = cfg.SVC_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/svc';
const redisUrl = cfg.SVC_REDIS_URL ?? 'redis://127.0.0.1:6379';
const natsUrl = cfg.SVC_NATS_URL ?? 'nats://127.0.0.1:4222';

// The default database is created on first use so a fresh machine needs no manual step.
if (!cfg.SVC_DATABASE_URL) {
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  const has = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'svc'");
  if (!has.rowCount) await admin.query('CREATE DATABASE svc');
  await admin.end();
}

// The build when every component's is there and current (npm run build), the sources through tsx otherwise.
const stale = COMPONENTS.map((c) => staleBuild(c.name)).filter((r): r is string => r !== null);
const runtime = stale.length ? 'tsx' : 'compiled';
console.log(runtime === 'compiled' ? 'Running the build (dist/, plain node)' : `Running the sources through tsx (${stale[0]}${stale.length > 1 ? `, and ${stale.length - 1} more` : ''}; npm run build compiles them)`);

const sys = await startSplit({ databaseUrl, redisUrl, natsUrl, namespace: cfg.SVC_NAMESPACE, dataDir: cfg.SVC_DATA_DIR, gatewayPort: cfg.SVC_PORT, logLevel: cfg.SVC_LOG_LEVEL, fixedPorts: !cfg.SVC_SPLIT_PORTS.includes('free'), runtime }).catch((err: unknown) =>
  startFailed('start:split', err),
);
const services = Object.entries(sys.addresses).map(([n, a]) => `  ${n.padEnd(13)} ${a}`).join('\n');
console.log(`\nSplit start: 7 processes against PostgreSQL, Redis and NATS, supervised (restarted with back-off)\n  Base URL: ${sys.url}\n  API key:  ${sys.key} (also in ${cfg.SVC_DATA_DIR}/dev-key)\n  Services (gRPC):\n${services}\nCtrl-C stops everything, the gateway first.`);
// Ctrl-C signals the whole group and npm passes it on again: a second signal does not cut the
// ordered stop short; a third exits at once (the children, on their own groups, then stop when
// their channel to this process closes).
let signals = 0;
const shutdown = () => {
  if (++signals >= 3) process.exit(1);
  if (signals > 1) return;
  void sys.stop().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
