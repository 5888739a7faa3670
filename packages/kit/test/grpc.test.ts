import * as grpc from '@grpc/grpc-js';
import { afterEach, describe, expect, it } from 'vitest';
import { proto } from '@svc/protos';
import { call, connect, createLogger, GrpcServer, problemOf, SvcError, targetOf, unary, waitHealthy } from '../src/index';

const log = createLogger('test', 'silent');
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

function meteringServer(handlers: Record<string, grpc.UntypedHandleCall>): GrpcServer {
  const s = new GrpcServer('metering', log);
  s.add('svc.v1.Metering', proto.metering.service, handlers);
  return s;
}

describe('gRPC server helper', () => {
  it('serves grpc.health.v1, and drains an in-flight call before closing on shutdown', async () => {
    let release!: () => void;
    const server = meteringServer({
      Authenticate: unary(log, () => new Promise((r) => (release = () => r({ ok: true, reason: 'slow' })))),
    });
    const port = await server.listen('127.0.0.1:0');
    await waitHealthy(`127.0.0.1:${port}`, 2_000);
    const health = connect(proto.health, `127.0.0.1:${port}`);
    const client = connect(proto.metering, `127.0.0.1:${port}`);
    cleanups.push(() => health.close(), () => client.close());

    expect(await call<{ status: string }>(health, 'Check', { service: 'svc.v1.Metering' })).toEqual({ status: 'SERVING' });
    const inFlight = call<{ ok: boolean; reason: string }>(client, 'Authenticate', { keyHash: 'x' }, { deadlineMs: 5_000 });
    await new Promise((r) => setTimeout(r, 50));
    const stopping = server.shutdown(3_000);
    // While draining, the server reports NOT_SERVING but the call already running completes.
    await new Promise((r) => setTimeout(r, 50));
    release();
    expect(await inFlight).toMatchObject({ ok: true, reason: 'slow' });
    await stopping;
    await expect(call(client, 'Authenticate', { keyHash: 'x' }, { deadlineMs: 500 })).rejects.toMatchObject({ code: grpc.status.UNAVAILABLE });
  });

  it('carries a service problem with its code, and hides the text of unexpected errors', async () => {
    const server = meteringServer({
      GetAccount: unary(log, () => {
        throw SvcError.invalid('caller: the account is required', [{ field: 'caller', message: 'is required' }]);
      }),
      Authenticate: unary(log, () => {
        throw new Error('connection string postgres://secret@db');
      }),
    });
    const port = await server.listen('127.0.0.1:0');
    cleanups.push(() => server.shutdown(500));
    const client = connect(proto.metering, `127.0.0.1:${port}`);
    cleanups.push(() => client.close());
    const e1 = (await call(client, 'GetAccount', {}).catch((e: unknown) => e)) as grpc.ServiceError;
    expect(e1.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(problemOf(e1)).toEqual({ code: 'invalid_request', message: 'caller: the account is required', fields: [{ field: 'caller', message: 'is required' }] });
    const e2 = (await call(client, 'Authenticate', {}).catch((e: unknown) => e)) as grpc.ServiceError;
    expect(e2.code).toBe(grpc.status.INTERNAL);
    expect(e2.details).toBe('internal error');
    expect(JSON.stringify(e2)).not.toContain('secret');
  });
});

describe('gRPC client targets', () => {
  it('resolves host:port through DNS, so a name with several addresses reaches them all', () => {
    expect(targetOf('envelope:50052')).toBe('dns:///envelope:50052');
    expect(targetOf('127.0.0.1:50052')).toBe('dns:///127.0.0.1:50052');
    expect(targetOf('[::1]:50052')).toBe('dns:///[::1]:50052');
  });

  it('keeps a target that names its scheme', () => {
    for (const t of ['dns:///envelope:50052', 'dns://10.96.0.10:53/envelope:50052', 'ipv4:127.0.0.1:50052', 'unix:/run/envelope.sock']) expect(targetOf(t)).toBe(t);
  });

  it('reaches a server by a name through the resolver (localhost)', async () => {
    const server = meteringServer({});
    const port = await server.listen('127.0.0.1:0');
    cleanups.push(() => server.shutdown(100));
    const health = connect(proto.health, `localhost:${port}`);
    cleanups.push(() => health.close());
    expect(health.getChannel().getTarget()).toBe(`dns:///localhost:${port}`);
    expect(await call<{ status: string }>(health, 'Check', { service: '' })).toEqual({ status: 'SERVING' });
  });
});

describe('gRPC client helper', () => {
  /** A live server whose first answer is UNAVAILABLE (a replica going away), then OK. */
  async function flaky() {
    let calls = 0;
    const server = meteringServer({
      Authenticate: (_call: unknown, cb: grpc.sendUnaryData<unknown>) => {
        calls++;
        if (calls === 1) cb({ code: grpc.status.UNAVAILABLE, details: 'draining' } as grpc.ServiceError);
        else cb(null, { ok: true });
      },
    });
    const port = await server.listen('127.0.0.1:0');
    const client = connect(proto.metering, `127.0.0.1:${port}`);
    cleanups.push(() => client.close(), () => server.shutdown(500));
    return { client, calls: () => calls };
  }

  it('retries an idempotent read on UNAVAILABLE within the deadline', async () => {
    const f = await flaky();
    expect(await call(f.client, 'Authenticate', { keyHash: 'x' }, { idempotent: true, deadlineMs: 3_000 })).toMatchObject({ ok: true });
    expect(f.calls()).toBe(2);
  });

  it('does not retry a call that is not idempotent', async () => {
    const f = await flaky();
    await expect(call(f.client, 'Authenticate', { keyHash: 'x' }, { deadlineMs: 3_000 })).rejects.toMatchObject({ code: grpc.status.UNAVAILABLE });
    expect(f.calls()).toBe(1);
  });

  it('fails at the deadline when the service does not answer', async () => {
    const server = meteringServer({ Authenticate: unary(log, () => new Promise(() => {})) });
    const port = await server.listen('127.0.0.1:0');
    cleanups.push(() => server.shutdown(100));
    const client = connect(proto.metering, `127.0.0.1:${port}`);
    cleanups.push(() => client.close());
    // DEADLINE_EXCEEDED comes from the deadline only (the handler never answers).
    await expect(call(client, 'Authenticate', {}, { deadlineMs: 200 })).rejects.toMatchObject({ code: grpc.status.DEADLINE_EXCEEDED });
  });
});
