/**
 * The usage object attached to formula and library responses. Until run metering lands (Meter),
 * it is the account's monthly view from metering, cached for two seconds per account so that a
 * burst of requests costs one metering call. It is informational, so it is best-effort: when
 * metering cannot answer, the last known value (or null) goes out and the request still succeeds.
 */
import type { AccountView__Output } from '@svc/protos/gen/svc/v1/AccountView';
import { TtlCache } from './cache';
import { rpc, type Clients } from './clients';
import { usageJson } from './routes/account';

type Usage = ReturnType<typeof usageJson>;

const FRESH_MS = 2_000;
const KEEP_MS = 10 * 60_000;

export class UsageCache {
  private readonly fresh = new TtlCache<Promise<Usage>>(FRESH_MS, 50_000);
  private readonly lastKnown = new TtlCache<Usage>(KEEP_MS, 50_000);

  constructor(private readonly clients: Clients) {}

  get(accountId: string, requestId: string): Promise<Usage> {
    const hit = this.fresh.get(accountId);
    if (hit) return hit;
    const value = rpc<AccountView__Output>(this.clients, 'metering', 'GetAccount', { caller: { accountId, requestId } }, { idempotent: true, requestId, deadlineMs: 1_000 }).then(
      (a) => {
        const u = usageJson(a.usage);
        this.lastKnown.set(accountId, u);
        return u;
      },
      () => this.lastKnown.get(accountId) ?? null,
    );
    this.fresh.set(accountId, value);
    return value;
  }
}
