/**
 * Key authentication. The gateway hashes the presented key and asks metering once; the answer is
 * cached for a short time so the hot path has no hop, and a key replacement event drops it from
 * every replica's cache at once.
 */
import { endUserProblem, failOpen, hashKey, isWellFormedKey, type Bus, type Kv, type Subscription } from '@svc/kit';
import type { Request } from 'express';
import { subscribeEvent } from '@svc/protos';
import { rpc, type Clients } from './clients';
import type { AuthAccount } from './context';
import { TtlCache } from './cache';
import { HttpError } from './errors';

const CACHE_MS = 30_000;
const NEGATIVE_CACHE_MS = 5_000;
const REPLACED_CACHE_MS = 10 * 60_000;
const MAX_ENTRIES = 100_000;
const FAILURES_PER_MINUTE = 60;

interface Known {
  hash: string;
  account: AuthAccount | null;
  reason: string;
}

const REASONS: Record<string, string> = {
  unknown_key: 'the API key is not valid',
  replaced_key: 'this API key has been replaced; use the new key',
  closed: 'the account of this API key is closed',
};

export class KeyAuth {
  // Keyed by the key as presented, so a hit costs neither the checksum nor the SHA-256; it lives
  // in this process' memory only, as the request that carried it did. Refused keys have their own,
  // smaller cache, so a flood of made-up keys cannot push the good ones out.
  private readonly cache = new TtlCache<Known>(CACHE_MS, MAX_ENTRIES);
  private readonly refused = new TtlCache<Known>(NEGATIVE_CACHE_MS, 10_000);
  private sub: Subscription | undefined;
  private readonly pending = new Map<string, Promise<Known>>();
  private readonly probes = new Map<string, Promise<AuthAccount>>();

  constructor(
    private readonly clients: Clients,
    private readonly kv: Kv,
    private readonly trustedProxies: ReadonlySet<string> = new Set(),
  ) {}

  async listen(bus: Bus, invalid: (info: { subject: string; id: string; problem: string }) => void = () => {}): Promise<void> {
    this.sub = await subscribeEvent(bus, 'account.key_replaced', (e) => {
      const old = new Set(e.oldHashes);
      this.cache.deleteWhere((k) => old.has(k.hash));
      this.refused.deleteWhere((k) => old.has(k.hash));
    }, invalid);
  }

  async stop(): Promise<void> {
    await this.sub?.stop();
  }

  /** The account for a key, or an HttpError 401 naming why. */
  async authenticate(key: string | undefined, requestId: string): Promise<AuthAccount> {
    if (!key) throw new HttpError(401, 'unauthorized', 'send your API key in the x-svc-key header', { field: 'x-svc-key' });
    let hit = this.cache.get(key) ?? this.refused.get(key);
    if (!hit) {
      if (!isWellFormedKey(key)) throw new HttpError(401, 'unauthorized', 'the API key is not valid', { field: 'x-svc-key' });
      hit = await this.lookup(key, requestId);
    }
    if (!hit.account) throw new HttpError(401, 'unauthorized', REASONS[hit.reason] ?? REASONS.unknown_key!, { field: 'x-svc-key' });
    return hit.account;
  }

  /** Metering's answer for a key's hash. */
  protected ask(hash: string, requestId: string): Promise<{ ok: boolean; account: AuthAccount | null; reason: string }> {
    return rpc(this.clients, 'metering', 'Authenticate', { keyHash: hash }, { idempotent: true, requestId, deadlineMs: 1_500 });
  }

  /** One metering call per key at a time: concurrent first requests with one key share it. */
  private lookup(key: string, requestId: string): Promise<Known> {
    let p = this.pending.get(key);
    if (!p) {
      p = (async () => {
        const hash = hashKey(key);
        const r = await this.ask(hash, requestId);
        const known: Known = r.ok && r.account ? { hash, account: r.account, reason: '' } : { hash, account: null, reason: r.reason };
        if (known.account) this.cache.set(key, known);
        // A replaced key never works again: known for longer, so hammering it costs no lookups.
        else this.refused.set(key, known, known.reason === 'replaced_key' ? REPLACED_CACHE_MS : NEGATIVE_CACHE_MS);
        return known;
      })().finally(() => this.pending.delete(key));
      this.pending.set(key, p);
    }
    return p;
  }

