/**
 * A gRPC server with the standard health service and a clean shutdown: health goes NOT_SERVING
 * first (so balancers stop sending), in-flight calls drain, then the server closes.
 */
import * as grpc from '@grpc/grpc-js';
import { proto, type HealthHandlers } from '@svc/protos';
import type { HealthCheckResponse } from '@svc/protos/gen/grpc/health/v1/HealthCheckResponse';
import type { Logger } from '../log';
import { SvcError, isDependencyOutage, toGrpcError } from '../errors';
import { grpcHandled, grpcSeconds } from '../metrics';

type Status = 'SERVING' | 'NOT_SERVING';

export const CHANNEL_OPTIONS: grpc.ChannelOptions = {
  'grpc.max_receive_message_length': 4 * 1024 * 1024,
  'grpc.max_send_message_length': 8 * 1024 * 1024,
  'grpc.keepalive_time_ms': 30_000,
  'grpc.keepalive_timeout_ms': 10_000,
  // Channelz keeps per-call counters and traces for a debugging service we do not expose; off, a
  // call allocates less (measured on POST /check, docs/benchmarks.md).
  'grpc.enable_channelz': 0,
};

/**
 * A client resolves a service's name when it connects, not again while its connections live: each
 * connection is closed after a maximum age (grpc-js adds ±10 % jitter), so every client re-resolves
 * within that age and spreads onto replicas added since. The grace lets calls in flight finish: it is
 * the longest deadline a caller gives (10 s, the operators' commands; 5 s on the gateway's paths).
 */
export const MAX_CONNECTION_AGE_MS = 30_000;
export const MAX_CONNECTION_AGE_GRACE_MS = 10_000;

export const SERVER_OPTIONS: grpc.ServerOptions = {
  ...CHANNEL_OPTIONS,
  'grpc.max_connection_age_ms': MAX_CONNECTION_AGE_MS,
  'grpc.max_connection_age_grace_ms': MAX_CONNECTION_AGE_GRACE_MS,
  // Keepalive both ways (CHANNEL_OPTIONS): clients ping every 30 s, idle connections too; a grpc-js
  // server accepts pings at any rate (it has no too-many-pings policy to loosen).
};

export class GrpcServer {
  readonly server = new grpc.Server(SERVER_OPTIONS);
  private readonly status = new Map<string, Status>([['', 'NOT_SERVING']]);
  private readonly watchers = new Set<{ service: string; call: grpc.ServerWritableStream<unknown, HealthCheckResponse> }>();
  private port = 0;

  constructor(
    readonly name: string,
    private readonly log: Logger,
  ) {
    const health: HealthHandlers = {
      Check: (call, cb) => {
        const s = this.status.get(call.request.service ?? '');
        if (!s) cb({ code: grpc.status.NOT_FOUND, details: 'unknown service' });
        else cb(null, { status: s });
      },
      Watch: (call) => {
        const service = call.request.service ?? '';
        call.write({ status: this.status.get(service) ?? 'SERVICE_UNKNOWN' });
        const w = { service, call: call as unknown as grpc.ServerWritableStream<unknown, HealthCheckResponse> };
        this.watchers.add(w);
        call.on('cancelled', () => this.watchers.delete(w));
      },
    };
    this.server.addService(proto.health.service, health);
  }

  /** Registers a service; handlers come from `unary()` so that errors are encoded uniformly. */
  add(qualifiedName: string, definition: grpc.ServiceDefinition, handlers: grpc.UntypedServiceImplementation): this {
    this.server.addService(definition, handlers);
    this.status.set(qualifiedName, 'NOT_SERVING');
    return this;
  }

  async listen(address: string): Promise<number> {
    this.port = await new Promise<number>((resolve, reject) =>
      this.server.bindAsync(address, grpc.ServerCredentials.createInsecure(), (err, port) => (err ? reject(err) : resolve(port))),
    );
    this.setAll('SERVING');
    this.log.info({ port: this.port }, `${this.name} gRPC listening`);
    return this.port;
  }

  get boundPort(): number {
    return this.port;
  }

  async shutdown(graceMs = 5_000): Promise<void> {
    this.setAll('NOT_SERVING');
    for (const w of this.watchers) w.call.end();
    this.watchers.clear();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.server.forceShutdown();
        resolve();
      }, graceMs);
      this.server.tryShutdown(() => {
        clearTimeout(timer);
        resolve();
      });
    });
    this.log.info(`${this.name} gRPC stopped`);
  }

  private setAll(s: Status): void {
    for (const k of this.status.keys()) this.status.set(k, s);
    for (const w of this.watchers) w.call.write({ status: this.status.get(w.service) ?? 'SERVICE_UNKNOWN' });
  }
}

/**
 * Wraps an async handler: resolves to the response, and turns a thrown SvcError into its status
 * and problem; anything else is logged here and leaves as INTERNAL without its text.
 */
export function unary<Req, Res>(log: Logger, fn: (req: Req, call: grpc.ServerUnaryCall<Req, Res>) => Promise<Res> | Res): grpc.handleUnaryCall<Req, Res> {
  const svc = (log.bindings().svc as string | undefined) ?? 'unknown';
  return (call, cb) => {
    const method = call.getPath().split('/').pop() ?? '';
    const end = grpcSeconds.startTimer({ svc, method });
    Promise.resolve()
      .then(() => fn(call.request, call))
      .then(
        (res) => {
          end();
          grpcHandled.inc({ svc, method, code: 'OK' });
          cb(null, res);
        },
        (err: unknown) => {
          end();
          if (isDependencyOutage(err)) {
            log.warn({ err: (err as Error).message, method: call.getPath(), requestId: requestIdOf(call.metadata) }, 'dependency unavailable');
          } else if (!(err instanceof SvcError)) {
            log.error({ err, method: call.getPath(), requestId: requestIdOf(call.metadata) }, 'handler failed');
          }
          const status = toGrpcError(err);
          grpcHandled.inc({ svc, method, code: grpc.status[status.code ?? grpc.status.UNKNOWN] ?? 'UNKNOWN' });
          cb(status as grpc.ServerErrorResponse);
        },
      );
  };
}

/** Whether the client of a call no longer waits for its answer: it cancelled, or its deadline passed. */
export function callerGone(call: grpc.ServerUnaryCall<unknown, unknown>): boolean {
  if (call.cancelled) return true;
  const d = call.getDeadline();
  const at = d instanceof Date ? d.getTime() : Number(d);
  return Number.isFinite(at) && Date.now() >= at;
}

/** Every RPC a later issue owns answers UNIMPLEMENTED with a clear problem until it lands. */
export function notYet<Req, Res>(log: Logger, what: string): grpc.handleUnaryCall<Req, Res> {
  return unary<Req, Res>(log, () => {
    throw SvcError.unimplemented(what);
  });
}

export function requestIdOf(md: grpc.Metadata): string | undefined {
  const v = md.get('x-request-id')[0];
  return typeof v === 'string' ? v : undefined;
}
