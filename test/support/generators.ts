/** fast-check generators shared by the property tests of the formula services. */
import fc from 'fast-check';

/**
 * A trade-name blend over `name`: 1 to `maxLength` components, about one in seven a trace, the
 * others' fractions rounded to 4 places and summing to exactly 1 (the last takes the remainder).
 */
export function blendOf(name: fc.Arbitrary<string>, maxLength: number) {
  return fc
    .array(fc.record({ n: name, w: fc.integer({ min: 1, max: 100 }), trace: fc.integer({ min: 0, max: 99 }).map((v) => v < 15) }), { minLength: 1, maxLength })
    .map((parts) => {
      const real = parts.filter((p) => !p.trace);
      const total = real.reduce((s, p) => s + p.w, 0);
      let left = 1;
      return parts.map((p) => {
        if (p.trace) return { n: p.n, f: 'trace' as const };
        const f = p === real[real.length - 1] ? Math.round(left * 10_000) / 10_000 : Math.round((p.w / total) * 10_000) / 10_000;
        left -= f;
        return { n: p.n, f };
      });
    });
}
