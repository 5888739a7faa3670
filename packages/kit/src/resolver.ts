/**
 * How the compute services learn about ingredients: library.Resolve, many names in one call,
 * with a local cache so a formula's names cost no hop once seen. `library.updated` (an approved
 * submission, a data upgrade) drops the cache on every replica.
 */
import type * as grpc from '@grpc/grpc-js';
import { normaliseName, type Resolution } from '@svc/formula';
import { proto, type LibraryClient } from '@svc/protos';
import type { ResolveResponse__Output } from '@svc/protos/gen/svc/v1/ResolveResponse';
import type { Bus, Subscription } from './adapters/bus';
import { resolutionFromProto } from './convert';
import { call, connect } from './grpc/client';

export interface CachedResolver {
  /** Keyed by normaliseName of each name asked. */
  resolve(names: readonly string[], requestId?: string): Promise<Map<string, Resolution>>;
  stop(): Promise<void>;
}

const MAX_ENTRIES = 50_000;

export async function libraryResolver(address: string, bus: Bus): Promise<CachedResolver> {
  const client = connect<LibraryClient & grpc.Client>(proto.library as never, address);
  const cache = new Map<string, Resolution>();
  const sub: Subscription = await bus.subscribe('library.updated', () => cache.clear());
  return {
    async resolve(names, requestId) {
      const out = new Map<string, Resolution>();
      const missing: string[] = [];
      for (const n of names) {
        const key = normaliseName(n);
        const hit = cache.get(key);
        if (hit) out.set(key, hit);
        else if (!missing.includes(key)) missing.push(key);
      }
      if (missing.length) {
        const r = await call<ResolveResponse__Output>(client, 'Resolve', { names: missing }, { idempotent: true, requestId, deadlineMs: 1_500 });
        if (cache.size + missing.length > MAX_ENTRIES) cache.clear();
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
