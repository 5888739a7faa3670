/** `npm start`: the whole service embedded in one process, ready to curl. */
import { commonEnv, env, loadConfig, onShutdown, serveMetrics, startFailed } from '@svc/kit';
import { startSystem, threadsSetting } from './system';

let cfg: ReturnType<typeof config>;
const config = () => loadConfig({ ...commonEnv, SVC_HOST: env.string('127.0.0.1'), SVC_PORT: env.port(8080), SVC_RATE_LIMIT_PER_SEC: env.int(0, 0), SVC_METRICS_PORT: env.port(0), SVC_THREADS: threadsSetting() });
try {
  cfg = config();
} catch (err) {
  startFailed('npm start', err);
}
const t0 = Date.now();
const sys = await startSystem({
  dataDir: cfg.SVC_DATA_DIR,
  host: cfg.SVC_HOST,
  port: cfg.SVC_PORT,
  logLevel: cfg.SVC_LOG_LEVEL === 'info' ? 'warn' : cfg.SVC_LOG_LEVEL,
  databaseUrl: cfg.SVC_DATABASE_URL,
  redisUrl: cfg.SVC_REDIS_URL,
  natsUrl: cfg.SVC_NATS_URL,
  namespace: cfg.SVC_NAMESPACE,
  ratePerSecond: cfg.SVC_RATE_LIMIT_PER_SEC,
  threads: cfg.SVC_THREADS,
  progress: (m) => console.log(m),
}).catch((err: unknown) => startFailed('npm start', err));
const where = [cfg.SVC_DATABASE_URL ? 'PostgreSQL' : `PGlite (${cfg.SVC_DATA_DIR}/pg)`, cfg.SVC_NATS_URL ? 'NATS' : 'in-process bus', cfg.SVC_REDIS_URL ? 'Redis' : 'in-memory store'];
console.log(`
Formulation Envelope Service is running (embedded, ${((Date.now() - t0) / 1000).toFixed(1)} s; ${where.join(', ')})

  Base URL:  ${sys.url}
  API key:   ${sys.key}${sys.keyCreated ? '   (new development account, platform plan)' : '   (development account)'}
             also in ${cfg.SVC_DATA_DIR}/dev-key

  Try:       curl ${sys.url}/ai/primer
             curl -H "x-svc-key: $(cat ${cfg.SVC_DATA_DIR}/dev-key)" "${sys.url}/lib/search?q=glycerin"

Ctrl-C stops everything.`);
const metrics = cfg.SVC_METRICS_PORT ? await serveMetrics(cfg.SVC_HOST, cfg.SVC_METRICS_PORT) : null;
if (metrics) console.log(`  Metrics:   http://${cfg.SVC_HOST}:${metrics.port}/metrics`);
const shutdown = onShutdown(sys.log, async () => {
  await metrics?.stop();
  await sys.stop();
});
// `npm start` exits on SIGTERM without passing it on; when it goes, this process is orphaned and
// stops the same way as on a signal of its own (not counted as one: signals already received
// during the drain must not add up to the third that cuts it), instead of running on unseen.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) shutdown('parent gone');
}, 500).unref();
