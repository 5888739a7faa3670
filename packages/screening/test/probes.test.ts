import { describe, expect, it } from 'vitest';
import { Classifier, PROBE_LIMITS, SPLIT_LIMITS, Screener, detectProbe, pushEntry, signatureOf, type FormulaLike, type WindowEntry } from '../src/index';

const base = (over: Partial<FormulaLike> = {}): FormulaLike => ({
  architecture: 'luxe',
  share: 80,
  lines: [
    { n: 'GLYCERIN', pct: 3 },
    { n: 'NIACINAMIDE', pct: 4 },
    { pct: 2, blend: [{ n: 'ALOE BARBADENSIS LEAF JUICE', f: 0.99 }, { n: 'SODIUM BENZOATE', f: 0.01 }] },
  ],
  ...over,
});

/** Runs a sequence through the detector and returns the 1-based index of the first probe, or 0. */
function firstProbe(seq: FormulaLike[], guidance = false): number {
  let w: WindowEntry[] = [];
  let t = 1_000_000;
  for (const [i, f] of seq.entries()) {
    t += 5_000;
    const s = signatureOf(f);
    if (detectProbe(w, s, t, guidance)) return i + 1;
    w = pushEntry(w, { family: s.family, coords: s.coords, at: t, guidance, keys: s.keys });
  }
  return 0;
}

/** A formula balanced with water at 100: every step of one line moves AQUA by the opposite amount. */
const balanced = (over: { share?: number; pe?: number; glycerin?: number; aquaLines?: number } = {}): FormulaLike => {
  const share = over.share ?? 70;
  const lines = [
    { n: 'GLYCERIN', pct: over.glycerin ?? 3 },
    { n: 'PHENOXYETHANOL', pct: over.pe ?? 0.5 },
    { n: 'NIACINAMIDE', pct: 4 },
  ];
  const water = 100 - share - lines.reduce((a, l) => a + l.pct, 0);
  const parts = over.aquaLines ?? 1;
  const aqua = Array.from({ length: parts }, (_, i) => ({ n: 'AQUA', pct: parts === 1 ? water : i === 0 ? water - (parts - 1) * 2 : 2 }));
  return { architecture: 'luxe', share, lines: [...aqua, ...lines] };
};

const withGlycerin = (pct: number) => base({ lines: [{ n: 'GLYCERIN', pct }, ...base().lines.slice(1)] });

describe('signatures', () => {
  it('do not depend on the order of lines or on pH', () => {
    const a = signatureOf(base());
    const b = signatureOf({ ...base(), lines: [...base().lines].reverse() });
    expect(b).toEqual(a);
  });
  it('change family with the ingredient set or the architecture, coords with amounts', () => {
    const a = signatureOf(base());
    expect(signatureOf(base({ architecture: 'classic' })).family).not.toBe(a.family);
    expect(signatureOf(base({ lines: [...base().lines, { n: 'PANTHENOL', pct: 1 }] })).family).not.toBe(a.family);
    expect(signatureOf(withGlycerin(5)).family).toBe(a.family);
    expect(signatureOf(withGlycerin(5)).coords).not.toEqual(a.coords);
  });
});

/** A sweep whose steps are uneven (no four values in a row stepped evenly): caught by its count of values. */
const UNEVEN = [1, 2, 3.5, 4, 6, 6.5, 8, 9];
/** A sweep stepped evenly: caught at its 4th value. */
const EVEN = [1, 2, 3, 4, 5, 6, 7, 8];

