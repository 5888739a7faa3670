/** The rate limit's choice of limit and its header fields, without a server. */
import { describe, expect, it } from 'vitest';
import { FALLBACK_LIMIT, limitOf, rateLimitHeaders } from '../src/rate-limit';

describe('rate limit', () => {
  it("takes the plan's limit from the account, an override for every account, or the fallback", () => {
    expect(limitOf({ ratePerSecond: 2, rateBurst: 10 })).toEqual({ ratePerSec: 2, burst: 10 });
    expect(limitOf({ ratePerSecond: 2, rateBurst: 10 }, 100_000)).toEqual({ ratePerSec: 100_000, burst: 100_000 });
    expect(limitOf({ ratePerSecond: 5, rateBurst: 0 })).toEqual({ ratePerSec: 5, burst: 5 });
    expect(limitOf({ ratePerSecond: 0, rateBurst: 0 })).toEqual(FALLBACK_LIMIT);
  });

  it('writes RateLimit-Policy and RateLimit as the IETF draft defines them', () => {
    const h = rateLimitHeaders({ ratePerSec: 2, burst: 10 }, { allowed: true, remaining: 7, retryAfterMs: 0, resetMs: 1_400 });
    expect(h).toEqual({ 'RateLimit-Policy': '"account";q=10;w=5', RateLimit: '"account";r=7;t=2' });
    // A burst below the rate still names a window of at least one second.
    expect(rateLimitHeaders({ ratePerSec: 100, burst: 50 }, { allowed: false, remaining: 0, retryAfterMs: 10, resetMs: 500 })['RateLimit-Policy']).toBe('"account";q=50;w=1');
  });
});
