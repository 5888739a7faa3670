/**
 * The usage object attached to formula and library responses. Until run metering lands (Meter),
 * it is the account's monthly view from metering. It is informational, so it is best-effort and
 * never makes a request wait once it is known: a value up to two seconds old is served as it is;
 * an older one is still served while one background call to metering refreshes it (so a burst of
 * requests costs one call, and nobody waits on it). Only an account's first request waits; when
 * metering cannot answer, the last known value (or null) goes out and the request still succeeds.
 */
import type { AccountView__Output } from '@svc/protos/gen/svc/v1/AccountView';
import { rpc, type Clients } from './clients';
import { usageJson } from './routes/account';

export type Usage = ReturnType<typeof usageJson>;
export type UsageLoader = (accountId: string, requestId: string) => Promise<Usage>;

export const FRESH_MS = 2_000;
export const KEEP_MS = 10 * 60_000;
const MAX_ACCOUNTS = 50_000;

interface Entry {
  value: Usage;
  /** When `value` came from metering. */
  at: number;
  /** No call to metering for this account before this time, whether the last one worked or not. */
  nextTry: number;
  /** The call in flight; an account's first requests wait for it. */
  loading: Promise<Usage> | null;
}

export class UsageCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly load: UsageLoader,
    private readonly now: () => number = Date.now,
  ) {}

  get(accountId: string, requestId: string): Promise<Usage> {
    const e = this.entries.get(accountId) ?? this.add(accountId);
    const known = this.now() - e.at < KEEP_MS;
    if (!e.loading && this.now() >= e.nextTry) e.loading = this.refresh(accountId, requestId, e);
    if (known) return Promise.resolve(e.value);
    return e.loading ?? Promise.resolve(null);
  }

  private add(accountId: string): Entry {
    // Dropping everything at the bound is crude but O(1) and safe: entries are cheap to refetch.
    if (this.entries.size >= MAX_ACCOUNTS) this.entries.clear();
    const entry: Entry = { value: null, at: -Infinity, nextTry: 0, loading: null };
    this.entries.set(accountId, entry);
    return entry;
  }

  private async refresh(accountId: string, requestId: string, e: Entry): Promise<Usage> {
    try {
      e.value = await this.load(accountId, requestId);
      e.at = this.now();
    } catch {
      // The last known value stays (until KEEP_MS); the next call waits FRESH_MS, so an
      // unavailable metering service is asked once per interval, not once per request.
    } finally {
      e.loading = null;
      e.nextTry = this.now() + FRESH_MS;
    }
    return this.now() - e.at < KEEP_MS ? e.value : null;
  }
}

/** The account's monthly view from metering, with a short deadline: usage must not hold a request up. */
export const usageFromMetering =
  (clients: Clients): UsageLoader =>
  async (accountId, requestId) => {
    const a = await rpc<AccountView__Output>(clients, 'metering', 'GetAccount', { caller: { accountId, requestId } }, { idempotent: true, requestId, deadlineMs: 1_000 });
    return usageJson(a.usage);
  };
