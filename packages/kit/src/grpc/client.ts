/**
 * Calling another service: every call has a deadline, carries the request id, and only
 * idempotent reads are retried (on UNAVAILABLE, within the same deadline).
 */
import * as grpc from '@grpc/grpc-js';
import { CHANNEL_OPTIONS } from './server';

export const CLIENT_OPTIONS: grpc.ChannelOptions = {
  ...CHANNEL_OPTIONS,
  // A restarted service is found again within a second or two, not after minutes of backoff.
  'grpc.initial_reconnect_backoff_ms': 200,
  'grpc.max_reconnect_backoff_ms': 2_000,
  'grpc.enable_retries': 0,
};

type Ctor<C> = new (address: string, creds: grpc.ChannelCredentials, options?: grpc.ChannelOptions) => C;

export function connect<C extends grpc.Client>(ctor: Ctor<C>, address: string): C {
  return new ctor(address, grpc.credentials.createInsecure(), CLIENT_OPTIONS);
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