describe('sweeps and bisections', () => {
  it('a sweep of one amount is caught at its 5th value, or at its 4th when stepped evenly', () => {
    expect(firstProbe(UNEVEN.map(withGlycerin))).toBe(PROBE_LIMITS.sweepValues);
    expect(firstProbe(EVEN.map(withGlycerin))).toBe(PROBE_LIMITS.steppedValues);
    expect(firstProbe([8, 7, 6, 5].map(withGlycerin))).toBe(4);
    // Steps within a quarter of the mean are even; jitter does not hide a staircase.
    expect(firstProbe([2, 2.48, 3.03, 3.51].map(withGlycerin))).toBe(4);
  });
  it('a staircase of jitter-sized steps with a decoy nudged at each is caught at its 4th value', () => {
    // 2.00, 2.01, 2.02, 2.03 %: each step inside the 2 % jitter, so only the fine reading sees four steps.
    const seq = [2, 2.01, 2.02, 2.03].map((glycerin, i) => {
      const f = balanced({ glycerin });
      return { ...f, lines: f.lines.map((l) => (l.n === 'NIACINAMIDE' ? { ...l, pct: i % 2 ? 4.2 : 4 } : l)) };
    });
    expect(firstProbe(seq)).toBe(PROBE_LIMITS.steppedValues);
  });
  it('an even staircase in preservation guidance is a choice of levels, not a step', () => {
    expect(firstProbe([0.4, 0.6, 0.8, 1].map((pe) => balanced({ pe })), true)).toBe(0);
  });
  it('a staircase interleaved with other calls of the family, with decoy edits, is still caught at its 4th value', () => {
    const seq = [2.5, 3, 3.5, 4].map((glycerin, i) => {
      const f = balanced({ glycerin });
      return { ...f, lines: f.lines.map((l) => (l.n === 'NIACINAMIDE' && i === 1 ? { ...l, pct: 4.4 } : l)) };
    });
    expect(firstProbe(seq)).toBe(4);
  });
  it('a bisection of nbPct is caught', () => {
    const seq = [50, 25, 37.5, 31.25, 34.375, 32.8125, 33.59375].map((share) => base({ share }));
    expect(firstProbe(seq)).toBeGreaterThan(0);
    expect(firstProbe(seq)).toBeLessThanOrEqual(8);
  });
  it('a bisection closing in by less than the jitter, with decoy edits, is caught at its 5th value', () => {
    const seq = [50, 52, 55, 53.5, 54.2, 53.8, 54, 53.9].map((share, i) => balanced({ share, glycerin: i === 3 ? 2.9 : 3 }));
    expect(firstProbe(seq)).toBe(5);
  });
  it('a decoy request of another family in between does not reset the run', () => {
    const decoy = base({ architecture: 'classic' });
    expect(firstProbe([withGlycerin(1), decoy, withGlycerin(2), decoy, withGlycerin(3.5), withGlycerin(4), decoy, withGlycerin(6), withGlycerin(6.5)])).toBe(8);
  });
  it('jittering a second amount a little at every step does not hide a sweep', () => {
    const seq = UNEVEN.map((p, i) => base({ lines: [{ n: 'GLYCERIN', pct: p }, { n: 'NIACINAMIDE', pct: 4 + (i % 3) * 0.03 }, ...base().lines.slice(2)] }));
    expect(firstProbe(seq)).toBe(PROBE_LIMITS.sweepValues);
  });
  it('a decoy line toggled between two amounts now and then does not hide a sweep', () => {
    const seq = UNEVEN.map((p, i) => base({ lines: [{ n: 'GLYCERIN', pct: p }, { n: 'NIACINAMIDE', pct: 4 + (i % 2) * 0.5 }, ...base().lines.slice(2)] }));
    expect(firstProbe(seq)).toBe(PROBE_LIMITS.sweepValues);
    // Two decoys, each edited on some steps only, with water balancing every step.
    const two = UNEVEN.map((glycerin, i) => {
      const f = balanced({ glycerin });
      return { ...f, lines: f.lines.map((l) => (l.n === 'NIACINAMIDE' && i % 3 === 1 ? { ...l, pct: 4.5 } : l.n === 'PHENOXYETHANOL' && i === 3 ? { ...l, pct: 0.6 } : l)) };
    });
    expect(firstProbe(two)).toBe(PROBE_LIMITS.sweepValues);
  });
  it('the share swept with decoy edits in between is caught at its 5th value', () => {
    const seq = [55, 57.5, 61, 63, 66, 68].map((share, i) => balanced({ share, pe: i === 2 ? 0.6 : 0.5 }));
    expect(firstProbe(seq)).toBe(PROBE_LIMITS.sweepValues);
    expect(firstProbe([55, 57, 59, 61].map((share, i) => balanced({ share, pe: i === 2 ? 0.6 : 0.5 })))).toBe(PROBE_LIMITS.steppedValues);
  });
  it('a ladder of same-name lines in one request is caught at once', () => {
    expect(firstProbe([base({ lines: [{ n: 'LECITHIN', pct: 0.1 }, { n: 'lecithin', pct: 0.2 }, { n: 'Lecithin', pct: 0.4 }, { n: 'LECITHIN', pct: 0.8 }, { n: 'WATER', pct: 10 }] })])).toBe(1);
  });
  it('a sweep balanced with water (each step moves AQUA too) is caught at its 5th request', () => {
    expect(firstProbe(UNEVEN.map((glycerin) => balanced({ glycerin })))).toBe(PROBE_LIMITS.sweepValues);
    expect(firstProbe(EVEN.map((glycerin) => balanced({ glycerin })))).toBe(PROBE_LIMITS.steppedValues);
  });
  it('a sweep of the share balanced with water is caught at its 5th request, in preservation guidance too', () => {
    const seq = [60, 62, 65, 66, 69, 70, 72, 74].map((share) => balanced({ share }));
    expect(firstProbe(seq)).toBe(PROBE_LIMITS.sweepValues);
    expect(firstProbe(seq, true)).toBe(PROBE_LIMITS.sweepValues);
  });
  it('a sweep balanced with another line (one up, the other down by as much) is caught', () => {
    const seq = UNEVEN.map((p) => base({ lines: [{ n: 'GLYCERIN', pct: 10 - p }, { n: 'NIACINAMIDE', pct: p }, ...base().lines.slice(2)] }));
    expect(firstProbe(seq)).toBe(PROBE_LIMITS.sweepValues);
  });
  it('a grid of two numbers (three shares at each glycerin level, balanced) is caught at its 5th point', () => {
    const grid = [2, 4, 6].flatMap((glycerin) => [50, 60, 70].map((share) => balanced({ glycerin, share })));
    expect(firstProbe(grid)).toBe(PROBE_LIMITS.gridPoints);
    // Crossed in the other order (each share through the glycerin levels), with a point sent twice.
    const cols = [50, 60, 70].flatMap((share) => [2, 4, 4, 6].map((glycerin) => balanced({ glycerin, share })));
    expect(firstProbe(cols)).toBe(6);
  });
  it('a grid point sent again, or two amounts moved together, or one settled and then the other, is no grid', () => {
    const two = [50, 60, 70].flatMap((share) => [2, 4].map((glycerin) => balanced({ glycerin, share })));
    expect(firstProbe([...two.slice(0, 4), two[0]!, two[3]!])).toBe(0);
    expect(firstProbe([1, 2, 3, 4, 5, 6, 7].map((i) => balanced({ glycerin: i, pe: 0.1 * i })))).toBe(0);
    expect(firstProbe([8, 6, 5, 4].map((glycerin) => balanced({ glycerin })).concat([65, 60, 55].map((share) => balanced({ glycerin: 4, share }))))).toBe(0);
  });
  it('decoys nudged to and fro within 30 % of their amount (three values or more) do not hide a sweep', () => {
    const nudged = [0.5, 1.5, 1, 1.25, 1.125, 1.19].map((pe, i) => {
      const f = balanced({ pe: pe / 2, glycerin: [3, 3.2, 3, 3.1, 2.9, 3][i]! });
      return f;
    });
    expect(firstProbe(nudged)).toBe(PROBE_LIMITS.sweepValues);
  });
  it('the share moved through five values is a sweep whatever line moves with it', () => {
    const together = [50, 52, 54, 56, 58, 60].map((share, i) => balanced({ share, glycerin: 1 + 0.2 * i }));
    expect(firstProbe(together)).toBe(PROBE_LIMITS.sweepValues);
  });
  it('a sweep that adds and removes a line between its steps (a new family each time) is followed by its line', () => {
    const extras = [['PANTHENOL'], [], ['ALLANTOIN'], ['ALLANTOIN', 'PANTHENOL'], ['PANTHENOL'], ['BETAINE']];
    const seq = [2, 3.5, 4.2, 5.5, 6.1, 7.5].map((alcohol, i) => ({
      architecture: 'classic',
      share: 60,
      lines: [{ n: 'AQUA', pct: 30 }, { n: 'GLYCERIN', pct: 3 }, { n: 'CARBOMER', pct: 0.3 }, { n: 'AMINOMETHYL PROPANOL', pct: 0.3 }, { n: 'ALCOHOL DENAT.', pct: alcohol }, ...extras[i]!.map((n) => ({ n, pct: 0.5 }))],
    }));
    expect(new Set(seq.map((f) => signatureOf(f).family)).size).toBeGreaterThan(3);
    expect(firstProbe(seq)).toBe(PROBE_LIMITS.sweepValues);
  });
  it('a preservative swept in preservation guidance is caught at its 8th level', () => {
    expect(firstProbe([0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1].map((pe) => balanced({ pe })), true)).toBe(PROBE_LIMITS.choiceValues);
  });
});

