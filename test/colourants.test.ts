/**
 * Every colourant of the shipped catalogue, given by its CI number, by its INCI name or by the US
 * name that resolves to it, is listed last on an EU label by its CI number and printed by its US
 * name on a US label: the label engine over the real catalogue (built in memory as the import
 * builds it) and the library's own resolution rule.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseName, type IngredientFacts } from '@svc/formula';
import { buildLabel, namesToResolve, parseLabelRequest, type LabelModeResponse } from '../services/label/src/engine/index';
import { indexOfCatalogue, resolveWithIndex } from '../services/library/src/engine/resolve';
import { CI_NAME } from '../services/library/src/data/overlay';
import { shippedCatalogue } from '../scripts/catalogue-fixture';
import { EXAMPLE } from './support/chassis-facts';

const { entries } = shippedCatalogue();
const index = indexOfCatalogue(entries);
const resolve = (names: readonly string[]) => resolveWithIndex(index, names);
const COLOURANTS: IngredientFacts[] = entries.filter((e) => e.facts.colourant).map((e) => e.facts);
/** Ingredients sold under a colourant's US name in their other functions (TITANIUM DIOXIDE as a UV filter). */
const US_TWINS = new Set(COLOURANTS.map((f) => f.usName).filter((n): n is string => n !== null));

/** Every name a caller may use for this colourant that the library resolves to it. */
function namesOf(f: IngredientFacts): string[] {
  const e = entries.find((x) => x.facts === f);
  const candidates = [f.inci, ...(e?.names.filter((n) => n.kind !== 'cas').map((n) => n.name) ?? [])];
  const r = resolve(candidates);
  return [...new Set(candidates.filter((n) => {
    const x = r.get(normaliseName(n));
    return x?.matched && x.facts.inci === f.inci;
  }))];
}

function label(lines: { n: string; pct: number }[], market: 'eu' | 'us'): LabelModeResponse {
  const water = Math.round((100 - 70 - lines.reduce((s, l) => s + l.pct, 0)) * 1e4) / 1e4;
  const p = parseLabelRequest({ variant: 'classic', nbPct: 70, market, lines: [{ n: 'AQUA', pct: water }, ...lines] });
  if (!p.ok) throw new Error(JSON.stringify(p.problems));
  const out = buildLabel(p.value, resolve(namesToResolve(p.value, EXAMPLE)), EXAMPLE);
  if (out.mode !== 'label') throw new Error('label mode expected');
  return out;
}

describe('colourants of the catalogue on the label', () => {
  it('are every CI-named ingredient, each a pigment/colourant', () => {
    expect(COLOURANTS.length).toBeGreaterThan(140);
    for (const f of COLOURANTS) {
      expect(f.inci, f.inci).toMatch(CI_NAME);
      expect(f.c, f.inci).toBe('PI');
    }
    const mica = COLOURANTS.find((f) => f.inci === 'CI 77019');
    expect(mica?.usName).toBe('MICA');
  });

  it('sort last on the EU label by CI number and print their US name on the US label, whichever name the caller used', () => {
    for (const f of COLOURANTS) {
      for (const n of namesOf(f)) {
        // 3 %: above the 1 % line, where amount would otherwise decide the order.
        const lines = [{ n: 'GLYCERIN', pct: 2 }, { n, pct: 3 }, { n: 'NIACINAMIDE', pct: 0.5 }];
        const eu = label(lines, 'eu');
        expect(eu.ordered.at(-1), `${n} (EU)`).toBe(f.inci);
        const us = label(lines, 'us');
        expect(us.ordered.at(-1), `${n} (US)`).toBe(f.usName ?? f.inci);
        expect(eu.unmatched).toEqual([]);
      }
    }
  });

  it('stay after every other ingredient in any mix, at any amount', () => {
    const colourant = fc.constantFrom(...COLOURANTS);
    const others = fc.constantFrom('GLYCERIN', 'NIACINAMIDE', 'SQUALANE', 'PANTHENOL', 'XANTHAN GUM', 'PHENOXYETHANOL', 'PARFUM', 'LINALOOL');
    // At most 10 lines of 2.5 %: they fit in the 30 % the chassis leaves, with water to balance.
    const amount = fc.integer({ min: 1, max: 2500 }).map((v) => v / 1000);
    fc.assert(
      fc.property(
        fc.uniqueArray(colourant, { minLength: 1, maxLength: 6, selector: (f) => f.inci }),
        fc.uniqueArray(others, { maxLength: 4 }),
        fc.array(amount, { minLength: 10, maxLength: 10 }),
        fc.constantFrom('eu' as const, 'us' as const),
        (cols, rest, amounts, market) => {
          const lines = [...rest.map((n, i) => ({ n, pct: amounts[i]! })), ...cols.map((f, i) => ({ n: f.inci, pct: amounts[4 + i]! }))];
          const out = label(lines, market);
          const printed = new Set(cols.map((f) => (market === 'us' ? (f.usName ?? f.inci) : f.inci)));
          const firstColour = out.ordered.findIndex((x) => printed.has(x));
          expect(firstColour).toBeGreaterThan(0);
          expect(out.ordered.slice(firstColour).every((x) => printed.has(x)), out.finished_inci).toBe(true);
          expect(new Set(out.ordered.slice(firstColour))).toEqual(printed);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a CI name never shares its US name with a non-colourant the chassis holds, so the merge rule cannot move it', () => {
    const chassisUs = new Set(EXAMPLE.allNames().map((n) => normaliseName(n)));
    for (const t of US_TWINS) expect(chassisUs.has(t), t).toBe(false);
  });
});
