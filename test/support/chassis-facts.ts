/** Test-only resolver over the facts fixture shared by the label and preservation tests: what library.Resolve would answer for these names. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { normaliseName, type IngredientFacts, type Resolution } from '@svc/formula';
import { DEFAULT_CHASSIS_FILE, loadChassis } from '@svc/chassis';

interface FactsFixture {
  synonyms: Record<string, string>;
  facts: IngredientFacts[];
}

const fixture = JSON.parse(readFileSync(resolve(import.meta.dirname, 'facts.json'), 'utf8')) as FactsFixture;
export const FACTS: ReadonlyMap<string, IngredientFacts> = new Map(fixture.facts.map((f) => [normaliseName(f.inci), f]));
const SYNONYMS = new Map(Object.entries(fixture.synonyms).map(([k, v]) => [normaliseName(k), normaliseName(v)]));

export function resolveNames(names: Iterable<string>): Map<string, Resolution> {
  const out = new Map<string, Resolution>();
  for (const n of names) {
    const key = normaliseName(n);
    const facts = FACTS.get(SYNONYMS.get(key) ?? key);
    out.set(key, facts ? { n, matched: true, facts } : { n, matched: false, suggestions: [] });
  }
  return out;
}

export const EXAMPLE = loadChassis(DEFAULT_CHASSIS_FILE);
export const ALT = loadChassis(resolve(import.meta.dirname, '../../packages/chassis/test/fixtures/chassis.alt.json'));
export const FACT_NAMES = [...FACTS.values()].map((f) => f.inci);