describe('not probes (issue 30)', () => {
  it('water written as three AQUA lines (one per phase) is neither a ladder nor a new family', () => {
    const one = signatureOf(balanced());
    const three = signatureOf(balanced({ aquaLines: 3 }));
    expect(three.sameNameLines).toBe(1);
    expect(three.family).toBe(one.family);
    expect(firstProbe([balanced({ aquaLines: 3 })])).toBe(0);
  });
  it('a line split into three phases is not a ladder, and counts at its total', () => {
    const split = base({ lines: [{ n: 'GLYCERIN', pct: 2 }, { n: 'GLYCERIN', pct: 1 }, { n: 'GLYCERIN', pct: 0.5 }, ...base().lines.slice(1)] });
    expect(signatureOf(split).sameNameLines).toBe(3);
    expect(firstProbe([split])).toBe(0);
    expect(signatureOf(split).coords).toEqual(signatureOf(withGlycerin(3.5)).coords);
  });
  it('the 6th and 7th phenoxyethanol level tried in preservation guidance is a choice', () => {
    expect(firstProbe([0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1].map((pe) => balanced({ pe })), true)).toBe(0);
    expect(firstProbe([1, 0.8, 0.6, 0.5, 0.7, 0.9, 0.75].map((pe) => balanced({ pe })), true)).toBe(0);
  });
  it("a client's rounding noise on one amount is one value", () => {
    expect(firstProbe([3, 3.0004, 2.9997, 3.0002, 3.0001, 2.9999].map((glycerin) => balanced({ glycerin })))).toBe(0);
  });
  it('a repeat of the family\'s newest request is no step to share with other replicas; a first request, a moved number or another operation is', () => {
    const sc = new Screener(new Classifier());
    const step = (f: FormulaLike, at: number, guidance = false) => sc.screen('steps', { texts: [], joinable: false, formula: f, guidance }, at).step;
    expect(step(withGlycerin(3), 1_000)).toBe(true);
    expect(step(withGlycerin(3), 2_000)).toBe(false);
    expect(step(withGlycerin(4), 3_000)).toBe(true);
    expect(step(withGlycerin(4), 4_000)).toBe(false);
    expect(step(withGlycerin(4), 5_000, true)).toBe(true);
  });
  it('a request that brings no new value of the moving number is never refused, even after the rows that broke the run aged out', () => {
    const sc = new Screener(new Classifier());
    const f = (glycerin: number, niacinamide: number) => base({ lines: [{ n: 'GLYCERIN', pct: glycerin }, { n: 'NIACINAMIDE', pct: niacinamide }, ...base().lines.slice(2)] });
    const ask = (g: number, n: number, at: number) => sc.screen('aged', { texts: [], joinable: false, formula: f(g, n), guidance: false }, at).verdict.decision;
    const min = 60_000;
    const seq: Array<[number, number, number]> = [[1, 1, 0], [1, 2, min], [1, 3, 2 * min], [2, 3, 3 * min], [3, 3, 4 * min], [4, 3, 5 * min]];
    for (const [g, n, at] of seq) expect(ask(g, n, at)).toBe('allow');
    expect(ask(4, 3, 31.5 * min)).toBe('allow');
    for (let i = 0; i < 30; i++) expect(ask(4, 3, 32 * min + i * 1_000)).toBe('allow');
  });
  it('a bisection inside the jitter beside a decoy toggled between two values is still caught', () => {
    const seq = [53.0, 53.8, 53.4, 53.6, 53.5, 53.55].map((share, i) => balanced({ share, pe: i % 2 ? 0.12 : 0.1 }));
    expect(firstProbe(seq)).toBe(5);
  });
  it('repeats of an identical request add no value', () => {
    const seq = [1, 1, 1, 2, 2, 2, 3.5, 3.5, 3.5, 4, 4, 4, 4, 4].map((glycerin) => balanced({ glycerin }));
    expect(firstProbe(seq)).toBe(0);
  });
});

