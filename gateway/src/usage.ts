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

export type Usage = ReturnType<typeof usageJson>;
export type UsageLoader = (accountId: string, requestId: string) => Promise<Usage>;

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

  constructor(
    private readonly load: UsageLoader,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = new TtlCache<Entry>(KEEP_MS, MAX_ACCOUNTS, now);
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
