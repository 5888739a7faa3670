/**
 * The usage object attached to formula and library responses. Until run metering lands (Meter),
 * it is the account's monthly view from metering. It is informational, so it is best-effort and
 * never makes a request wait once it is known: a value up to two seconds old is served as it is;
 * an older one is still served while one background call to metering refreshes it (so a burst of
 * requests costs one call, and nobody waits on it). Only an account's first request waits; when
 * metering cannot answer, the last known value (or null) goes out and the request still succeeds.
 */
import { TtlCache } from './cache';
import { rpc, type Clients } from './clients';
import { usageJson } from '@svc/protos';
import type { Request } from 'express';
import type { KeyAuth } from './auth';
import { HttpError, type RefusalUsage } from './errors';

export type Usage = ReturnType<typeof usageJson>;
export type UsageLoader = (accountId: string, requestId: string) => Promise<Usage>;
/** The subject's open run as this gateway's run leases count it (metering.ts), if it holds one. */
export type LiveRun = (accountId: string, endUser: string) => NonNullable<Usage> | undefined;

/** Where the meter cannot be read, the usage field says why (contract/answers.ts, UsageUnavailable). */
export type UsageField = NonNullable<Usage> | { unavailable: 'unknown_key' | 'metering_unavailable'; message: string };
export const UNKNOWN_KEY: UsageField = { unavailable: 'unknown_key', message: 'the key names no account, so there is no usage to show' };
export const METERING_UNAVAILABLE: UsageField = { unavailable: 'metering_unavailable', message: 'the usage could not be read just now; the answer itself is complete' };

export const FRESH_MS = 2_000;
export const KEEP_MS = 10 * 60_000;
const MAX_ACCOUNTS = 50_000;

interface Entry {
  value: Usage;
  /** Whether `value` came from metering (an account's first call may have failed). */
  known: boolean;
  /** No call to metering for this account before this time, whether the last one worked or not. */
  nextTry: number;
  /** The call in flight; an account's first requests wait for it. */
  loading: Promise<Usage> | null;
}

export class UsageCache {
  // An entry lives KEEP_MS from its last answer: older than that, a value is not worth showing.
  private readonly entries: TtlCache<Entry>;

  /** Set where run metering is wired: the subject's open run, counted to its last call. */
  live: LiveRun = () => undefined;

  constructor(
    private readonly load: UsageLoader,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = new TtlCache<Entry>(KEEP_MS, MAX_ACCOUNTS, now);
  }

  /**
   * The usage an answer shows: metering's view (`known`, or the cached one), with the subject's open
   * run as this gateway's leases count it. Metering records spent calls every few seconds; the
   * leases know them at once, so a caller reads its own formula calls on the very next answer.
   */
  async forAnswer(accountId: string, endUser: string, requestId: string, known?: Usage): Promise<UsageField> {
    const base = known !== undefined ? known : await this.get(accountId, requestId);
    return this.overlay(accountId, endUser, base);
  }

  overlay(accountId: string, endUser: string, base: Usage): UsageField {
    const live = this.live(accountId, endUser);
    if (!live || (base && base.month !== live.month)) return base ?? METERING_UNAVAILABLE;
    if (!base) return live;
    const runsUsed = Math.max(base.runsUsed, live.runsUsed);
    return { ...base, runsUsed, runsLeft: Math.max(0, base.runsLimit - runsUsed), overageRuns: Math.max(base.overageRuns, live.overageRuns), run: live.run };
  }

  get(accountId: string, requestId: string): Promise<Usage> {
    let e = this.entries.get(accountId);
    if (!e) {
      e = { value: null, known: false, nextTry: 0, loading: null };
      this.entries.set(accountId, e);
    }
    if (!e.loading && this.now() >= e.nextTry) {
      const entry = e;
      entry.loading = this.refresh(accountId, requestId, entry).finally(() => (entry.loading = null));
    }
    return e.known ? Promise.resolve(e.value) : (e.loading ?? Promise.resolve(null));
  }

  private async refresh(accountId: string, requestId: string, e: Entry): Promise<Usage> {
    try {
      e.value = await this.load(accountId, requestId);
      e.known = true;
      this.entries.set(accountId, e);
    } catch {
      // The last known value stays; the next call waits FRESH_MS, so an unavailable metering
      // service is asked once per interval, not once per request.
    }
    e.nextTry = this.now() + FRESH_MS;
    return e.value;
  }
}

/** The account's monthly view from metering, with a short deadline: usage must not hold a request up. */
export const usageFromMetering =
  (clients: Clients): UsageLoader =>
  async (accountId, requestId) => {
    const a = await rpc(clients, 'metering', 'GetAccount', { caller: { accountId, requestId } }, { idempotent: true, requestId, deadlineMs: 1_000 });
    return usageJson(a.usage);
  };

/** The key a request carried in x-svc-key, if exactly one. */
const keyOf = (req: Request): string | undefined => {
  const v = req.headersDistinct?.['x-svc-key'];
  return v && v.length === 1 && v[0] ? v[0] : undefined;
};

/**
 * The usage of a refusal given to a request that carried a key: the account's when the key names one
 * (looked up when the refusal came before the key was checked: no route, a wrong method, a version),
 * else why there is none. Undefined for a request without a key. Never throws.
 */
export function refusalUsage(auth: Pick<KeyAuth, 'check'>, usage: UsageCache): RefusalUsage {
  return async (req, e) => {
    try {
      if (e.extra.usage) return e.extra.usage;
      if (req.account) return await usage.forAnswer(req.account.id, req.endUser ?? '', req.id);
      const sent = req.headers['x-svc-key'];
      if (sent === undefined || sent === '') return undefined;
      const key = keyOf(req);
      if (!key || e.status === 401 || (e.status === 429 && e.code === 'rate_limited')) return UNKNOWN_KEY;
      if (e.status === 503) return METERING_UNAVAILABLE;
      const account = await auth.check(key, req);
      return await usage.forAnswer(account.id, '', req.id);
    } catch (err) {
      return err instanceof HttpError && (err.status === 401 || err.status === 429) ? UNKNOWN_KEY : METERING_UNAVAILABLE;
    }
  };
}