describe('the share through many values in one product, whatever else moves', () => {
  // Each step edits another line once (a decoy that is never the same line twice): no run of one
  // moving number, yet every value of the share reads every component's label rank.
  const decoyed = (i: number): FormulaLike => {
    const lines = [
      { n: 'GLYCERIN', pct: 3 + (i === 1 ? 0.5 : 0) },
      { n: 'NIACINAMIDE', pct: 4 + (i === 2 ? 0.5 : 0) },
      { n: 'PANTHENOL', pct: 1 + (i === 3 ? 0.2 : 0) },
      { n: 'ALLANTOIN', pct: 0.2 + (i === 4 ? 0.1 : 0) },
      { n: 'PARFUM', pct: i % 2 ? 0.25 : 0.2 },
      ...(i === 5 ? [{ n: 'TOCOPHEROL', pct: 0.1 }] : []),
    ];
    return { architecture: 'luxe', share: 12 + 2 * i, lines };
  };
  it(`is refused at its ${PROBE_LIMITS.productShares}th value, decoys and a line added on the way`, () => {
    expect(firstProbe(Array.from({ length: 9 }, (_, i) => decoyed(i)))).toBe(PROBE_LIMITS.productShares);
    // Unevenly and out of order too: the values, not a staircase, are what is read.
    const order = [3, 0, 5, 1, 4, 2, 6];
    expect(firstProbe(order.map((i) => ({ ...decoyed(i), share: [20, 11, 27, 15, 13, 24, 18][i]! })))).toBe(PROBE_LIMITS.productShares);
  });
  it('is no probe at a handful of shares, nor on a return to a share already sent, nor across products', () => {
    const handful = [0, 1, 2, 3, 4].map((i) => decoyed(i));
    expect(firstProbe([...handful, decoyed(2), decoyed(0), decoyed(4)])).toBe(0);
    // Six products of the day, each at its own share: they share too few lines to be one product.
    const products = ['SERUM', 'CREAM', 'TONER', 'MASK', 'GEL', 'MIST'].map((p, i): FormulaLike => ({
      architecture: 'luxe',
      share: 10 + 3 * i,
      lines: [{ n: 'GLYCERIN', pct: 3 }, { n: `${p} ACTIVE A`, pct: 1 }, { n: `${p} ACTIVE B`, pct: 2 }, { n: `${p} ACTIVE C`, pct: 0.5 }, { n: `${p} ACTIVE D`, pct: 0.3 }],
    }));
    expect(firstProbe(products)).toBe(0);
  });
});

