import { describe, expect, it } from 'vitest';
import { CheckRequestSchema, parseWith } from '../src/index';

const valid = { base: 'classic', basePct: 70, ph: 5.5, lines: [{ n: 'AQUA', pct: 30 }] };
const fields = (input: unknown): string[] => {
  const r = parseWith(CheckRequestSchema, input);
  return r.ok ? [] : r.problems.map((p) => p.field);
};

describe('CheckRequestSchema', () => {
  it('accepts a complete body', () => {
    expect(parseWith(CheckRequestSchema, valid)).toEqual({ ok: true, value: valid });
  });

  it('requires base, basePct, ph and lines, and says so per field', () => {
    const r = parseWith(CheckRequestSchema, {});
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems).toEqual(['base', 'basePct', 'ph', 'lines'].map((field) => ({ field, message: 'is required' })));
  });

  it('names the body itself when it is not an object', () => {
    for (const body of [null, [], 'x', 3]) expect(fields(body)).toEqual(['(body)']);
  });

  it('rejects unknown fields by name, including aliases of other endpoints', () => {
    expect(fields({ ...valid, nbPct: 70 })).toEqual(['nbPct']);
    expect(fields({ ...valid, lines: [{ n: 'AQUA', pct: 30, x: 1 }] })).toEqual(['lines[0].x']);
    expect(fields({ ...valid, lines: [{ pct: 30, blend: [{ n: 'AQUA', f: 1, y: 2 }] }] })).toEqual(['lines[0].blend[0].y']);
  });

  it('bounds basePct to (0, 100] and ph to [0, 14]', () => {
    expect(fields({ ...valid, basePct: 0 })).toEqual(['basePct']);
    expect(fields({ ...valid, basePct: 100.0001 })).toEqual(['basePct']);
    expect(fields({ ...valid, basePct: 0.0001 })).toEqual([]);
    expect(fields({ ...valid, basePct: 100 })).toEqual([]);
    expect(fields({ ...valid, basePct: '70' })).toEqual(['basePct']);
    expect(fields({ ...valid, ph: -0.1 })).toEqual(['ph']);
    expect(fields({ ...valid, ph: 14.1 })).toEqual(['ph']);
    expect(fields({ ...valid, ph: 0 })).toEqual([]);
    expect(fields({ ...valid, ph: 14 })).toEqual([]);
  });

  it('accepts the markets it screens (eu, us) and names market for any other', () => {
    for (const market of ['eu', 'us']) expect(fields({ ...valid, market })).toEqual([]);
    for (const market of ['uk', 'US', 'EU', '', 1, null]) {
      const r = parseWith(CheckRequestSchema, { ...valid, market });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.problems).toEqual([{ field: 'market', message: 'must be one of eu, us' }]);
    }
  });

  it('accepts only the three architectures', () => {
    expect(fields({ ...valid, base: 'Classic' })).toEqual(['base']);
    expect(fields({ ...valid, base: 'premium' })).toEqual(['base']);
    for (const base of ['classic', 'luxe', 'clinical']) expect(fields({ ...valid, base })).toEqual([]);
  });

  it('maps every violation inside lines to its path', () => {
    const body = {
      ...valid,
      ph: 20,
      lines: [
        { n: 'AQUA', pct: 20 },
        { n: '', pct: 1 },
        { n: 'A', pct: 101 },
        { pct: 2, blend: [{ n: 'B', f: 0.5 }, { n: 'C', f: 'lots' }] },
      ],
    };
    expect(fields(body)).toEqual(['ph', 'lines[1].n', 'lines[2].pct', 'lines[3].blend[1].f']);
  });

  it('limits lines to 1..200 and names to 200 characters', () => {
    expect(fields({ ...valid, lines: [] })).toEqual(['lines']);
    expect(fields({ ...valid, lines: Array.from({ length: 201 }, () => ({ n: 'A', pct: 0 })) })).toEqual(['lines']);
    expect(fields({ ...valid, lines: Array.from({ length: 200 }, () => ({ n: 'A', pct: 0 })) })).toEqual([]);
    expect(fields({ ...valid, lines: [{ n: 'x'.repeat(201), pct: 1 }] })).toEqual(['lines[0].n']);
    expect(fields({ ...valid, lines: 'AQUA' })).toEqual(['lines']);
  });
});
