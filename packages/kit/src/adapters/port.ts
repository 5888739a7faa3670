/**
 * The embedded bus and store as another thread of the process sees them. The in-process bus and
 * the in-memory store live on the main thread; a service started on a thread of its own (see
 * ../thread.ts) reaches them through a MessagePort, with the same contracts: a publish is
 * de-duplicated by id on the one bus, a durable group's events are handed to the thread's handler
 * and count as handled only when it resolves (a rejection is a failure the bus redelivers), and
 * the store's atomic steps stay atomic because they all run on the thread that owns it.
 */
import type { MessagePort } from 'node:worker_threads';
import { consumeTraced, traceHeaders, type TraceHeaders } from '../tracing/context';
import type { Bus, BusEvent, Subscription } from './bus';
import type { Kv } from './kv';

type Handler = (payload: Record<string, unknown>) => Promise<unknown> | unknown;
type Message =
  | { kind: 'call'; id: number; op: string; payload: Record<string, unknown> }
  | { kind: 'note'; op: string; payload: Record<string, unknown> }
  | { kind: 'reply'; id: number; ok: true; value: unknown }
  | { kind: 'reply'; id: number; ok: false; error: { name?: string; message: string; code?: unknown } };

/**
 * Calls both ways over one port, each answered by id, with errors that keep their name and code,
 * and notes that want no answer. The port keeps its thread alive only while a call is unanswered,
 * unless `keepAlive` (a thread that lives to answer).
 */
export function portPeer(port: MessagePort, handlers: Record<string, Handler>, opts: { keepAlive?: boolean } = {}) {
  const idle = () => (opts.keepAlive ? undefined : port.unref());
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  let seq = 0;
  let gone: Error | null = null;
  const fail = (err: Error) => {
    gone ??= err;
    for (const [id, p] of pending) {
      pending.delete(id);
      p.reject(err);
    }
  };
  port.on('message', (m: Message) => {
    if (m.kind === 'reply') {
      const p = pending.get(m.id);
      pending.delete(m.id);
      if (pending.size === 0) idle();
      if (p) m.ok ? p.resolve(m.value) : p.reject(Object.assign(new Error(m.error.message), m.error));
      return;
    }
    const handler = handlers[m.op];
    if (m.kind === 'note') return void (async () => handler?.(m.payload))().catch(() => {});
    const failed = (err: Error) =>
      !gone && port.postMessage({ kind: 'reply', id: m.id, ok: false, error: { name: err?.name, message: String(err?.message ?? err), code: (err as { code?: unknown })?.code } });
    void (async () => (handler ? handler(m.payload) : Promise.reject(new Error(`unknown operation ${m.op}`))))().then((value) => {
      try {
        if (!gone) port.postMessage({ kind: 'reply', id: m.id, ok: true, value });
      } catch (err) {
        failed(err as Error); // an answer that cannot cross: the caller hears why instead of waiting
      }
    }, failed);
  });
  port.on('close', () => fail(new Error('the other thread is gone')));
  idle();
  return {
    call<T>(op: string, payload: Record<string, unknown> = {}): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (gone) return reject(gone);
        const id = ++seq;
        if (pending.size === 0) port.ref();
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        try {
          port.postMessage({ kind: 'call', id, op, payload });
        } catch (err) {
          pending.delete(id);
          if (pending.size === 0) idle();
          reject(err as Error); // a value that cannot cross
        }
      });
    },
    notify(op: string, payload: Record<string, unknown> = {}): void {
      if (!gone) port.postMessage({ kind: 'note', op, payload });
    },
    close() {
      fail(new Error('closed'));
      port.close();
    },
  };
}

const KV_METHODS = ['get', 'set', 'setIfAbsent', 'del', 'hit', 'throttle'] as const;

/** The main thread's side: answers the thread's bus and store calls with the process' own. */
export function serveBusAndKv(port: MessagePort, bus: Bus, kv: Kv): { close(): Promise<void> } {
  const subs = new Map<number, Subscription>();
  const peer = portPeer(port, {
    publish: (p) => bus.publish(p.subject as string, p.data, { id: p.id as string, ...(p.trace ? { trace: p.trace as TraceHeaders } : {}) }),
    subscribe: async (p) => {
      const sid = p.sid as number;
      const sub = await bus.subscribe(
        p.subject as string,
        (e) => peer.call<void>('event', { sid, event: e }),
        p.group ? { group: p.group as string } : {},
      );
      subs.set(sid, sub);
      return null;
    },
    unsubscribe: async (p) => {
      const sub = subs.get(p.sid as number);
      subs.delete(p.sid as number);
      await sub?.stop();
      return null;
    },
    kv: (p) => {
      const method = p.method as (typeof KV_METHODS)[number];
      if (!KV_METHODS.includes(method)) throw new Error(`no such store operation: ${method}`);
      return (kv[method] as (...args: unknown[]) => Promise<unknown>)(...(p.args as unknown[]));
    },
  });
  // A thread that went away without unsubscribing leaves no group member behind to hand events to.
  port.on('close', () => void stopAll());
  const stopAll = () => Promise.all([...subs.values()].map((s) => s.stop())).then(() => subs.clear());
  return {
    async close() {
      await stopAll();
      peer.close();
    },
  };
}

/** The thread's side: a Bus and a Kv that are the main thread's, reached through the port. */
export function busAndKvOverPort(port: MessagePort): { bus: Bus; kv: Kv; close(): Promise<void> } {
  const handlers = new Map<number, (e: BusEvent) => Promise<void> | void>();
  let sids = 0;
  const peer = portPeer(port, {
    event: async (p) => {
      const handler = handlers.get(p.sid as number);
      if (!handler) throw new Error('no such subscription on this thread');
      const e = p.event as BusEvent;
      await consumeTraced(e.subject, e.trace, () => handler(e));
      return null;
    },
  });
  const bus: Bus = {
    kind: 'memory',
    // The context is this thread's: the main thread that stores the event has none of it.
    publish: (subject, data, { id, trace }) => peer.call('publish', { subject, data, id, trace: trace ?? traceHeaders() }),
    async subscribe(subject, handler, opts) {
      const sid = ++sids;
      handlers.set(sid, handler as (e: BusEvent) => Promise<void> | void);
      try {
        await peer.call('subscribe', { sid, subject, group: opts?.group });
      } catch (err) {
        handlers.delete(sid);
        throw err;
      }
      return {
        async stop() {
          if (!handlers.delete(sid)) return;
          await peer.call('unsubscribe', { sid }).catch(() => {});
        },
      };
    },
    // The bus is the main thread's: it closes it.
    close: async () => {},
  };
  const kvCall = (method: (typeof KV_METHODS)[number]) => (...args: unknown[]) => peer.call<never>('kv', { method, args });
  const kv = { kind: 'memory', close: async () => {}, ...Object.fromEntries(KV_METHODS.map((m) => [m, kvCall(m)])) } as Kv;
  return {
    bus,
    kv,
    async close() {
      await Promise.all([...handlers.keys()].map((sid) => peer.call('unsubscribe', { sid }).catch(() => {})));
      handlers.clear();
      peer.close();
    },
  };
}