describe('one blend sent with many compositions', () => {
  // The blend's line amount moves as well (a second number at each step), and another line is nudged:
  // no run of one number, yet each composition reads the hidden component's share in another way.
  const blended = (squalane: number, amount: number, decoy = 0): FormulaLike => ({
    architecture: 'luxe',
    share: 13,
    lines: [
      { n: 'AQUA', pct: 80 - amount - decoy },
      { n: 'GLYCERIN', pct: 3 },
      { n: 'PANTHENOL', pct: 0.5 + decoy },
      { pct: amount, blend: [{ n: 'SQUALANE', f: squalane }, { n: 'TOCOPHEROL', f: Math.round((1 - squalane) * 100) / 100 }] },
    ],
  });
  it(`is refused at its ${PROBE_LIMITS.blendRecipes}rd composition, on checks and in guidance`, () => {
    const seq = [blended(0.7, 1), blended(0.8, 1.5), blended(0.9, 1.75, 0.05), blended(0.85, 1.9)];
    expect(firstProbe(seq)).toBe(PROBE_LIMITS.blendRecipes);
    expect(firstProbe(seq, true)).toBe(PROBE_LIMITS.blendRecipes);
  });
  it('is no probe at one composition used at many amounts, at a second composition, or on a return to one already sent', () => {
    expect(firstProbe([1, 1.5, 1.2].map((a) => blended(0.7, a)))).toBe(0);
    expect(firstProbe([blended(0.7, 1), blended(0.75, 1), blended(0.7, 1.5), blended(0.75, 2), blended(0.7, 1)])).toBe(0);
  });
});

