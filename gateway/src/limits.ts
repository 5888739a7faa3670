/**
 * "Sending too fast" (spec section 7): a per-account request budget per second, shared by every
 * gateway replica through the Kv. 429 carries Retry-After and the RateLimit headers.
 */
import type { Kv } from '@svc/kit';
import type { RequestHandler } from 'express';
import { HttpError } from './errors';

export function rateLimit(kv: Kv, perSecond: number): RequestHandler {
  return (req, res, next) => {
    const subject = req.account?.id ?? 'anonymous';
    kv.hit(`rl:${subject}`, 1_000).then(({ count, resetMs }) => {
      const reset = Math.max(1, Math.ceil(resetMs / 1_000));
      res.setHeader('RateLimit-Limit', String(perSecond));
      res.setHeader('RateLimit-Remaining', String(Math.max(0, perSecond - count)));
      res.setHeader('RateLimit-Reset', String(reset));
      if (count > perSecond) {
        return next(new HttpError(429, 'rate_limited', `more than ${perSecond} requests per second for this account; retry after ${reset} s`, {}, { 'Retry-After': String(reset) }));
      }
      next();
    }, next);
  };
}
