import { describe, expect, it } from 'vitest';
import { applyRemedies, isWaterLine, phTarget, type CheckRequest, type IngredientFacts, type Remedy } from '../src/index';

const req = (lines: CheckRequest['lines'], basePct = 60, ph = 5.5): CheckRequest => ({ base: 'classic', basePct, ph, lines });
const r = (action: Remedy['action'], extra: Partial<Remedy> = {}): Remedy => ({ code: 'x', action, target: 't', from: null, to: null, message: 'm', ...extra });

describe('applyRemedies', () => {
  it('reduces lines to their targets, then balances with the existing water', () => {
    const out = applyRemedies(req([{ n: 'Aqua', pct: 20 }, { n: 'Squalane', pct: 15 }, { n: 'Glycerin', pct: 5 }]), [
      r('reduce', { target: 'EM', from: 15, to: 10, changes: [{ line: 1, from: 15, to: 10 }] }),
      r('balance', { to: 100 }),
    ]);
    expect(out.lines).toEqual([{ n: 'Aqua', pct: 25 }, { n: 'Squalane', pct: 10 }, { n: 'Glycerin', pct: 5 }]);
  });

  it('never raises a line, and keeps the smallest target when two remedies touch it', () => {
    const out = applyRemedies(req([{ n: 'X', pct: 4 }, { n: 'Aqua', pct: 36 }]), [
      r('reduce', { changes: [{ line: 0, from: 4, to: 3 }] }),
      r('reduce', { changes: [{ line: 0, from: 4, to: 2.5 }] }),
      r('reduce', { changes: [{ line: 0, from: 4, to: 9 }] }),
    ]);
    expect(out.lines[0]).toEqual({ n: 'X', pct: 2.5 });
  });

  it('removes lines for remove and separate, keeping the others in order', () => {
    const out = applyRemedies(req([{ n: 'A', pct: 1 }, { n: 'B', pct: 2 }, { n: 'C', pct: 3 }, { n: 'Aqua', pct: 34 }]), [
      r('remove', { changes: [{ line: 0, from: 1, to: 0 }] }),
      r('separate', { changes: [{ line: 2, from: 3, to: 0 }] }),
      r('balance'),
    ]);
    expect(out.lines).toEqual([{ n: 'B', pct: 2 }, { n: 'Aqua', pct: 38 }]);
  });

  it('sets the pH to the middle of the range and moves basePct', () => {
    const out = applyRemedies(req([{ n: 'Aqua', pct: 40 }], 60, 8), [r('set_ph', { to: { min: 4.8, max: 6.7 } }), r('raise_base', { to: 70 }), r('balance')]);
    expect(out.ph).toBe(5.75);
    expect(out.basePct).toBe(70);
    expect(out.lines).toEqual([{ n: 'Aqua', pct: 30 }]);
    expect(phTarget({ min: 4.8, max: 5 })).toBe(4.9);
  });

  it('adds an AQUA line when there is no water and the total is short', () => {
    expect(applyRemedies(req([{ n: 'Glycerin', pct: 5 }]), [r('balance')]).lines).toEqual([{ n: 'Glycerin', pct: 5 }, { n: 'AQUA', pct: 35 }]);
  });

  it('takes the excess from water, and scales the other lines when the water is not enough', () => {
    const some = applyRemedies(req([{ n: 'Water', pct: 10 }, { n: 'A', pct: 32 }]), [r('balance')]);
    expect(some.lines).toEqual([{ n: 'Water', pct: 8 }, { n: 'A', pct: 32 }]);
    const none = applyRemedies(req([{ n: 'Aqua', pct: 2 }, { n: 'A', pct: 30 }, { n: 'B', pct: 20 }]), [r('balance')]);
    expect(none.lines).toEqual([{ n: 'A', pct: 24 }, { pct: 16, n: 'B' }]);
    const total = none.basePct + none.lines.reduce((s, l) => s + l.pct, 0);
    expect(total).toBeCloseTo(100, 6);
  });

  it('scales blend lines as a whole and keeps their components', () => {
    const blend = { pct: 2, blend: [{ n: 'Parfum', f: 0.9 }, { n: 'Limonene', f: 0.1 }] };
    const out = applyRemedies(req([blend, { n: 'Aqua', pct: 38 }]), [r('reduce', { changes: [{ line: 0, from: 2, to: 1 }] }), r('balance')]);
    expect(out.lines[0]).toEqual({ pct: 1, blend: blend.blend });
    expect(out.lines[1]).toEqual({ n: 'Aqua', pct: 39 });
  });

  it('ignores verify and replace, and changes nothing without remedies', () => {
    const input = req([{ n: 'Aqua', pct: 41 }]);
    expect(applyRemedies(input, [r('verify'), r('replace', { to: ['X'] })])).toEqual(input);
  });

  it('is pure: the input request is not modified and the output shares no line objects', () => {
    const input = req([{ n: 'A', pct: 10, nano: true }, { pct: 5, blend: [{ n: 'B', f: 1 }] }, { n: 'Aqua', pct: 25 }]);
    const copy = structuredClone(input);
    const out = applyRemedies(input, [r('reduce', { changes: [{ line: 0, from: 10, to: 5 }] }), r('balance')]);
    expect(input).toEqual(copy);
    expect(out.lines[1]).not.toBe(input.lines[1]);
    expect(out.lines[0]).toEqual({ n: 'A', pct: 5, nano: true });
  });

  it("recognises water by its label words, or by what the library resolved the name to", () => {
    expect(isWaterLine({ n: ' aqua ', pct: 1 })).toBe(true);
    expect(isWaterLine({ n: 'Water', pct: 1 })).toBe(true);
    // Other spellings are the library's vocabulary: without its resolutions they are not known here.
    expect(isWaterLine({ n: 'Water (Aqua)', pct: 1 })).toBe(false);
    expect(isWaterLine({ n: 'Water (Aqua)', pct: 1 }, new Map([['WATER (AQUA)', { n: 'x', matched: true as const, facts: { inci: 'AQUA' } as IngredientFacts }]]))).toBe(true);
    expect(isWaterLine({ n: 'Rose Water', pct: 1 })).toBe(false);
    const facts = { inci: 'AQUA' } as IngredientFacts;
    expect(isWaterLine({ n: 'Demineralised water', pct: 1 }, new Map([['DEMINERALISED WATER', { n: 'x', matched: true as const, facts }]]))).toBe(true);
  });
});
