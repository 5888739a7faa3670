import { describe, expect, it } from 'vitest';
import { LinesSchema, SubmissionSchema, casCheckDigitOk, expandLines, isBalanced, isRegistryName, normaliseName, parseWith, registryShape } from '../src/index';

describe('line model', () => {
  it('normalises case, accents and spaces', () => {
    expect(normaliseName('  Glycérine  ')).toBe('GLYCERINE');
    expect(normaliseName('caprylic/capric   triglyceride')).toBe('CAPRYLIC/CAPRIC TRIGLYCERIDE');
  });

  it('expands blends with the line index and marks trace', () => {
    const comps = expandLines([
      { n: 'Glycerin', pct: 3 },
      { pct: 1, blend: [{ n: 'PHENOXYETHANOL', f: 0.9 }, { n: 'ETHYLHEXYLGLYCERIN', f: 0.1 }, { n: 'TOCOPHEROL', f: 'trace' }] },
    ]);
    expect(comps.map((c) => [c.key, c.pct, c.trace, c.line])).toEqual([
      ['GLYCERIN', 3, false, 0],
      ['PHENOXYETHANOL', 0.9, false, 1],
      ['ETHYLHEXYLGLYCERIN', 0.1, false, 1],
      ['TOCOPHEROL', 0, true, 1],
    ]);
  });

  it('balances within 0.05 and not beyond', () => {
    expect(isBalanced(80, [{ n: 'AQUA', pct: 20.05 }])).toBe(true);
    expect(isBalanced(80, [{ n: 'AQUA', pct: 20.06 }])).toBe(false);
  });

  it('names the failing field path', () => {
    const r = parseWith(LinesSchema, [{ n: 'A', pct: 1 }, { pct: 2, blend: [{ n: 'B', f: 1 }, { n: 'C', f: 'lots' }] }]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.map((p) => p.field)).toContain('[1].blend[1].f');
  });

  it('rejects unknown fields, empty names and out-of-range pct', () => {
    for (const bad of [[{ n: 'A', pct: 1, x: 1 }], [{ n: ' ', pct: 1 }], [{ n: 'A', pct: 101 }], [{ n: 'A', pct: -1 }], []]) {
      expect(parseWith(LinesSchema, bad).ok).toBe(false);
    }
  });
});

describe('text that protobuf would change on the way', () => {
  it('rejects a name with a lone surrogate, and accepts a real astral character', () => {
    const bad = parseWith(LinesSchema, [{ n: 'GLY\ud800CERIN', pct: 1 }]);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems[0]).toEqual({ field: '[0].n', message: 'must be valid Unicode text' });
    expect(parseWith(LinesSchema, [{ n: 'ROSA 🌹 EXTRACT', pct: 1 }]).ok).toBe(true);
  });
});

describe('messages a caller can act on', () => {
  it('says a line cannot be both forms, and that a missing name is required', () => {
    const both = parseWith(LinesSchema, [{ n: 'AQUA', pct: 1, blend: [{ n: 'AQUA', f: 1 }] }]);
    expect(both.ok).toBe(false);
    // The path is relative to the lines array here; in a request body it reads lines[0].n.
    if (!both.ok) expect(both.problems[0]).toEqual({ field: '[0].n', message: expect.stringMatching(/either \{n, pct\} or a raw material \{pct, blend\}, not both/) });
    const empty = parseWith(SubmissionSchema, {});
    expect(empty.ok).toBe(false);
    if (!empty.ok) expect(empty.problems[0]).toEqual({ field: 'inci', message: 'is required' });
  });

  it('accepts a name without a letter only as a CAS number whose check digit holds or an EC-shaped number', () => {
    for (const n of ['59-05-2', '7732-18-5', ' 56-81-5 ', '200-362-1', '231-791-2', '418-210-1']) expect(parseWith(LinesSchema, [{ n, pct: 1 }]).ok, n).toBe(true);
    for (const n of ['123', '---', '12.5', '1-23-4', '59-05-2-1', '12345678-12-1', '2000-362-1']) {
      const r = parseWith(LinesSchema, [{ n, pct: 1 }]);
      expect(r.ok, n).toBe(false);
      if (!r.ok) expect(r.problems[0]).toMatchObject({ field: '[0].n', message: expect.stringContaining('no letter') });
    }
    // The shape of a CAS number with the wrong check digit: refused, naming the field and why.
    for (const n of ['59-05-3', '7732-18-4']) {
      const r = parseWith(LinesSchema, [{ n: 'AQUA', pct: 1 }, { pct: 1, blend: [{ n, f: 1 }] }]);
      expect(r.ok, n).toBe(false);
      if (!r.ok) expect(r.problems).toEqual([expect.objectContaining({ field: '[1].blend[0].n', message: expect.stringContaining('check digit') })]);
    }
  });

  it('checks CAS check digits and reads the registry shapes', () => {
    expect(['59-05-2', '7732-18-5', '50-00-0', '10101-66-3'].map(casCheckDigitOk)).toEqual([true, true, true, true]);
    expect(['59-05-3', '7732-18-0', '2577-72-0', '5-00-0'].map(casCheckDigitOk)).toEqual([false, false, false, false]);
    expect(['59-05-2', '200-362-1', 'CAS 59-05-2', '1-23-4'].map(registryShape)).toEqual(['cas', 'ec', null, null]);
    expect(isRegistryName('200-362-9')).toBe(true);
    expect(isRegistryName('59-05-3')).toBe(false);
  });
});

