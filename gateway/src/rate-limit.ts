/**
 * The request rate limit of an account: its plan's limit (handed to the gateway with the account by
 * Authenticate, so it costs no hop), enforced by one atomic GCRA step in the shared Kv (one EVALSHA
 * in Redis), and told to the caller in the IETF RateLimit-Policy / RateLimit header fields on every
 * keyed answer. When the Kv cannot answer, the limit is skipped (fail open), said in a metric and a
 * log line: a rate limit protects the service, and losing Redis must not take the service down.
 */
import { failOpen, rateLimitDecisions, type Kv, type Logger, type ThrottleLimit, type ThrottleResult } from '@svc/kit';
import type { AuthAccount } from './context';
import { HttpError } from './errors';

/**
 * For an account whose answer carries no limit (a metering service older than the rate fields):
 * the gateway's limit before plans had one.
 */
export const FALLBACK_LIMIT: ThrottleLimit = { ratePerSec: 200, burst: 200 };

/** The policy's name in the header fields: one budget per account, shared by all its end users. */
const POLICY = '"account"';

/**
 * The limit for an account: its plan's, unless the deployment sets one for every account
 * (SVC_RATE_LIMIT_PER_SEC: tests, benchmarks, an emergency brake), which then also is the burst.
 */
export function limitOf(account: Pick<AuthAccount, 'ratePerSecond' | 'rateBurst'>, override = 0): ThrottleLimit {
  if (override > 0) return { ratePerSec: override, burst: override };
  if (account.ratePerSecond > 0) return { ratePerSec: account.ratePerSecond, burst: Math.max(1, account.rateBurst || account.ratePerSecond) };
  return FALLBACK_LIMIT;
}

/**
 * The header fields of draft-ietf-httpapi-ratelimit-headers: the policy as a quota `q` per window
 * `w` seconds (the burst, refilled over burst / rate seconds: the same long-run rate), and the
 * state as the requests `r` that may still be sent at once and the seconds `t` until the full
 * burst is back.
 */
export function rateLimitHeaders(limit: ThrottleLimit, r: ThrottleResult): Record<string, string> {
  const window = Math.max(1, Math.ceil(limit.burst / limit.ratePerSec));
  return {
    'RateLimit-Policy': `${POLICY};q=${limit.burst};w=${window}`,
    RateLimit: `${POLICY};r=${r.remaining};t=${Math.ceil(r.resetMs / 1_000)}`,
  };
}

export interface RateLimitTarget {
  setHeader(name: string, value: string): unknown;
}

/** Counts one request of the account; throws 429 rate_limited past its limit. */
export async function limitRate(kv: Kv, log: Logger, account: AuthAccount, requestId: string, res: RateLimitTarget, override = 0): Promise<void> {
  const limit = limitOf(account, override);
  let r: ThrottleResult;
  try {
    r = await kv.throttle(`rl:${account.id}`, limit);
  } catch (err) {
    failOpen.inc({ check: 'rate_limit' });
    rateLimitDecisions.inc({ decision: 'skipped' });
    log.warn({ requestId, err: (err as Error).message }, 'rate limit skipped: the store is unavailable');
    return;
  }
  const headers = rateLimitHeaders(limit, r);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  rateLimitDecisions.inc({ decision: r.allowed ? 'allowed' : 'limited' });
  if (!r.allowed) {
    const retryAfter = Math.max(1, Math.ceil(r.retryAfterMs / 1_000));
    // Whose limit it is tells the caller whom to ask: an upgrade lifts a plan's, not the operator's.
    const whose = override > 0 ? "the operator's limit for every account on this service" : "this account's plan limit";
    throw new HttpError(
      429,
      'rate_limited',
      `requests are arriving faster than ${whose} allows (${limit.ratePerSec} per second, ${limit.burst} at once); retry after ${retryAfter} s`,
      { limit: override > 0 ? 'operator' : 'plan' },
      { ...headers, 'Retry-After': String(retryAfter) },
    );
  }
}
