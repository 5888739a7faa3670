// The OpenTelemetry SDK of one process or thread, loaded only when tracing is on (register.mjs).
import { register } from 'node:module';
import { isMainThread, workerData } from 'node:worker_threads';
import { createAddHookMessageChannel } from 'import-in-the-middle';

let started = null;

/**
 * Starts tracing in this thread: spans of incoming and outgoing HTTP and gRPC, express routes, SQL
 * and Redis commands, exported over OTLP (protocol and endpoint from the standard OTEL_ variables).
 * A service's thread is named after its service; a process after OTEL_SERVICE_NAME.
 */
export function startTracing() {
  started ??= start();
  return started;
}

async function start() {
  // ES modules are patched by the import-in-the-middle loader; only the modules an instrumentation
  // asks for are wrapped (the others, ours included, load untouched).
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
  const [{ NodeSDK }, { HttpInstrumentation }, { ExpressInstrumentation }, { GrpcInstrumentation }, { PgInstrumentation }, { IORedisInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-express'),
    import('@opentelemetry/instrumentation-grpc'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
  ]);
  // A service's thread is named after its service; the embedded start's main thread serves the gateway.
  const thread = !isMainThread && workerData && typeof workerData.name === 'string' ? workerData.name : null;
  const serviceName = thread ?? process.env.OTEL_SERVICE_NAME ?? 'gateway';
  // One request in ten recorded unless the operator says otherwise (OTEL_TRACES_SAMPLER): recording
  // and exporting every request's spans costs POST /check about a third of its throughput
  // (docs/benchmarks.md). Parent-based: a caller's sampled traceparent is always recorded, and an
  // unrecorded request still has its trace id in the answer's traceparent and its log lines.
  if (!process.env.OTEL_TRACES_SAMPLER) {
    process.env.OTEL_TRACES_SAMPLER = 'parentbased_traceidratio';
    process.env.OTEL_TRACES_SAMPLER_ARG ??= '0.1';
  }
  // Metrics are Prometheus' and logs pino's: only traces go over OTLP.
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  // W3C trace context only: no service reads or sets baggage, and the SDK's default (tracecontext and
  // baggage) runs both propagators on every HTTP request and on both sides of every gRPC call.
  process.env.OTEL_PROPAGATORS ??= 'tracecontext';
  const sdk = new NodeSDK({
    serviceName,
    instrumentations: [
      // Scrapes and probes are not requests of a customer. No outgoing side: the only node:http
      // client in these processes is the OTLP exporter itself (fetch is undici, which this does not see).
      new HttpInstrumentation({
        disableOutgoingRequestInstrumentation: true,
        ignoreIncomingRequestHook: (req) => req.url === '/metrics' || req.url === '/healthz' || req.url === '/readyz',
      }),
      // One span for the route's handler; a span per middleware would multiply the spans of every request.
      new ExpressInstrumentation({ ignoreLayersType: ['middleware'] }),
      new GrpcInstrumentation(),
      // SQL and Redis inside a request only: the outbox relay's polls, migrations and connection
      // set-up would otherwise each be a trace of their own, recorded and exported around the clock.
      new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  await waitForAllMessagesAcknowledged();
  // Where flushTracing (context.ts) finds this thread's SDK when the process or thread stops.
  globalThis[Symbol.for('svc.tracing')] = sdk;
}