  /**
   * The pipeline's authentication stage. Failed attempts are counted per client address (the
   * caller's, seen through the configured trusted proxies) and per key prefix, shared by every
   * replica through the Kv. Past FAILURES_PER_MINUTE, an address or a prefix is throttled: a
   * well-formed key from it is still looked up, at most once a second, so a valid tenant behind a
   * shared address gets in while guessing (or hammering a replaced key) stays slow.
   */
  async check(key: string | undefined, req: Request): Promise<AuthAccount> {
    // Hot path: a key already known good costs no lookup at all.
    const cached = key ? (this.cache.get(key) ?? this.refused.get(key)) : undefined;
    if (cached?.account) return cached.account;
    const kv = this.kv;
    const subjects = [`addr:${clientAddress(req, this.trustedProxies)}`, ...(key ? [`prefix:${key.slice(0, KEY_PREFIX_CHARS)}`] : [])];
    // Without the store, the guessing guard is skipped (counted), never the request refused for it.
    const safe = <T>(p: Promise<T>, fallback: T) => p.catch(() => (failOpen.inc({ check: 'key_guessing' }), fallback));
    try {
      // A key already known refused (a replaced key being hammered) costs no lookup either: it is
      // told why (401), not throttled, as the throttle only guards lookups.
      if (cached) return await this.authenticate(key, req.id);
      const flags = await Promise.all(subjects.map((s) => safe(kv.get(`authfail-block:${s}`), null)));
      const blocked = subjects.filter((_, i) => flags[i]);
      if (blocked.length) return await this.probe(key, blocked, safe, req.id);
      return await this.authenticate(key, req.id);
    } catch (err) {
      if (err instanceof HttpError && err.status === 401) {
        for (const s of subjects) {
          const hit = await safe(kv.hit(`authfail:${s}`, 60_000), null);
          if (hit && hit.count >= FAILURES_PER_MINUTE) await kv.set(`authfail-block:${s}`, '1', 60_000).catch(() => {});
        }
      }
      throw err;
    }
  }

  /**
   * A key from a throttled address or prefix: a well-formed key is looked up at most once a second
   * per throttled subject. Concurrent requests with one key share that one lookup (a tenant's
   * first burst after a lock-out is one probe, not one per request).
   */
  private probe(key: string | undefined, blocked: string[], safe: <T>(p: Promise<T>, fallback: T) => Promise<T>, requestId: string): Promise<AuthAccount> {
    if (key === undefined || !isWellFormedKey(key)) return Promise.reject(throttled());
    let p = this.probes.get(key);
    if (!p) {
      p = (async () => {
        const slots = await Promise.all(blocked.map((s) => safe(this.kv.hit(`authfail-probe:${s}`, 1_000), null)));
        if (slots.some((slot) => slot !== null && slot.count > 1)) throw throttled();
        return this.authenticate(key, requestId);
      })().finally(() => this.probes.delete(key));
      this.probes.set(key, p);
    }
    return p;
  }
}

const throttled = () => new HttpError(429, 'rate_limited', 'too many requests with an invalid API key from this address; retry later', {}, { 'Retry-After': '60' });

/** Enough of a key to tell keys apart; never enough to use one (keys are logged nowhere anyway). */
const KEY_PREFIX_CHARS = 16;

/**
 * The caller's address: the socket's, unless that is a trusted proxy, in which case the nearest
 * address in X-Forwarded-For that is not one. Without trusted proxies, X-Forwarded-For is ignored
 * (anyone can write it).
 */
export function clientAddress(req: Request, trusted: ReadonlySet<string>): string {
  let address = req.socket.remoteAddress ?? 'unknown';
  if (!trusted.has(address)) return address;
  const forwarded = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded ?? '').split(',').map((h) => h.trim()).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    address = hops[i] as string;
    if (!trusted.has(address)) return address;
  }
  return address;
}

/** x-svc-user: a stable pseudonymous id, never personal data such as an e-mail address. */
export function validateEndUser(raw: string | string[] | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const v = Array.isArray(raw) ? raw[0] ?? '' : raw;
  const problem = endUserProblem(v);
  if (problem) throw new HttpError(400, 'invalid_end_user', `x-svc-user ${problem}`, { field: 'x-svc-user' });
  return v;
}
