/**
 * The label's fragrance-allergen pack and the library's allergen flag must say the same thing: a
 * member of an Annex III labelling entry is an allergen in the catalogue, and every curated
 * allergen is a member of an entry. Otherwise a name could be summed on the label yet shown
 * without its flag in search (or the other way round).
 */
import { describe, expect, it } from 'vitest';
import { normaliseName } from '@svc/formula';
import { ALLERGENS } from '../services/label/src/engine/packs';
import { indexOfCatalogue, resolveWithIndex } from '../services/library/src/engine/resolve';
import { shippedCatalogue } from '../scripts/catalogue-fixture';

const { entries } = shippedCatalogue();
const resolutions = resolveWithIndex(indexOfCatalogue(entries), [...ALLERGENS.refOf.keys()]);

describe('fragrance allergen words', () => {
  it('every member of the label pack that the library knows is flagged an allergen there', () => {
    const unflagged: string[] = [];
    for (const name of ALLERGENS.refOf.keys()) {
      const r = resolutions.get(name);
      if (r?.matched && !r.facts.allergen) unflagged.push(`${name} → ${r.facts.inci}`);
    }
    expect(unflagged).toEqual([]);
  });

  it('every curated allergen of the library is a member of a label pack entry', () => {
    const members = new Set(ALLERGENS.refOf.keys());
    const missing = entries.filter((e) => e.curated && e.facts.allergen && !members.has(normaliseName(e.facts.inci))).map((e) => e.facts.inci);
    expect(missing).toEqual([]);
  });
});
