import { afterAll, describe, expect, it } from 'vitest';
import { proto } from '@svc/protos';
import { call, connect, createLogger, GrpcServer, serveMetrics, SvcError, unary } from '../src/index';

describe('metrics', () => {
  const log = createLogger('metering', 'silent');
  const server = new GrpcServer('metering', log);
  server.add('svc.v1.Metering', proto.metering.service, {
    Authenticate: unary(log, async () => ({ ok: false, reason: 'unknown_key' })),
    GetAccount: unary(log, async () => {
      throw SvcError.notFound('account not found');
    }),
  });
  let metrics: Awaited<ReturnType<typeof serveMetrics>>;
  afterAll(async () => {
    await server.shutdown(500);
    await metrics?.stop();
  });

  it('counts gRPC calls by service, method and status, served on their own port', async () => {
    const port = await server.listen('127.0.0.1:0');
    const client = connect(proto.metering, `127.0.0.1:${port}`);
    await call(client, 'Authenticate', { keyHash: 'x' });
    await call(client, 'GetAccount', {}).catch(() => {});
    client.close();
    metrics = await serveMetrics('127.0.0.1', 0);
    const text = await (await fetch(`http://127.0.0.1:${metrics.port}/metrics`)).text();
    expect(text).toMatch(/svc_grpc_server_handled_total\{svc="metering",method="Authenticate",code="OK"\} 1/);
    expect(text).toMatch(/svc_grpc_server_handled_total\{svc="metering",method="GetAccount",code="NOT_FOUND"\} 1/);
    expect((await fetch(`http://127.0.0.1:${metrics.port}/other`)).status).toBe(404);
  });
});
