/**
 * Trace context where no instrumentation carries it: bus events (NATS headers, the in-process bus,
 * a thread's port), log lines and the gateway's `traceparent` answer header. Only the API is used
 * here: without a started SDK (tracing off, register.mjs) every call is a no-op, and `tracing` is
 * false so that the hot paths skip even those.
 */
import { SpanKind, SpanStatusCode, TraceFlags, context, isSpanContextValid, propagation, trace, type Span } from '@opentelemetry/api';

/** Whether this process traces: the same test as register.mjs, which starts the SDK exactly then. */
export const tracing = Boolean(process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) && process.env.OTEL_SDK_DISABLED !== 'true';

/** W3C trace context headers (`traceparent`, `tracestate`) as they travel beside a message. */
export type TraceHeaders = Record<string, string>;

const tracer = () => trace.getTracer('@svc/kit');

/** The active context as headers, for a message published now (undefined when there is none). */
export function traceHeaders(): TraceHeaders | undefined {
  if (!tracing) return undefined;
  const carrier: TraceHeaders = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? carrier : undefined;
}

/**
 * Runs a bus handler in a consumer span whose parent is the publisher's context, so the work an
 * event causes belongs to the request that caused it.
 */
export function consumeTraced<T>(subject: string, headers: TraceHeaders | undefined, handler: () => Promise<T> | T): Promise<T> | T {
  if (!tracing) return handler();
  const parent = headers ? propagation.extract(context.active(), headers) : context.active();
  return tracer().startActiveSpan(`${subject} process`, { kind: SpanKind.CONSUMER, attributes: { 'messaging.destination.name': subject, 'messaging.operation.type': 'process' } }, parent, async (span: Span) => {
    try {
      return await handler();
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error)?.message });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** The ids of the active span for a log line (empty outside a traced request). */
export function traceFields(): Record<string, string> {
  const sc = trace.getActiveSpan()?.spanContext();
  return sc ? { trace_id: sc.traceId, span_id: sc.spanId } : {};
}

/**
 * The active span's `traceparent` (for the answer header), or undefined: written from the span's
 * context as W3C trace context spells it, without a propagator's carrier on every answer.
 */
export function traceparent(): string | undefined {
  if (!tracing) return undefined;
  const sc = trace.getActiveSpan()?.spanContext();
  return sc && isSpanContextValid(sc) ? `00-${sc.traceId}-${sc.spanId}-0${Number(sc.traceFlags || TraceFlags.NONE).toString(16)}` : undefined;
}

/** Runs `fn` with `span` active (tests, and code that starts a span of its own). */
export function tracingContextWith<T>(span: Span, fn: () => T): T {
  return context.with(trace.setSpan(context.active(), span), fn);
}

/** How long a stopping process or thread waits for its queued spans to reach the collector. */
export const TRACE_FLUSH_MS = 2_000;

/**
 * Sends the spans still queued in this thread's batch processor and stops its SDK (sdk.mjs leaves
 * it under a global symbol), waiting at most `timeoutMs`: the batch processor exports every few
 * seconds, so without this the last requests before a drain would never be seen. Bounded, because
 * an unreachable collector must not hold up a stop. A no-op when tracing is off.
 */
export async function flushTracing(timeoutMs = TRACE_FLUSH_MS): Promise<void> {
  const sdk = (globalThis as Record<symbol, { shutdown(): Promise<void> } | undefined>)[Symbol.for('svc.tracing')];
  if (!sdk) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([sdk.shutdown().catch(() => {}), new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(timer);
}
