/** The gateway run alone (split start, containers): addresses of the services from the environment. */
import { commonEnv, createLogger, env, loadConfig, memoryBus, memoryKv, natsBus, onShutdown, peersFromEnv, redisKv, serveMetrics, startFailed } from '@svc/kit';
import { startGateway } from './gateway';

try {
  const cfg = loadConfig({
    ...commonEnv,
    SVC_HOST: env.string('127.0.0.1'),
    SVC_PORT: env.port(8080),
    SVC_PUBLIC_URL: env.url(['http', 'https']),
    SVC_RATE_LIMIT_PER_SEC: env.int(0, 0),
    SVC_METRICS_PORT: env.port(0),
    // Comma-separated addresses of the load balancers in front (X-Forwarded-For is believed from them only).
    SVC_TRUSTED_PROXIES: env.string(''),
  });
  const log = createLogger('gateway', cfg.SVC_LOG_LEVEL);
  const bus = cfg.SVC_NATS_URL ? await natsBus(cfg.SVC_NATS_URL, cfg.SVC_NAMESPACE, { name: 'gateway' }) : memoryBus();
  const kv = cfg.SVC_REDIS_URL ? await redisKv(cfg.SVC_REDIS_URL, cfg.SVC_NAMESPACE, 'gateway') : memoryKv(cfg.SVC_NAMESPACE);
  const gw = await startGateway({ peers: peersFromEnv(), bus, kv, log, host: cfg.SVC_HOST, port: cfg.SVC_PORT, publicUrl: cfg.SVC_PUBLIC_URL, ratePerSecond: cfg.SVC_RATE_LIMIT_PER_SEC, trustedProxies: cfg.SVC_TRUSTED_PROXIES.split(',').map((s) => s.trim()).filter(Boolean) });
  console.log(`gateway: ${gw.url}`);
  const metrics = cfg.SVC_METRICS_PORT ? await serveMetrics(cfg.SVC_HOST, cfg.SVC_METRICS_PORT) : null;
  onShutdown(log, async () => {
    await metrics?.stop();
    await gw.stop();
    await bus.close();
    await kv.close();
  });
} catch (err) {
  startFailed('gateway', err);
}