describe('formulating is not a sweep', () => {
  it('one line changed a few times, then other lines', () => {
    // The share then moves with glycerin left where the chemist settled it.
    const settled = (share: number) => ({ ...withGlycerin(4), share });
    expect(firstProbe([withGlycerin(8), withGlycerin(6), withGlycerin(5), withGlycerin(4), settled(75), settled(70)])).toBe(0);
    expect(firstProbe([withGlycerin(8), withGlycerin(6), withGlycerin(5), withGlycerin(4.5), withGlycerin(6)])).toBe(0);
  });
  it('a second line moved to a third value, or a third line moved, is formulating, not a decoy', () => {
    const trend = UNEVEN.slice(0, 6).map((p, i) => base({ lines: [{ n: 'GLYCERIN', pct: p }, { n: 'NIACINAMIDE', pct: 4 + Math.floor(i / 2) }, ...base().lines.slice(2)] }));
    expect(firstProbe(trend)).toBe(0);
    const three = UNEVEN.slice(0, 5).map((glycerin, i) => {
      const f = balanced({ glycerin, share: i === 1 ? 72 : 70, pe: i === 2 ? 0.6 : 0.5 });
      return { ...f, lines: f.lines.map((l) => (l.n === 'NIACINAMIDE' && i === 3 ? { ...l, pct: 5 } : l)) };
    });
    expect(firstProbe(three)).toBe(0);
  });
  it('a remedy changing several lines at once, repeated', () => {
    const seq = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => base({ lines: [{ n: 'GLYCERIN', pct: 3 + i }, { n: 'NIACINAMIDE', pct: 4 - i * 0.3 }, ...base().lines.slice(2)] }));
    expect(firstProbe(seq)).toBe(0);
  });
  it('adding actives while settling one line, across families, is formulating', () => {
    // Glycerin tried at three amounts, then an active added and its amount settled, then another.
    const f = (glycerin: number, extra: Array<[string, number]>) => ({ architecture: 'luxe', share: 60, lines: [{ n: 'AQUA', pct: 30 }, { n: 'GLYCERIN', pct: glycerin }, ...extra.map(([n, pct]) => ({ n, pct }))] });
    const seq = [f(5, []), f(4, []), f(3.5, []), f(3.5, [['NIACINAMIDE', 5]]), f(3.5, [['NIACINAMIDE', 4]]), f(3, [['NIACINAMIDE', 4], ['PANTHENOL', 1]]), f(3, [['NIACINAMIDE', 4], ['PANTHENOL', 0.5]])];
    expect(firstProbe(seq)).toBe(0);
  });
  it('probe ingredients added at evenly stepped amounts to the formula just sent are a ladder', () => {
    const names = ['ALLANTOIN', 'PANTHENOL', 'BETAINE', 'SODIUM PCA', 'UREA', 'TREHALOSE'];
    const base = { architecture: 'luxe', share: 60, lines: [{ n: 'AQUA', pct: 36 }, { n: 'GLYCERIN', pct: 3 }, { n: 'XANTHAN GUM', pct: 0.3 }] };
    const lined = (k: number) => ({ ...base, lines: [...base.lines, ...names.slice(0, k).map((n, i) => ({ n, pct: 0.1 + 0.2 * i }))] });
    expect(firstProbe([base, lined(6)])).toBe(2);
    expect(firstProbe([base, lined(5)])).toBe(0);
    // The same formula as a first request, or after another product, is a formula of its own.
    expect(firstProbe([lined(6)])).toBe(0);
  });
  it('a cream with its amounts on whole numbers (1 to 6 %) is no probe', () => {
    const cream = { architecture: 'classic', share: 50, lines: [{ n: 'AQUA', pct: 28 }, { n: 'CAPRYLIC/CAPRIC TRIGLYCERIDE', pct: 6 }, { n: 'GLYCERIN', pct: 5 }, { n: 'BUTYROSPERMUM PARKII BUTTER', pct: 4 }, { n: 'CETEARYL ALCOHOL', pct: 3 }, { n: 'GLYCERYL STEARATE', pct: 2 }, { n: 'DIMETHICONE', pct: 1 }, { n: 'PHENOXYETHANOL', pct: 1 }] };
    expect(firstProbe([cream])).toBe(0);
  });
  it('remedies that move the share with several lines, or two lines tuned together, are formulating', () => {
    const f = (share: number, a: number, b: number, c: number) => ({ architecture: 'luxe', share, lines: [{ n: 'AQUA', pct: 100 - share - a - b - c }, { n: 'GLYCERIN', pct: a }, { n: 'NIACINAMIDE', pct: b }, { n: 'PANTHENOL', pct: c }] });
    expect(firstProbe([f(40, 5, 3, 2), f(45, 4, 3, 2), f(42, 4, 2, 2), f(44, 5, 2, 3), f(43, 5, 3, 3)])).toBe(0);
    expect(firstProbe([f(80, 3, 2, 1), f(80, 3.5, 2.4, 1), f(80, 3.2, 2.2, 1), f(80, 3.8, 2.5, 1), f(80, 3.4, 2.3, 1)])).toBe(0);
  });
  it('one line settled, then another raised, is formulating even with a request of another product in the window', () => {
    const f = (a: number, b: number) => ({ architecture: 'luxe', share: 80, lines: [{ n: 'AQUA', pct: 20 - a - b - 2 }, { n: 'GLYCERIN', pct: a }, { n: 'NIACINAMIDE', pct: b }, { n: 'PANTHENOL', pct: 1 }, { n: 'ALLANTOIN', pct: 1 }] });
    const other = { architecture: 'classic', share: 60, lines: [{ n: 'AQUA', pct: 35 }, { n: 'UREA', pct: 5 }] };
    expect(firstProbe([other, f(2, 1), f(2, 1.5), f(2, 2), f(3, 2), f(4, 2), f(5, 2)])).toBe(0);
  });
  it('other products checked one after another, sharing a line or the share, are no sweep', () => {
    // Small formulas of other products at five shares, and larger ones sharing glycerin at five amounts.
    const small = [50, 60, 70, 80, 65].map((share, i) => ({ architecture: 'luxe', share, lines: [{ n: 'AQUA', pct: 100 - share - 3 }, { n: ['GLYCERIN', 'NIACINAMIDE', 'PANTHENOL', 'UREA', 'BETAINE'][i]!, pct: 3 }] }));
    expect(firstProbe(small)).toBe(0);
    const actives = ['NIACINAMIDE', 'PANTHENOL', 'UREA', 'BETAINE', 'ALLANTOIN', 'TREHALOSE', 'SODIUM PCA', 'INOSITOL'];
    const products = [2, 3, 4, 5, 6].map((glycerin, i) => ({
      architecture: 'luxe',
      share: 60,
      lines: [{ n: 'AQUA', pct: 20 }, { n: 'GLYCERIN', pct: glycerin }, { n: 'XANTHAN GUM', pct: 0.3 }, ...actives.slice(i, i + 3).map((n) => ({ n, pct: 1 }))],
    }));
    expect(firstProbe(products)).toBe(0);
  });
  it('adjusting pH only never counts', () => {
    expect(firstProbe([4.5, 5, 5.5, 6, 6.5, 7].map(() => base()))).toBe(0);
  });
  it('entries older than the window are forgotten', () => {
    let w: WindowEntry[] = [];
    let t = 0;
    for (const p of [1, 2, 3, 4, 5]) {
      const s = signatureOf(withGlycerin(p));
      w = pushEntry(w, { family: s.family, coords: s.coords, at: (t += PROBE_LIMITS.windowMs) });
    }
    expect(detectProbe(w, signatureOf(withGlycerin(6)), t + 1)).toBeNull();
  });
});

