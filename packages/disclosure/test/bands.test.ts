import { describe, expect, it } from 'vitest';
import { DISCLOSURE_BANDS, bandOf, contributionOf, parseBands, sameBand } from '../src/index';

const BANDS = DISCLOSURE_BANDS;

describe('disclosure bands', () => {
  it('puts a share in the band (lo, hi] of its range', () => {
    expect(bandOf(57.36, BANDS)).toEqual({ lo: 55, hi: 60, mid: 57.5 });
    expect(bandOf(10, BANDS)).toEqual({ lo: 8, hi: 10, mid: 9 });
    expect(bandOf(10.0001, BANDS)).toEqual({ lo: 10, hi: 15, mid: 12.5 });
    expect(bandOf(2, BANDS)).toEqual({ lo: 1, hi: 2, mid: 1.5 });
    expect(bandOf(1, BANDS)).toEqual({ lo: 0.9, hi: 1, mid: 0.95 });
    expect(bandOf(0.6 * 0.9, BANDS)).toEqual({ lo: 0.5, hi: 0.6, mid: 0.55 });
    expect(bandOf(0.1 * 0.5, BANDS)).toEqual({ lo: 0.04, hi: 0.05, mid: 0.045 });
    expect(bandOf(100, BANDS)).toEqual({ lo: 95, hi: 100, mid: 97.5 });
    // Float noise of an exact edge stays in the band ending there.
    expect(bandOf(0.1 + 0.2 + 0.7 + 1, BANDS)).toEqual({ lo: 1, hi: 2, mid: 1.5 });
  });

  it('scales a share band to the finished product by nbPct, reading nothing else', () => {
    const share = bandOf(71.7, BANDS);
    expect(share).toEqual({ lo: 70, hi: 75, mid: 72.5 });
    const c = contributionOf(share, 80);
    expect(c.lo).toBeCloseTo(56, 12);
    expect(c.hi).toBeCloseTo(60, 12);
    expect(c.mid).toBeCloseTo(58, 12);
    // Two shares in one band give the same contribution at every nbPct: the edges do not move with nbPct.
    for (const nb of [100, 80, 0.13, 1e-9, 33.3333]) expect(contributionOf(bandOf(70.01, BANDS), nb)).toEqual(contributionOf(bandOf(74.99, BANDS), nb));
    expect(sameBand(bandOf(70.01, BANDS), bandOf(75, BANDS))).toBe(true);
    expect(sameBand(bandOf(70, BANDS), bandOf(70.01, BANDS))).toBe(false);
  });

  it('rejects a pack with gaps or steps that do not divide', () => {
    expect(() => parseBands({ version: 'x', source: 's', ranges: [{ above: 0, upTo: 1, step: 0.3 }, { above: 1, upTo: 100, step: 1 }] })).toThrow(/divide/);
    expect(() => parseBands({ version: 'x', source: 's', ranges: [{ above: 0, upTo: 1, step: 1 }, { above: 2, upTo: 100, step: 1 }] })).toThrow(/contiguous/);
    expect(() => parseBands({ version: 'x', source: 's', ranges: [{ above: 0, upTo: 50, step: 5 }] })).toThrow(/end at 100/);
  });

  it('publishes its version and source with the policy', () => {
    expect(BANDS.version).toMatch(/^bands-/);
    expect(BANDS.source.length).toBeGreaterThan(0);
    expect(BANDS.note).toMatch(/share of the chassis/);
  });
});
