/**
 * The one resolver of every engine test: library.Resolve's own rule (services/library/src/engine/
 * resolve.ts) over the facts generated from the shipped catalogue (catalogue-facts.json, written by
 * `npm run fixtures`). Unmatched names get suggestions from this subset, not the whole catalogue.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { normaliseName, type IngredientFacts, type Resolution } from '@svc/formula';
import { indexOfCatalogue, resolveWithIndex } from '../../services/library/src/engine/resolve';
import type { CatalogueFixture } from '../../scripts/catalogue-fixture';

export const FIXTURE: CatalogueFixture = JSON.parse(readFileSync(resolve(import.meta.dirname, 'catalogue-facts.json'), 'utf8')) as CatalogueFixture;
/** The catalogue data version the fixture (and the worked cases) were checked against. */
export const DATA_VERSION = FIXTURE.dataVersion;

/** Facts by canonical INCI name. */
export const FACTS: ReadonlyMap<string, IngredientFacts> = new Map(FIXTURE.ingredients.map((i) => [normaliseName(i.facts.inci), i.facts]));
export const FACT_NAMES: string[] = [...FACTS.keys()];

const INDEX = indexOfCatalogue(FIXTURE.ingredients);

export function factsOf(inci: string): IngredientFacts {
  const f = FACTS.get(normaliseName(inci));
  if (!f) throw new Error(`the catalogue fixture has no facts for ${inci}; add the name to test/support/fixture-seed-names.json and run npm run fixtures`);
  return f;
}

/** What library.Resolve answers for these names, keyed by normaliseName. */
export function resolveNames(names: Iterable<string>): Map<string, Resolution> {
  return resolveWithIndex(INDEX, [...names]);
}
