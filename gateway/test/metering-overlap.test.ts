/**
 * A formula call is computed while metering decides, and answered only once it is metered: the
 * compute service is asked before the metering stage has its answer; a refusal wins over an answer
 * already computed; a call that fails is refunded; a call that fails while metering is still
 * deciding is no unhandled rejection.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as grpc from '@grpc/grpc-js';
import { createLogger, memoryKv } from '@svc/kit';
import { proto } from '@svc/protos';
import type { CheckResponse } from '@svc/protos/gen/svc/v1/CheckResponse';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import type { KeyAuth } from '../src/auth';
import { createClients } from '../src/clients';
import { HttpError } from '../src/errors';
import type { MeteredCall } from '../src/metering';
import type { StageHooks } from '../src/operations/index';
import { UsageCache } from '../src/usage';
import { OPERATION_DEPS } from './support/app';

const ACCOUNT = { id: 'acct_1', company: 'Test Co', plan: 'platform', tier: 'unlimited', status: 'active', keyId: 'k1', seatsEnabled: false, hasEnrolled: false };
const ANSWER: CheckResponse = { verdict: 'compatible', categories: [], remedies: [], maxLoads: {}, lines: [], unmatched: [], packVersion: 't' };
const BODY = JSON.stringify({ base: 'classic', basePct: 80, ph: 5.5, lines: [{ n: 'AQUA', pct: 20 }] });

let stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const s of stops.reverse()) await s();
  stops = [];
});

/** An envelope service that records when it was asked, and answers (or fails) as told. */
async function envelope(fail: boolean): Promise<{ address: string; askedAt: number[] }> {
  const askedAt: number[] = [];
  const server = new grpc.Server();
  server.addService(proto.envelope.service, {
    Check: (_call: unknown, cb: grpc.sendUnaryData<CheckResponse>) => {
      askedAt.push(performance.now());
      if (fail) cb({ code: grpc.status.INVALID_ARGUMENT, details: 'lines[0].n: unknown' });
      else cb(null, ANSWER);
    },
  });
  const port = await new Promise<number>((resolve, reject) => server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))));
  stops.push(async () => void server.forceShutdown());
  return { address: `127.0.0.1:${port}`, askedAt };
}

async function gateway(envelopeAddress: string, metering: NonNullable<StageHooks['metering']>): Promise<string> {
  const nowhere = '127.0.0.1:9';
  const clients = createClients({ library: nowhere, envelope: envelopeAddress, preservation: nowhere, label: nowhere, metering: nowhere, compliance: nowhere });
  const auth = { check: async () => ACCOUNT } as unknown as KeyAuth;
  const kv = memoryKv(`overlap-${Math.random()}`);
  const app = createApp({ ...OPERATION_DEPS, clients, auth, kv, log: createLogger('test', 'silent'), usage: new UsageCache(async () => null), hooks: { metering } });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  stops.push(async () => {
    await new Promise<void>((r) => server.close(() => r()));
    clients.close();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const check = (url: string) => fetch(`${url}/check`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-svc-key': 'svc_test_x' }, body: BODY });
const later = <T>(ms: number, value: () => T): Promise<T> =>
  new Promise((resolve, reject) =>
    setTimeout(() => {
      try {
        resolve(value());
      } catch (err) {
        reject(err);
      }
    }, ms),
  );

describe('metering beside the call', () => {
  it('asks the compute service while metering is still deciding, and answers once metered', async () => {
    const env = await envelope(false);
    let decidedAt = 0;
    const url = await gateway(env.address, () =>
      later(300, (): MeteredCall => {
        decidedAt = performance.now();
        return { usage: null, refund: () => {} };
      }),
    );
    const r = await check(url);
    expect(r.status).toBe(200);
    expect(((await r.json()) as { verdict: string }).verdict).toBe('compatible');
    expect(env.askedAt).toHaveLength(1);
    expect(env.askedAt[0]!).toBeLessThan(decidedAt);
  });

  it('answers a refusal, not the answer computed beside it', async () => {
    const env = await envelope(false);
    const url = await gateway(env.address, () =>
      later(100, () => {
        throw new HttpError(429, 'quota_exhausted', "this month's runs are used up", { resetsAt: '2026-12-01T00:00:00.000Z' }, { 'Retry-After': '60' });
      }),
    );
    const r = await check(url);
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBe('60');
    const body = (await r.json()) as { error: { code: string }; verdict?: string };
    expect(body.error.code).toBe('quota_exhausted');
    expect(body.verdict).toBeUndefined();
    expect(env.askedAt).toHaveLength(1);
  });

  it('refunds a call that failed, also when it failed before metering decided', async () => {
    const env = await envelope(true);
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => void unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    stops.push(async () => void process.off('unhandledRejection', onUnhandled));
    let refunds = 0;
    const url = await gateway(env.address, () => later(200, (): MeteredCall => ({ usage: null, refund: () => void refunds++ })));
    const r = await check(url);
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: { message: string } }).error.message).toContain('lines[0].n');
    expect(refunds).toBe(1);
    // The failed call settled 200 ms before it was awaited: that is not an unhandled rejection.
    await later(50, () => null);
    expect(unhandled).toEqual([]);
  });
});
