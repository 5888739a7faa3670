import { proto, type HealthClient } from '@svc/protos';
import { call, connect } from './client';

/** Waits until the server at `address` reports SERVING, or throws after `timeoutMs`. */
export async function waitHealthy(address: string, timeoutMs = 30_000): Promise<void> {
  const client = connect<HealthClient & import('@grpc/grpc-js').Client>(proto.health as never, address);
  const end = Date.now() + timeoutMs;
  try {
    for (;;) {
      try {
        const r = await call<{ status: string }>(client, 'Check', { service: '' }, { deadlineMs: 1_000 });
        if (r.status === 'SERVING') return;
      } catch {
        // not up yet
      }
      if (Date.now() > end) throw new Error(`${address} did not become healthy within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 150));
    }
  } finally {
    client.close();
  }
}
