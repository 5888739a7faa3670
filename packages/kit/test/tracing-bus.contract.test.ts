/**
 * The trace context crosses the bus by hand (no instrumentation covers it): a handler runs in a
 * consumer span whose parent is the publisher's span, on NATS (headers), the in-process bus, and
 * through a thread's port. Tracing is on for this file only: the variable is set before the kit
 * loads, and a tracer provider records spans in memory.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Contract files share a module graph per worker: the kit may have loaded already, tracing off. A
// fresh graph for this file loads it again with the variable set, and another after it, so that the
// files after it load the kit with tracing off again.
vi.resetModules();
process.env.OTEL_EXPORTER_OTLP_ENDPOINT = 'http://127.0.0.1:9';
const { tracing: sdk, node } = await import('@opentelemetry/sdk-node');
const { trace, propagation, context } = await import('@opentelemetry/api');
const kit = await import('../src/index');
const testing = await import('../src/testing');

const exporter = new sdk.InMemorySpanExporter();
const provider = new node.NodeTracerProvider({ spanProcessors: [new sdk.SimpleSpanProcessor(exporter)] });

beforeAll(() => provider.register());
afterAll(async () => {
  await provider.shutdown();
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  // The provider registered itself as the process' global tracer, propagator and context manager.
  trace.disable();
  propagation.disable();
  context.disable();
  vi.resetModules();
});

type Bus = Awaited<ReturnType<typeof kit.natsBus>>;

async function followsPublisher(bus: Bus, subject: string, group?: string): Promise<void> {
  let seen: { traceId: string; parent: string | undefined; consumer: string } | null = null;
  let done!: () => void;
  const handled = new Promise<void>((r) => (done = r));
  const sub = await bus.subscribe(subject, () => {
    const span = trace.getActiveSpan();
    const ctx = span?.spanContext();
    seen = { traceId: ctx?.traceId ?? '', parent: (span as unknown as { parentSpanContext?: { spanId: string } })?.parentSpanContext?.spanId, consumer: ctx?.spanId ?? '' };
    done();
  }, group ? { group } : {});
  try {
    const publisher = trace.getTracer('test').startSpan('publisher');
    const publisherCtx = publisher.spanContext();
    await kit.tracingContextWith(publisher, () => bus.publish(subject, { n: 1 }, { id: `${subject}-${Date.now()}` }));
    publisher.end();
    await handled;
    expect(seen).not.toBeNull();
    expect(seen!.traceId).toBe(publisherCtx.traceId);
    // The handler's span is the consumer span, a child of the publisher's. It ends once the handler's
    // promise settles (consumeTraced), which may come after this test resumes: looked for until it has.
    let consumer = exporter.getFinishedSpans().find((s) => s.spanContext().spanId === seen!.consumer);
    for (let i = 0; !consumer && i < 200; i++) {
      await new Promise((r) => setTimeout(r, 10));
      consumer = exporter.getFinishedSpans().find((s) => s.spanContext().spanId === seen!.consumer);
    }
    expect(consumer?.name).toBe(`${subject} process`);
    expect(seen!.parent).toBe(publisherCtx.spanId);
  } finally {
    await sub.stop();
  }
}

describe('trace context over the bus', () => {
  it('is on in this file', () => expect(kit.tracing).toBe(true));

  it('crosses the in-process bus, to a group and to a broadcast listener', async () => {
    const bus = kit.memoryBus();
    try {
      await followsPublisher(bus, 'test.grouped', 'g');
      await followsPublisher(bus, 'test.broadcast');
    } finally {
      await bus.close();
    }
  });

  it("crosses a thread's port", async () => {
    const m = testing.memoryThroughPort(testing.freshNamespace('tracebus'));
    try {
      await followsPublisher(m.bus, 'test.port', 'g');
    } finally {
      await m.close();
    }
  });

  it('crosses NATS JetStream in message headers', async () => {
    const ns = testing.freshNamespace('tracebus');
    const bus = await kit.natsBus(await testing.realServer('nats'), ns);
    try {
      await followsPublisher(bus, 'test.nats', 'g');
      await followsPublisher(bus, 'test.natsbroadcast');
    } finally {
      await bus.close();
      await testing.dropNamespaceStream(ns);
    }
  });

  it('runs a handler as before when the event carries no context', async () => {
    const bus = kit.memoryBus();
    try {
      const got = new Promise<unknown>((r) => void bus.subscribe('test.plain', (e) => r(e.data)));
      await bus.publish('test.plain', { n: 2 }, { id: 'plain' });
      expect(await got).toEqual({ n: 2 });
    } finally {
      await bus.close();
    }
  });
});

describe("the answer's traceparent", () => {
  // Written from the span's context rather than through a propagator: it must read exactly as the
  // W3C propagator writes it into a message (traceHeaders), recorded or not.
  it('is the active span as W3C trace context spells it, sampled or not', () => {
    const recorded = trace.getTracer('test').startSpan('recorded');
    const unrecorded = trace.wrapSpanContext({ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 0 });
    try {
      for (const span of [recorded, unrecorded]) {
        const tp = kit.tracingContextWith(span, () => kit.traceparent());
        expect(tp).toBe(kit.tracingContextWith(span, () => kit.traceHeaders()?.traceparent));
        expect(tp).toBe(`00-${span.spanContext().traceId}-${span.spanContext().spanId}-0${span === recorded ? 1 : 0}`);
      }
    } finally {
      recorded.end();
    }
  });

  it('is absent outside a span and for an invalid one', () => {
    expect(kit.traceparent()).toBeUndefined();
    expect(kit.tracingContextWith(trace.wrapSpanContext({ traceId: '0'.repeat(32), spanId: '0'.repeat(16), traceFlags: 1 }), () => kit.traceparent())).toBeUndefined();
  });
});
