/** The gateway's app on loopback, without services: for what the gateway decides on its own. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, memoryKv } from '@svc/kit';
import { createApp } from '../../src/app';
import { KeyAuth } from '../../src/auth';
import { TtlCache } from '../../src/cache';
import { createClients, type Clients } from '../../src/clients';
import { UsageCache } from '../../src/usage';

const nowhere = { library: '127.0.0.1:9', envelope: '127.0.0.1:9', preservation: '127.0.0.1:9', label: '127.0.0.1:9', metering: '127.0.0.1:9', compliance: '127.0.0.1:9' };

export const OPERATION_DEPS = { searches: new TtlCache<never>(1_000, 10), libraryMeta: async () => null };

export interface TestApp {
  url: string;
  app: ReturnType<typeof createApp>;
  logs: string[];
  close(): Promise<void>;
}

export async function startTestApp(clients: Clients = createClients(nowhere)): Promise<TestApp> {
  const kv = memoryKv('test-app');
  const logs: string[] = [];
  const log = createLogger('test', 'debug', { write: (l: string) => void logs.push(l) });
  const app = createApp({ ...OPERATION_DEPS, clients, auth: new KeyAuth(clients, kv), kv, log, usage: new UsageCache(async () => null) });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    app,
    logs,
    async close() {
      await new Promise<void>((r) => server.close(() => r()));
      clients.close();
    },
  };
}

/** An app on a free loopback port, and how to stop it (its server, then its clients). */
export async function listenOnLoopback(app: ReturnType<typeof createApp>, clients: Clients): Promise<{ url: string; close(): Promise<void> }> {
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await new Promise<void>((r) => server.close(() => r()));
      clients.close();
    },
  };
}
