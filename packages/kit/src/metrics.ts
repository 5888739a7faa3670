/**
 * Prometheus metrics. One registry per process (the embedded start shares it between its
 * components, told apart by the `svc` label). Served on SVC_METRICS_PORT, apart from the public
 * port; labels never carry an account, a key or a formula.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import client from 'prom-client';

export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });

export const grpcHandled = new client.Counter({
  name: 'svc_grpc_server_handled_total',
  help: 'gRPC calls handled, by service, method and status code',
  labelNames: ['svc', 'method', 'code'] as const,
  registers: [registry],
});

export const grpcSeconds = new client.Histogram({
  name: 'svc_grpc_server_handling_seconds',
  help: 'gRPC handling time',
  labelNames: ['svc', 'method'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [registry],
});

export const httpRequests = new client.Counter({
  name: 'svc_http_requests_total',
  help: 'HTTP requests answered by the gateway, by route and status',
  labelNames: ['route', 'status'] as const,
  registers: [registry],
});

export const httpSeconds = new client.Histogram({
  name: 'svc_http_request_seconds',
  help: 'HTTP request time at the gateway',
  labelNames: ['route'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 2.5],
  registers: [registry],
});

/** A safeguard skipped because the store behind it was unavailable (the request went ahead). */
export const failOpen = new client.Counter({
  name: 'svc_fail_open_total',
  help: 'Checks skipped because their store was unavailable, by check',
  labelNames: ['check'] as const,
  registers: [registry],
});

// What the operators' dashboard and alerts read (deploy/observability), counted where it happens.

export const checkVerdicts = new client.Counter({
  name: 'svc_check_verdicts_total',
  help: 'Formula checks answered by the envelope service, by verdict',
  labelNames: ['verdict'] as const,
  registers: [registry],
});

export const complianceRefusals = new client.Counter({
  name: 'svc_compliance_refusals_total',
  help: 'Refusals recorded against a caller, by what they did to its standing (warning, suspended_hour, suspended_week, banned, while_suspended, while_banned)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

/** What the screening let through as borderline (answered, logged, no strike), by rule: screen.model_veto is a refusal of the table the learnt model vetoed. */
export const screeningBorderline = new client.Counter({
  name: 'svc_screening_borderline_total',
  help: 'Requests the screening answered although a rule found them borderline (no strike), by rule; screen.model_veto: a refusal of the decision table the learnt model vetoed',
  labelNames: ['rule'] as const,
  registers: [registry],
});

export const meteringRunsOpened = new client.Counter({
  name: 'svc_metering_runs_opened_total',
  help: 'Runs opened, counted once per run_opened event, by kind (pool or overage)',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export const meteringRefusals = new client.Counter({
  name: 'svc_metering_quota_refusals_total',
  help: 'Formula calls refused a run by metering, by reason',
  labelNames: ['reason'] as const,
  registers: [registry],
});

export const rateLimitDecisions = new client.Counter({
  name: 'svc_rate_limit_decisions_total',
  help: "Rate-limit decisions at the gateway, by decision (allowed, limited, or skipped when the store was unavailable)",
  labelNames: ['decision'] as const,
  registers: [registry],
});

export const meteringUnreported = new client.Gauge({
  name: 'svc_metering_unreported_calls',
  help: 'Calls spent at this gateway from leases and not yet acknowledged by metering',
  registers: [registry],
});

export const meteringReportLag = new client.Gauge({
  name: 'svc_metering_report_lag_seconds',
  help: 'How far behind metering knows of this gateway\'s calls: 0 when none is unreported, else the age of the last report pass that went through',
  registers: [registry],
});

export const outboxPending = new client.Gauge({
  name: 'svc_outbox_pending',
  help: 'Outbox events written and not yet published to the bus, by schema (as of the relay\'s last pass)',
  labelNames: ['schema'] as const,
  registers: [registry],
});

export const outboxPublished = new client.Counter({
  name: 'svc_outbox_published_total',
  help: 'Outbox events published to the bus, by schema',
  labelNames: ['schema'] as const,
  registers: [registry],
});

export const outboxFailures = new client.Counter({
  name: 'svc_outbox_relay_failures_total',
  help: 'Outbox relay passes that failed (the events stay and are retried), by schema',
  labelNames: ['schema'] as const,
  registers: [registry],
});

type MetricsJson = Awaited<ReturnType<typeof registry.getMetricsAsJSON>>;
const sources = new Set<() => Promise<MetricsJson>>();

/**
 * Adds the metrics of another registry of this process (a service on a thread of its own) to what
 * /metrics serves; returns the function that takes it off again. Only its `svc_` metrics should be
 * given: the process' own (CPU, memory, event loop) are this thread's to report, once.
 */
export function addMetricsSource(source: () => Promise<MetricsJson>): () => void {
  sources.add(source);
  return () => void sources.delete(source);
}

/** This registry's metrics, and those of the process' other threads, as one exposition. */
export async function exposition(): Promise<string> {
  if (sources.size === 0) return registry.metrics();
  // A thread that does not answer leaves its metrics out of this scrape rather than failing it.
  const parts = await Promise.all([registry.getMetricsAsJSON(), ...[...sources].map((f) => f().catch(() => [] as MetricsJson))]);
  return client.AggregatorRegistry.aggregate(parts).metrics();
}

/** The `svc_` metrics of this registry, for the thread that serves /metrics for the process. */
export const ownMetrics = async (): Promise<MetricsJson> => (await registry.getMetricsAsJSON()).filter((m) => m.name.startsWith('svc_'));

/** Serves GET /metrics on its own port; returns the port and a stop function. */
export async function serveMetrics(host: string, port: number): Promise<{ port: number; stop(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    exposition().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => server.listen(port, host, () => resolve()).once('error', reject));
  return {
    port: (server.address() as AddressInfo).port,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
