/**
 * Calling another service: every call has a deadline, carries the request id, and only
 * idempotent reads are retried (on UNAVAILABLE, within the same deadline).
 */
import * as grpc from '@grpc/grpc-js';
import { CHANNEL_OPTIONS } from './server';

/**
 * Every address of a service name gets calls (a headless Service: one DNS record per ready pod), in
 * turn; grpc-js' default, pick_first, would send all of them to the first pod and none to the others.
 */
export const SERVICE_CONFIG = { loadBalancingConfig: [{ round_robin: {} }] };

export const CLIENT_OPTIONS: grpc.ChannelOptions = {
  ...CHANNEL_OPTIONS,
  'grpc.service_config': JSON.stringify(SERVICE_CONFIG),
  // Ours is the only service config: no DNS TXT lookup on every resolution.
  'grpc.service_config_disable_resolution': 1,
  // A connection closed by its server's maximum age (or a pod gone) re-resolves the name within 5 s
  // rather than up to 30 s later (grpc-js' default pacing), so new pods get calls within seconds.
  'grpc.dns_min_time_between_resolutions_ms': 5_000,
  // Idle connections are pinged too: a pod that vanished without closing its sockets is dropped.
  'grpc.keepalive_permit_without_calls': 1,
  // A restarted service is found again within a second or two, not after minutes of backoff.
  'grpc.initial_reconnect_backoff_ms': 200,
  'grpc.max_reconnect_backoff_ms': 2_000,
  // Retries stay on for grpc-js' transparent ones only (no retry policy is configured): a call a
  // draining replica refused before running it goes to another replica instead of failing.
};

/**
 * The channel target of a `host:port` address: through the DNS resolver (`dns:///`), which re-resolves
 * as pods come and go; an address that names its scheme (`dns://server/`, `ipv4:`, `unix:`) as given.
 */
export function targetOf(address: string): string {
  return /^[a-z][a-z0-9+.-]*:(?!\d+$)/i.test(address) ? address : `dns:///${address}`;
}

type Ctor<C> = new (address: string, creds: grpc.ChannelCredentials, options?: grpc.ChannelOptions) => C;

export function connect<C extends grpc.Client>(ctor: Ctor<C>, address: string): C {
  return new ctor(targetOf(address), grpc.credentials.createInsecure(), CLIENT_OPTIONS);
}

export interface CallOptions {
  deadlineMs?: number;
  requestId?: string;
  /** Safe to send twice: reads, and writes guarded by an idempotency key. */
  idempotent?: boolean;
}

export const DEFAULT_DEADLINE_MS = 2_000;

export function call<Res>(client: grpc.Client, method: string, request: unknown, opts: CallOptions = {}): Promise<Res> {
  const deadline = Date.now() + (opts.deadlineMs ?? DEFAULT_DEADLINE_MS);
  const md = new grpc.Metadata();
  if (opts.requestId) md.set('x-request-id', opts.requestId);
  const fn = (client as unknown as Record<string, Function>)[method];
  if (typeof fn !== 'function') return Promise.reject(new Error(`no method ${method}`));

  const once = () =>
    new Promise<Res>((resolve, reject) => {
      fn.call(client, request, md, { deadline }, (err: grpc.ServiceError | null, res: Res) => (err ? reject(err) : resolve(res)));
    });

  if (!opts.idempotent) return once();
  return (async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await once();
      } catch (err) {
        const code = (err as grpc.ServiceError).code;
        const wait = 50 * 3 ** attempt;
        if (code !== grpc.status.UNAVAILABLE || attempt >= 2 || Date.now() + wait >= deadline) throw err;
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  })();
}
