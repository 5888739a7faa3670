/**
 * A caller's name is never the cause of a withheld answer (a 500): names that carry numbers,
 * percent signs and brackets are echoed safely wherever they land in a label or a reason, and the
 * only names refused are those that put a number beside a chassis name on their own, refused as a
 * 400 naming the field.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARCHITECTURES } from '@svc/formula';
import { DEFAULT_CHASSIS_FILE, findLeaks, loadChassis } from '@svc/chassis';
import { EXAMPLE_RAW } from './support/band-twins';
import { FACT_NAMES } from './support/chassis-facts';
import { respond } from './support/respond';

const CHASSIS = loadChassis(DEFAULT_CHASSIS_FILE);
const CHASSIS_NAMES = [...new Set(ARCHITECTURES.flatMap((v) => EXAMPLE_RAW.architectures[v].components.map((c) => c.n)))];
const number = fc.oneof(fc.integer({ min: 0, max: 999 }).map(String), fc.integer({ min: 0, max: 9999 }).map((v) => (v / 100).toFixed(2)), fc.constantFrom('1,5', '12.', '0.5', '100'));
const word = fc.oneof(fc.constantFrom(...FACT_NAMES), fc.constantFrom('FOO', 'LOT', 'Snail Filtrate', 'Peptide Complex', 'BATCH'));
const decorated = fc
  .tuple(word, number, fc.constantFrom('{w} {d}%', '{d} {w}', '{w} ({d})', 'LOT {d}.', '{w} [{d}]', '{w} #{d}', '{w} {d} %', '{w}-{d}', '{w} {d}/{d}', '{w}'))
  .map(([w, d, shape]) => shape.replaceAll('{w}', w).replaceAll('{d}', d));
// Bare CAS and EC numbers, the only names without a letter a request accepts (issue 29).
const registry = fc.constantFrom('59-05-2', '7732-18-5', '56-81-5', '200-362-1', '231-791-2', '122-99-6');
const name = fc.oneof({ weight: 3, arbitrary: decorated }, { weight: 2, arbitrary: fc.constantFrom(...CHASSIS_NAMES) }, { weight: 1, arbitrary: registry });
const body = fc.record({
  variant: fc.constantFrom(...ARCHITECTURES),
  nbPct: fc.integer({ min: 1, max: 1000 }).map((v) => v / 10),
  lines: fc.array(fc.record({ n: name, pct: fc.integer({ min: 1, max: 5000 }).map((v) => v / 1000) }), { minLength: 1, maxLength: 12 }),
});

describe('caller names with numbers', () => {
  it('the reported body gets its label, with the name echoed', () => {
    const out = JSON.parse(respond('label', { variant: 'classic', nbPct: 80, lines: [{ n: 'AQUA', pct: 12 }, { n: 'NIACINAMIDE 5%', pct: 4 }, { n: 'GLYCERIN', pct: 3 }] }, CHASSIS));
    expect(out.ok.ordered).toContain('NIACINAMIDE 5%');
  });

  it('never make an answer withheld: echoed, or refused as 400 naming the line when the name alone puts a number beside a chassis name', () => {
    let refused = 0;
    let answered = 0;
    fc.assert(
      fc.property(body, fc.constantFrom('label' as const, 'preservation' as const), fc.constantFrom('label', 'composition'), (b, route, mode) => {
        const req = route === 'label' ? { ...b, mode } : b;
        const out = JSON.parse(respond(route, req, CHASSIS)) as { ok?: unknown; refused?: string; withheld?: true; invalid?: unknown };
        expect(out.withheld, JSON.stringify(req)).toBeUndefined();
        expect(out.invalid, JSON.stringify(req)).toBeUndefined();
        if (out.refused !== undefined) {
          refused++;
          const i = Number(/^lines\[(\d+)\]\.n:/.exec(out.refused)?.[1]);
          expect(findLeaks(b.lines[i]!.n, CHASSIS).length, out.refused).toBeGreaterThan(0);
        } else answered++;
      }),
      { numRuns: 2_000 },
    );
    expect(answered).toBeGreaterThan(refused);
  });

  it('a bare CAS or EC number (a name with no letter, never blanked) echoed beside a chassis name is no finding, and an amount the service writes there is still caught', () => {
    for (const chassisName of CHASSIS_NAMES) {
      for (const cas of ['59-05-2', '200-362-1']) {
        for (const text of [`${chassisName}, ${cas}`, `${cas} ${chassisName}`, `${chassisName} (${cas})`]) {
          expect(findLeaks(text, CHASSIS), text).toEqual([]);
        }
        // The caller's number in the text never covers an amount written beside the chassis name.
        expect(findLeaks(`${chassisName} 12.5, ${cas}`, CHASSIS, { callerNames: [cas] }).length, `${chassisName} amount`).toBeGreaterThan(0);
        expect(findLeaks(`${cas}, 3 ${chassisName}`, CHASSIS, { callerNames: [cas] }).length, `${chassisName} amount before`).toBeGreaterThan(0);
      }
      // Any other bare number is still never blanked, so it still reads as an amount: why it stays a 400.
      expect(findLeaks(`${chassisName} 12`, CHASSIS, { callerNames: ['12'] }).length, chassisName).toBeGreaterThan(0);
      expect(findLeaks(`${chassisName}, 59`, CHASSIS, { callerNames: ['59'] }).length, chassisName).toBeGreaterThan(0);
    }
  });
});