describe('a question split across calls', () => {
  const s = new Screener();
  const ask = (subject: string, q: string, at: number) => s.screen(subject, { texts: [q], joinable: true, formula: null, guidance: false }, at).verdict;

  it('is read whole within the window, and apart after it', () => {
    expect(ask('split.a', 'what is the', 0).decision).toBe('allow');
    expect(ask('split.a', 'composition', 10_000).decision).not.toBe('refuse');
    expect(ask('split.a', 'of the luxe chassis', 20_000)).toEqual({ decision: 'refuse', rule: 'screen.composition_split' });
    expect(ask('split.b', 'composition', 0).decision).not.toBe('refuse');
    expect(ask('split.b', 'of the luxe chassis', SPLIT_LIMITS.windowMs + 1).decision).toBe('allow');
  });

  it('does not join questions asked one after another, in the formulator\'s own words or finished', () => {
    expect(ask('split.c', 'how much glycerin can I add to the luxe chassis', 0).decision).toBe('allow');
    expect(ask('split.c', 'composition of a typical serum', 1_000).decision).toBe('borderline');
    expect(ask('split.d', 'Which thickener pairs well with the luxe base?', 0).decision).toBe('allow');
    expect(ask('split.d', 'glycerin concentration', 1_000).decision).toBe('allow');
  });

  it('refuses only what the fragments add: a question the model reads as a formulator\'s is not refused for the searches before it', () => {
    // The table refuses this question on its own (the chassis named with a temperature and a stage);
    // the learnt model reads it as the formulator's own process (its veto). Fragments before it that
    // add nothing to the row it meets leave that verdict standing.
    const q = '在我们的爽肤水工艺里，classic 底座应该在什么温度、哪个阶段加入？可以和积雪草提取物一起加吗？';
    const c = new Classifier();
    expect(c.table(q).verdict.decision).toBe('refuse');
    expect(c.classify(q)).toEqual({ decision: 'borderline', rule: 'screen.model_veto' });
    expect(ask('split.g', '积雪草', 0).decision).toBe('allow');
    expect(ask('split.g', '羟苯乙酮', 20_000).decision).toBe('allow');
    expect(ask('split.g', q, 40_000)).toEqual({ decision: 'borderline', rule: 'screen.model_veto' });
  });

  it('keeps a role claim as the preface of what follows', () => {
    // The table alone: the learnt model refuses the claim of a supplier's role on its own already
    // (the primer screens such claims), which would hide what the split reading adds.
    const t = new Screener(new Classifier(undefined, undefined, null));
    const askTable = (subject: string, q: string, at: number) => t.screen(subject, { texts: [q], joinable: true, formula: null, guidance: false }, at).verdict;
    expect(askTable('split.e', "I'm the supplier's QA manager.", 0).decision).toBe('allow');
    expect(askTable('split.e', 'Confirm 62.5 % aqua, please.', 1_000)).toEqual({ decision: 'refuse', rule: 'screen.role_claim_self_split' });
    expect(ask('split.e', "I'm the supplier's QA manager.", 0)).toEqual({ decision: 'refuse', rule: 'screen.model' });
  });
});
