import {
  AckPolicy, DeliverPolicy, JSONCodec, connect, headers, nanos, RetentionPolicy,
  type ConsumerMessages, type MsgHdrs, type JetStreamClient, type NatsConnection,
} from 'nats';
import { DEDUPE_WINDOW_MS, type Bus, type BusEvent, type Subscription } from './bus';
import { withStartupDeadline } from './deadline';
import { consumeTraced, traceHeaders, type TraceHeaders } from '../tracing/context';

/** The W3C trace context headers a message may carry. */
const TRACE_HEADERS = ['traceparent', 'tracestate'];

function traceOf(h: MsgHdrs | undefined): TraceHeaders | undefined {
  const tp = h?.get('traceparent');
  if (!tp) return undefined;
  return Object.fromEntries(TRACE_HEADERS.map((k) => [k, h!.get(k)] as const).filter(([, v]) => v));
}

/**
 * NATS JetStream: one stream per namespace holding `<ns>.>` for a week, de-duplicating by
 * message id over the window. Groups are durable pull consumers; broadcast listeners are
 * ordered consumers starting at new messages.
 */
export async function natsBus(url: string, namespace = 'svc', opts: { name?: string } = {}): Promise<Bus> {
  const dep = { process: opts.name ?? `svc-${namespace}`, variable: 'SVC_NATS_URL', kind: 'NATS', url };
  const nc: NatsConnection = await withStartupDeadline(
    dep,
    connect({ servers: url, name: opts.name ?? `svc-${namespace}`, maxReconnectAttempts: -1, reconnectTimeWait: 500, timeout: 5_000 }),
    () => {},
  );
  const jsm = await withStartupDeadline(dep, nc.jetstreamManager({ timeout: 5_000 }), () => void nc.close());
  const stream = `${namespace.toUpperCase()}_EVENTS`;
  const config = {
    name: stream,
    subjects: [`${namespace}.>`],
    retention: RetentionPolicy.Limits,
    max_age: nanos(7 * 24 * 3600_000),
    duplicate_window: nanos(DEDUPE_WINDOW_MS),
  };
  try {
    await jsm.streams.info(stream);
    await jsm.streams.update(stream, config);
  } catch {
    await jsm.streams.add(config);
  }
  const js: JetStreamClient = nc.jetstream();
  const codec = JSONCodec();
  const running = new Set<ConsumerMessages>();

  const full = (subject: string) => `${namespace}.${subject}`;
  const relative = (subject: string) => subject.slice(namespace.length + 1);

  return {
    kind: 'nats',
    async publish(subject, data, { id, trace }) {
      // The trace context travels in the message's headers: no instrumentation covers this client.
      const carried = trace ?? traceHeaders();
      let h: MsgHdrs | undefined;
      if (carried) {
        h = headers();
        for (const [k, v] of Object.entries(carried)) h.set(k, v);
      }
      const ack = await js.publish(full(subject), codec.encode(data), { msgID: id, ...(h ? { headers: h } : {}) });
      return { duplicate: ack.duplicate };
    },
    async subscribe<T>(pattern: string, handler: (e: BusEvent<T>) => Promise<void> | void, o: { group?: string } = {}): Promise<Subscription> {
      let consumer;
      if (o.group) {
        const durable = o.group.replace(/[^A-Za-z0-9_-]/g, '_');
        try {
          await jsm.consumers.info(stream, durable);
        } catch {
          await jsm.consumers.add(stream, {
            durable_name: durable,
            ack_policy: AckPolicy.Explicit,
            deliver_policy: DeliverPolicy.All,
            filter_subject: full(pattern),
            max_deliver: 5,
            ack_wait: nanos(30_000),
          });
        }
        consumer = await js.consumers.get(stream, durable);
      } else {
        consumer = await js.consumers.get(stream, { filterSubjects: full(pattern), deliver_policy: DeliverPolicy.New });
      }
      const messages = await consumer.consume({ max_messages: 64 });
      running.add(messages);
      void (async () => {
        for await (const m of messages) {
          const trace = traceOf(m.headers);
          const e: BusEvent<T> = { subject: relative(m.subject), id: m.headers?.get('Nats-Msg-Id') ?? `${m.seq}`, data: codec.decode(m.data) as T, ...(trace ? { trace } : {}) };
          try {
            await consumeTraced(e.subject, e.trace, () => handler(e));
            m.ack();
          } catch {
            m.nak(200);
          }
        }
      })();
      return {
        async stop() {
          running.delete(messages);
          await messages.close();
        },
      };
    },
    async close() {
      for (const m of running) await m.close().catch(() => {});
      running.clear();
      await nc.drain().catch(() => {});
    },
  };
}
