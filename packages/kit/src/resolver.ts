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
/** The library's own bound on names per Resolve call. */
const MAX_PER_CALL = 2_000;

export async function libraryResolver(address: string, bus: Bus): Promise<CachedResolver> {
  const client = connect<LibraryClient & grpc.Client>(proto.library as never, address);
  const cache = new Map<string, Resolution>();
  const sub: Subscription = await bus.subscribe('library.updated', () => cache.clear());
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
