import type { TraceHeaders } from '../tracing/context';
/**
 * Shared events between services (svc.usage.*, svc.compliance.*, svc.account.*, svc.library.*).
 * Publishing carries a message id so a retried publish is stored once. Two ways to listen:
 * - with a `group`: durable and shared, each event handled once by one member (work),
 *   redelivered when the handler throws, starting from the first event the group has not seen;
 * - without: every subscriber sees every event from now on (cache invalidation on each replica).
 */
export interface BusEvent<T = unknown> {
  subject: string;
  id: string;
  data: T;
  /** The publisher's trace context (tracing on); a handler runs as part of the publisher's trace. */
  trace?: TraceHeaders;
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface PublishOptions {
  id: string;
  /** The trace context to carry, when not the active one (a publish relayed from a thread). */
  trace?: TraceHeaders;
}

export interface SubscribeOptions {
  group?: string;
}

export interface Bus {
  readonly kind: 'nats' | 'memory';
  /** `subject` is relative to the namespace: `library.updated` travels as `svc.library.updated`. */
  publish(subject: string, data: unknown, opts: PublishOptions): Promise<{ duplicate: boolean }>;
  /** `subject` may end in `.*` or `.>` as in NATS. */
  subscribe<T = unknown>(subject: string, handler: (e: BusEvent<T>) => Promise<void> | void, opts?: SubscribeOptions): Promise<Subscription>;
  close(): Promise<void>;
}

/** NATS subject matching: `*` one token, `>` the rest. */
export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}

export const DEDUPE_WINDOW_MS = 2 * 60_000;
