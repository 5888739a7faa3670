import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyRemedies, CheckRequestSchema } from '@svc/formula';
import type { RunningSystem } from '../scripts/system';
import { systemForSuite } from './support/system';
import { expectError, send } from './walk';

const serum = {
  base: 'classic',
  basePct: 80,
  ph: 5.5,
  lines: [
    { n: 'Aqua', pct: 12.5 },
    { n: 'Glycerin', pct: 3 },
    { n: 'Niacinamide', pct: 4 },
    { pct: 0.5, blend: [{ n: 'PHENOXYETHANOL', f: 0.9 }, { n: 'ETHYLHEXYLGLYCERIN', f: 0.1 }] },
  ],
};

describe('POST /check through the gateway', () => {
  let sys: RunningSystem;
  systemForSuite('check', { logLevel: 'silent', memoryDb: true, ratePerSecond: 100_000 }, (s) => (sys = s));

  it('checks a balanced serum and carries usage', async () => {
    const r = await send(sys, 'POST', '/check', JSON.stringify(serum));
    expect(r.status).toBe(200);
    // Every load well under its maximum, pH mid-window, every name known, balanced: nothing to verify.
    expect(r.body.verdict).toBe('compatible');
    expect(r.body.lines.map((l: { inci: string }) => l.inci)).toEqual(['AQUA', 'GLYCERIN', 'NIACINAMIDE', 'PHENOXYETHANOL', 'ETHYLHEXYLGLYCERIN']);
    expect(r.body.lines.every((l: { matched: boolean }) => l.matched)).toBe(true);
    expect(r.body.maxLoads.EM).toBeCloseTo(0.4 * 80, 3);
    expect(r.body.unmatched).toEqual([]);
    expect(r.body.usage).toMatchObject({ runsLimit: 1500 });
  });

  it('returns remedies that, applied, leave adjust', async () => {
    const heavy = { ...serum, ph: 8.2, lines: [{ n: 'AQUA', pct: 4 }, { n: 'SQUALANE', pct: 12 }, { n: 'ALCOHOL', pct: 4 }] };
    const r = await send(sys, 'POST', '/check', JSON.stringify(heavy));
    expect(r.status).toBe(200);
    expect(r.body.verdict).toBe('adjust');
    expect(r.body.remedies.map((m: { action: string }) => m.action)).toEqual(expect.arrayContaining(['set_ph']));
    const fixed = applyRemedies(CheckRequestSchema.parse(heavy), r.body.remedies);
    const again = await send(sys, 'POST', '/check', JSON.stringify(fixed));
    expect(again.status).toBe(200);
    expect(again.body.verdict).not.toBe('adjust');
  });

  it('reports an unknown ingredient as unmatched with suggestions, not an error', async () => {
    const r = await send(sys, 'POST', '/check', JSON.stringify({ ...serum, lines: [...serum.lines.slice(0, 3), { n: 'Glycerinn', pct: 0.5 }] }));
    expect(r.status).toBe(200);
    expect(r.body.verdict).toBe('compatible_verify');
    expect(r.body.unmatched[0].n).toBe('Glycerinn');
    expect(r.body.unmatched[0].suggestions).toContain('GLYCERIN');
  });

  it.each([
    [{ ...serum, base: 'deluxe' }, 'base'],
    [{ ...serum, basePct: 0 }, 'basePct'],
    [{ ...serum, basePct: 100.5 }, 'basePct'],
    [{ ...serum, ph: 14.1 }, 'ph'],
    [{ ...serum, lines: [] }, 'lines'],
    [{ ...serum, lines: Array.from({ length: 201 }, () => ({ n: 'AQUA', pct: 0.1 })) }, 'lines'],
    [{ ...serum, lines: [...serum.lines, { n: 'x'.repeat(201), pct: 1 }] }, 'lines[4].n'],
    [{ ...serum, lines: [...serum.lines, { n: 'AQUA', pct: -1 }] }, 'lines[4].pct'],
    [{ ...serum, lines: [serum.lines[0], serum.lines[1], serum.lines[2], { pct: 1, blend: [{ n: 'A', f: 0.5 }, { n: 'B', f: 'lots' }] }] }, 'lines[3].blend[1].f'],
    [{ ...serum, extra: true }, 'extra'],
  ])('rejects a bad body with 400 naming the field (%#)', async (body, field) => {
    const r = await send(sys, 'POST', '/check', JSON.stringify(body));
    expectError(r, 400, 'invalid_request');
    expect(r.body.error.field).toBe(field);
    expect(r.body.error.message).toContain(field);
  });

  // The HTTP fuzz (e2e.fuzz.test.ts) sends /check its own bodies too; SVC_FUZZ_REQUESTS sends more here as well.
  const GARBAGE = Number(process.env.SVC_FUZZ_REQUESTS ?? 2_500);
  it(`answers ${GARBAGE} generated garbage bodies with 200 or 400 only`, async () => {
    const line = fc.oneof(
      fc.record({ n: fc.string({ maxLength: 30 }), pct: fc.double({ min: -5, max: 120, noNaN: false }) }, { requiredKeys: [] }),
      fc.record({ pct: fc.double(), blend: fc.array(fc.record({ n: fc.string(), f: fc.oneof(fc.double(), fc.constant('trace'), fc.string()) }), { maxLength: 4 }) }),
      fc.anything(),
    );
    const body = fc.oneof(
      { weight: 3, arbitrary: fc.record({ base: fc.oneof(fc.constantFrom('classic', 'luxe', 'clinical'), fc.string()), basePct: fc.oneof(fc.double(), fc.integer(), fc.string()), ph: fc.oneof(fc.double({ min: -1, max: 15 }), fc.constant(null)), lines: fc.array(line, { maxLength: 8 }) }, { requiredKeys: [] }) },
      { weight: 1, arbitrary: fc.anything().map((v) => v) },
    );
    const samples = fc.sample(body, { numRuns: GARBAGE, seed: 20261122 });
    const statuses = new Map<number, number>();
    for (let i = 0; i < samples.length; i += 100) {
      const batch = samples.slice(i, i + 100);
      const got = await Promise.all(batch.map((b) => fetch(`${sys.url}/check`, { method: 'POST', headers: { 'x-svc-key': sys.key, 'content-type': 'application/json' }, body: JSON.stringify(b) ?? 'null' }).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      })));
      for (const s of got) statuses.set(s, (statuses.get(s) ?? 0) + 1);
    }
    expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining([400]));
    for (const s of statuses.keys()) expect([200, 400]).toContain(s);
  }, 120_000);
});
