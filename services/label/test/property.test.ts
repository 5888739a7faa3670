/**
 * Properties over generated requests: nothing leaks, label mode carries no digit outside INCI
 * names, and the answer depends on the secret only through the published bands of its shares
 * (the whole-response property over every route is test/secret-independence.test.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expandLines, normaliseName, type Resolution } from '@svc/formula';
import { callerNamesOf, findLeaks, type Chassis } from '@svc/chassis';
import { buildLabel, callerAmounts, namesToResolve, parseLabelRequest, type LabelRequest } from '../src/engine/index';
import { ALT, EXAMPLE, FACTS, FACT_NAMES, resolveNames } from '../../../test/support/chassis-facts';
import { blendOf } from '../../../test/support/generators';
import { EXAMPLE_RAW, chassisOf, positionsArb, twinOf } from '../../../test/support/band-twins';

const UNKNOWN = ['Snail Secretion Filtrate', 'Peptide Complex 7', 'Oat Extract', 'Water', 'Fragrance', 'glycérine'];
const name = fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...FACT_NAMES) }, { weight: 1, arbitrary: fc.constantFrom(...UNKNOWN) });
const amount = fc.integer({ min: 1, max: 20_000 }).map((v) => v / 1000);

const blend = blendOf(name, 5);

const line = fc.oneof(
  { weight: 3, arbitrary: fc.record({ n: name, pct: amount, nano: fc.integer({ min: 0, max: 99 }).map((v) => v < 10) }) },
  { weight: 1, arbitrary: fc.record({ pct: amount, blend }) },
);

const body = fc.record({
  variant: fc.constantFrom('classic', 'luxe', 'clinical'),
  // nbPct 100 often: the whole product is chassis, the heaviest weight the bands can carry.
  nbPct: fc.oneof({ weight: 1, arbitrary: fc.constant(100) }, { weight: 3, arbitrary: fc.integer({ min: 50, max: 999 }).map((v) => v / 10) }),
  lines: fc.array(line, { minLength: 1, maxLength: 12 }),
  mode: fc.constantFrom('label', 'label', 'composition'),
  market: fc.constantFrom('eu', 'us'),
  productType: fc.constantFrom('leave_on', 'rinse_off'),
});

function parsed(b: unknown): LabelRequest {
  const p = parseLabelRequest(b);
  if (!p.ok) throw new Error(`generator made an invalid request: ${JSON.stringify(p.problems)}`);
  return p.value;
}

function run(r: LabelRequest, chassis: Chassis) {
  const res = resolveNames(namesToResolve(r, chassis));
  return { res, out: buildLabel(r, res, chassis) };
}

/** The names a label may print: INCI names (EU or US) of the library, of the chassis, and the caller's own. */
function knownNames(r: LabelRequest): Set<string> {
  const out = new Set<string>();
  for (const f of FACTS.values()) {
    out.add(f.inci);
    if (f.usName) out.add(f.usName);
  }
  for (const c of expandLines(r.lines)) out.add(normaliseName(c.n));
  for (const n of EXAMPLE.allNames()) out.add(n);
  for (const w of ['AQUA', 'WATER', 'PARFUM', 'FRAGRANCE']) out.add(w);
  return out;
}

function printedChassisName(n: string, market: 'eu' | 'us', res: Map<string, Resolution>): string {
  const r = res.get(normaliseName(n));
  if (!r?.matched) return n;
  return market === 'us' ? (r.facts.usName ?? r.facts.inci) : r.facts.inci;
}

describe('label properties', () => {
  it('never puts a number next to a chassis name; label mode has digits only inside INCI names', () => {
    fc.assert(
      fc.property(body, (b) => {
        const r = parsed(b);
        const { res, out } = run(r, EXAMPLE);
        if (out.mode === 'label') {
          expect(findLeaks(out, EXAMPLE)).toEqual([]);
          const known = knownNames(r);
          for (const n of out.ordered) {
            const bare = n.replace(/ \(nano\)$/, '');
            if (/\d/.test(bare)) expect(known.has(bare), bare).toBe(true);
          }
          expect(out.finished_inci).toBe(out.ordered.join(', '));
          // Annex warnings are the law's own wording (and its entry numbers), the same for every chassis.
          expect(JSON.stringify({ ...out, finished_inci: '', ordered: [], tail: [], unmatched: [], warnings: [] })).not.toMatch(/\d/);
          // Every chassis component is on the label, and so is every caller ingredient that is not a hidden allergen.
          for (const t of out.tail) expect(out.ordered).toContain(t);
          expect(out.tail).toHaveLength(new Set(EXAMPLE.architecture(r.variant).names.map((n) => printedChassisName(n, r.market, res))).size);
        } else {
          // As the server releases it: the caller's amounts allowed, the caller's own names blanked.
          expect(findLeaks(out, EXAMPLE, { allow: callerAmounts(r, res), callerNames: callerNamesOf(r.lines) })).toEqual([]);
          expect(out.composition[0]).toEqual({ name: EXAMPLE.architecture(r.variant).label, pct: r.nbPct });
          expect(out.composition).toHaveLength(expandLines(r.lines).length + 1);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is deterministic and independent of line order', () => {
    fc.assert(
      fc.property(body, fc.integer(), (b, seed) => {
        const r = parsed({ ...b, mode: 'label' });
        const a = run(r, EXAMPLE).out;
        expect(run(r, EXAMPLE).out).toEqual(a);
        const shuffled = [...r.lines].sort((x, y) => ((JSON.stringify(x).length * 31 + seed) % 7) - ((JSON.stringify(y).length * 31 + seed) % 7));
        const c = run({ ...r, lines: shuffled }, EXAMPLE).out;
        if (a.mode !== 'label' || c.mode !== 'label') throw new Error('mode');
        expect(c.finished_inci).toBe(a.finished_inci);
        expect(new Set(c.unmatched.map((u) => u.n))).toEqual(new Set(a.unmatched.map((u) => u.n)));
      }),
      { numRuns: 150 },
    );
  });
});

describe('secret independence: twins that agree on every published band', () => {
  it('give byte-identical labels, composition sheets included, nbPct below 1 included', () => {
    const low = fc.double({ min: 1e-4, max: 1, noNaN: true });
    fc.assert(
      fc.property(positionsArb, body, fc.option(low, { nil: undefined }), (positions, b, nb) => {
        const r = parsed(nb === undefined ? b : { ...b, nbPct: nb });
        const twin = chassisOf(twinOf(EXAMPLE_RAW, positions, 'e5f6'));
        expect(JSON.stringify(run(r, twin).out)).toBe(JSON.stringify(run(r, EXAMPLE).out));
      }),
      { numRuns: 300 },
    );
  });

  it('the second fixture, every share in the band of the example, labels exactly as the example', () => {
    fc.assert(
      fc.property(body, (b) => {
        const r = parsed(b);
        expect(run(r, ALT).out).toEqual(run(r, EXAMPLE).out);
      }),
      { numRuns: 100 },
    );
  });
});
