/**
 * How the compute services learn about ingredients: library.Resolve, many names in one call,
 * with a local cache so a formula's names cost no hop once seen. `library.updated` (an approved
 * submission, a data upgrade) drops the cache on every replica.
 */
import * as grpc from '@grpc/grpc-js';
import { normaliseName, type Resolution } from '@svc/formula';
import { proto, resolutionFromProto, subscribeEvent, type LibraryClient } from '@svc/protos';
import type { ResolveResponse__Output } from '@svc/protos/gen/svc/v1/ResolveResponse';
import { SvcError, call, connect, type Bus, type Subscription } from '@svc/kit';

export interface CachedResolver {
  /** Keyed by normaliseName of each name asked. */
  resolve(names: readonly string[], requestId?: string): Promise<Map<string, Resolution>>;
  stop(): Promise<void>;
}

const MAX_ENTRIES = 50_000;
/** The library's own bound on names per Resolve call. */
const MAX_PER_CALL = 2_000;

export async function libraryResolver(address: string, bus: Bus): Promise<CachedResolver> {
  const client = connect<LibraryClient & grpc.Client>(proto.library as never, address);
  const cache = new Map<string, Resolution>();
  // Even a malformed update clears the cache: asking the library again is always safe.
  const sub: Subscription = await subscribeEvent(bus, 'library.updated', () => cache.clear(), () => cache.clear());
  return {
    async resolve(names, requestId) {
      const out = new Map<string, Resolution>();
      const missing = new Set<string>();
      for (const n of names) {
        const key = normaliseName(n);
        const hit = cache.get(key);
        if (hit) out.set(key, hit);
        else missing.add(key);
      }
      const todo = [...missing];
      const chunks: string[][] = [];
      for (let i = 0; i < todo.length; i += MAX_PER_CALL) chunks.push(todo.slice(i, i + MAX_PER_CALL));
      const answers = await Promise.all(chunks.map((c) => call<ResolveResponse__Output>(client, 'Resolve', { names: c }, { idempotent: true, requestId, deadlineMs: 1_500 })));
      if (todo.length && cache.size + todo.length > MAX_ENTRIES) cache.clear();
      for (const r of answers) {
        for (const m of r.resolutions) {
          const res = resolutionFromProto(m);
          const key = normaliseName(m.n);
          out.set(key, res);
          // Unmatched names may be approved later; they stay cached only until the next update event.
          cache.set(key, res);
        }
      }
      return out;
    },
    async stop() {
      await sub.stop();
      client.close();
    },
  };
}

/** Resolves names through the library, turning its absence into UNAVAILABLE for the caller. */
export async function resolveOrUnavailable(resolver: CachedResolver, names: readonly string[], requestId?: string): Promise<Map<string, Resolution>> {
  try {
    return await resolver.resolve(names, requestId);
  } catch (err) {
    const code = (err as grpc.ServiceError).code;
    // Only an absent or slow library is "retry shortly"; anything else is a fault to log, not to retry.
    if (code === grpc.status.UNAVAILABLE || code === grpc.status.DEADLINE_EXCEEDED || code === grpc.status.CANCELLED) {
      throw new SvcError(grpc.status.UNAVAILABLE, { code: 'service_unavailable', message: 'the ingredient library is unavailable; retry shortly' });
    }
    throw err;
  }
}
