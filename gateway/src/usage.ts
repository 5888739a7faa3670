/**
 * The usage object attached to formula responses. Until run metering lands (Meter), it is the
 * account's monthly view from metering, cached for two seconds per account so that a burst of
 * checks costs one metering call, fetched at the same time as the formula call.
 */
import type { AccountView__Output } from '@svc/protos/gen/svc/v1/AccountView';
import { rpc, type Clients } from './clients';
import { usageJson } from './routes/account';

const TTL_MS = 2_000;

export class UsageCache {
  private readonly cache = new Map<string, { at: number; value: Promise<ReturnType<typeof usageJson>> }>();

  constructor(private readonly clients: Clients) {}

  get(accountId: string, requestId: string): Promise<ReturnType<typeof usageJson>> {
    const hit = this.cache.get(accountId);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
    const value = rpc<AccountView__Output>(this.clients, 'metering', 'GetAccount', { caller: { accountId, requestId } }, { idempotent: true, requestId, deadlineMs: 1_000 }).then(
      (a) => usageJson(a.usage),
      (err) => {
        this.cache.delete(accountId);
        throw err;
      },
    );
    if (this.cache.size > 50_000) this.cache.clear();
    this.cache.set(accountId, { at: Date.now(), value });
    return value;
  }
}
