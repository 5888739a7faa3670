/**
 * The fragrance-allergen groups are library data (services/library/src/data/fragrance-allergens.json):
 * the Annex III labelling entries of Regulation (EU) 2023/1545, each member served through Resolve
 * as an allergen with its entry's reference, which is what the label sums against the threshold.
 */
import { describe, expect, it } from 'vitest';
import { normaliseName } from '@svc/formula';
import { loadFragranceAllergens } from '../services/library/src/data/overlay';
import { indexOfCatalogue, resolveWithIndex } from '../services/library/src/engine/resolve';
import { shippedCatalogue } from '../scripts/catalogue-fixture';

const pack = loadFragranceAllergens();
const { entries } = shippedCatalogue();
const members = pack.entries.flatMap((e) => e.members.map((m) => ({ name: m, ref: e.ref })));
const resolutions = resolveWithIndex(indexOfCatalogue(entries), members.map((m) => m.name));

describe('fragrance allergen groups', () => {
  it('come from Annex III: the 81 labelling entries of Regulation (EU) 2023/1545, from CosIng', () => {
    expect(pack.source).toBe('European Commission, CosIng');
    expect(pack.regulation).toMatch(/Annex III.*2023\/1545/);
    expect(pack.entries).toHaveLength(81);
    expect(new Set(pack.entries.map((e) => e.ref)).size).toBe(81);
    for (const e of pack.entries) expect(e.ref).toMatch(/^III\/\d+[a-z]?$/);
  });

  it('every member the library knows resolves as an allergen with its entry\'s reference', () => {
    const wrong: string[] = [];
    let known = 0;
    for (const { name, ref } of members) {
      const r = resolutions.get(name);
      if (!r?.matched) continue;
      known++;
      if (!r.facts.allergen || r.facts.allergenRef !== ref) wrong.push(`${name} → ${r.facts.inci} ${String(r.facts.allergenRef)} (want ${ref})`);
    }
    expect(wrong).toEqual([]);
    for (const n of ['LINALOOL', 'LIMONENE', 'CITRAL', 'GERANIAL', 'NERAL']) expect(resolutions.get(n)?.matched, n).toBe(true);
    expect(known).toBeGreaterThan(members.length / 2);
  });

  it('only members carry a reference, and every curated allergen is a member', () => {
    const refOf = new Map(members.map((m) => [normaliseName(m.name), m.ref]));
    expect(entries.filter((e) => e.facts.allergenRef !== (refOf.get(normaliseName(e.facts.inci)) ?? null)).map((e) => e.facts.inci)).toEqual([]);
    expect(entries.filter((e) => e.curated && e.facts.allergen && e.facts.allergenRef === null).map((e) => e.facts.inci)).toEqual([]);
  });
});
