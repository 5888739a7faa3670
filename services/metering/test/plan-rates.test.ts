/** The request rate limits of the plans data pack: present, sane, and rising with the plan. */
import { describe, expect, it } from 'vitest';
import { PLANS, planOf } from '../src/engine/plans';

describe('plan rate limits', () => {
  it('gives every plan a whole rate and a burst of whole seconds of it, rising with the plan', () => {
    for (const p of PLANS) {
      expect(Number.isInteger(p.rate.perSecond) && p.rate.perSecond > 0, p.id).toBe(true);
      expect(p.rate.burst % p.rate.perSecond, p.id).toBe(0);
    }
    const rates = PLANS.map((p) => p.rate.perSecond);
    expect([...rates].sort((a, b) => a - b)).toEqual(rates);
  });

  it('keeps the platform plan above what the benchmark sends from one key', () => {
    expect(planOf('platform').rate.perSecond).toBeGreaterThanOrEqual(3_000);
  });
});
