/** What the gateway decides on its own about careless or hostile requests, each with the behaviour that failed before. */
import type * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKey, memoryKv } from '@svc/kit';
import { KeyAuth } from '../src/auth';
import type { Clients } from '../src/clients';
import { startTestApp, type TestApp } from './support/app';

describe('gateway hardening', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(async () => t.close());

  it('never reflects the Host header into the primer or the terms', async () => {
    for (const path of ['/ai/primer', '/terms']) {
      const r = await fetch(`${t.url}${path}`, { headers: { host: 'evil.example' } });
      expect(r.status).toBe(200);
      expect(await r.text()).not.toContain('evil.example');
    }
  });

  it('redacts a percent-encoded key in a path it does not know', async () => {
    const key = generateKey();
    const r = await fetch(`${t.url}/no/${encodeURIComponent(key).replace('_', '%5F')}`);
    expect(r.status).toBe(404);
    const text = await r.text();
    expect(text).not.toContain(key.slice(9, 25));
    expect(t.logs.join('\n')).not.toContain(key.slice(9, 25));
  });

  it('does not take a key-shaped x-request-id, with or without its prefix', async () => {
    const key = generateKey();
    for (const id of [key, key.slice('svc_live_'.length)]) {
      const r = await fetch(`${t.url}/healthz`, { headers: { 'x-request-id': id } });
      expect(r.headers.get('x-request-id')).not.toBe(id);
    }
    const r = await fetch(`${t.url}/healthz`, { headers: { 'x-request-id': 'trace-4f2a-9c01' } });
    expect(r.headers.get('x-request-id')).toBe('trace-4f2a-9c01');
    expect(t.logs.join('\n')).not.toContain(key.slice(9, 30));
  });
});

describe('a cold gateway', () => {
  it('asks metering once for a key that many first requests carry at the same time', async () => {
    let calls = 0;
    const metering = {
      Authenticate(_req: unknown, _md: unknown, _opts: unknown, cb: (err: grpc.ServiceError | null, res: unknown) => void) {
        calls++;
        setTimeout(() => cb(null, { ok: true, reason: '', account: { id: 'acct_1', company: 'A', plan: 'platform', tier: 'unlimited', status: 'active', keyId: 'k', seatsEnabled: true } }), 30);
      },
    };
    const auth = new KeyAuth({ metering } as unknown as Clients, memoryKv('cold'));
    const key = generateKey();
    const req = { id: 'req_x', socket: { remoteAddress: '127.0.0.1' }, headers: {} } as never;
    const accounts = await Promise.all(Array.from({ length: 20 }, () => auth.check(key, req)));
    expect(accounts.every((a) => a.id === 'acct_1')).toBe(true);
    expect(calls).toBe(1);
  });
});

describe('a request whose headers never finish', () => {
  it('is answered 408 and its connection closed once the request deadline passes', async () => {
    const net = await import('node:net');
    const { startGateway } = await import('../src/gateway');
    const { createLogger, memoryBus } = await import('@svc/kit');
    const nowhere = { library: '127.0.0.1:9', envelope: '127.0.0.1:9', preservation: '127.0.0.1:9', label: '127.0.0.1:9', metering: '127.0.0.1:9', compliance: '127.0.0.1:9' };
    const gw = await startGateway({ peers: nowhere, bus: memoryBus(), kv: memoryKv('slow'), log: createLogger('test', 'silent'), host: '127.0.0.1', port: 0, requestTimeoutMs: 500 });
    try {
      const answer = await new Promise<string>((resolve) => {
        const s = net.connect(gw.port, '127.0.0.1', () => s.write('POST /check HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n'));
        let got = '';
        s.on('data', (d) => (got += d.toString()));
        s.on('close', () => resolve(got));
        s.on('error', () => resolve(got));
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(answer).toMatch(/x-request-id: req_/);
      expect(answer).toContain('"code":"request_timeout"');
    } finally {
      await gw.stop();
    }
  }, 20_000);
});

describe('x-svc-user', () => {
  it('takes pseudonymous ids and refuses personal data shapes, naming the header', async () => {
    const { validateEndUser } = await import('../src/auth');
    for (const ok of ['u_12345', 'tenant-7:user-42', 'a', 'c0ffee.9', '2024-10-05-run']) expect(validateEndUser(ok)).toBe(ok);
    for (const bad of ['jane@example.com', '+33612345678', '0612345678', '06-12-34-56-78', '192.168.1.20', 'has space', 'x'.repeat(129), '']) {
      let err: HttpErrorLike | null = null;
      try {
        validateEndUser(bad);
      } catch (e) {
        err = e as HttpErrorLike;
      }
      expect(err, bad).toMatchObject({ status: 400, code: 'invalid_end_user', extra: { field: 'x-svc-user' } });
    }
  });
});

interface HttpErrorLike {
  status: number;
  code: string;
  extra: Record<string, unknown>;
}
