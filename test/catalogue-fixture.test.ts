/**
 * The engine tests' ingredient facts are the shipped catalogue's: the generated fixture must equal
 * what `npm run fixtures` would write now, and every worked case names the data version it was
 * checked against. A failure here means: run `npm run fixtures`, then review the diff and the cases.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CASE_DIRS, FIXTURE_FILE, generateFixture, serialiseFixture } from '../scripts/catalogue-fixture';
import { DATA_VERSION, resolveNames } from './support/catalogue';
import { ALT, EXAMPLE } from './support/chassis-facts';

describe('the catalogue fixture', () => {
  const fresh = generateFixture();

  it('is what the shipped catalogue says, ingredient by ingredient', () => {
    const stored = JSON.parse(readFileSync(FIXTURE_FILE, 'utf8')) as ReturnType<typeof generateFixture>;
    expect(stored.dataVersion, 'data version: run npm run fixtures').toBe(fresh.dataVersion);
    const byInci = new Map(stored.ingredients.map((i) => [i.facts.inci, i]));
    for (const i of fresh.ingredients) expect(byInci.get(i.facts.inci), i.facts.inci).toEqual(i);
    expect(stored.ingredients.map((i) => i.facts.inci)).toEqual(fresh.ingredients.map((i) => i.facts.inci));
    expect(readFileSync(FIXTURE_FILE, 'utf8')).toBe(serialiseFixture(fresh));
  }, 60_000);

  it('every worked case says which catalogue version it was checked against, and it is this one', () => {
    let n = 0;
    for (const dir of CASE_DIRS) {
      for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) {
        const c = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { dataVersion?: string };
        expect(c.dataVersion, `${dir}/${f}`).toBe(DATA_VERSION);
        n++;
      }
    }
    expect(n).toBe(74);
  });

  it("knows every component of both test chassis (the seed list holds their public names)", () => {
    const names = [...new Set([...EXAMPLE.allNames(), ...ALT.allNames()])];
    const r = resolveNames(names);
    expect(names.filter((n) => !r.get(n.toUpperCase().trim())?.matched)).toEqual([]);
  });

  it('resolves as the library does: curated synonyms first, CAS numbers never', () => {
    const r = resolveNames(['Water', 'CI 77019', 'Mica', '7732-18-5']);
    const inci = (k: string) => {
      const x = r.get(k);
      return x?.matched ? x.facts.inci : null;
    };
    expect(inci('WATER')).toBe('AQUA');
    expect(inci('CI 77019')).toBe('CI 77019');
    expect(inci('MICA')).toBe('MICA');
    expect(inci('7732-18-5')).toBeNull();
  });
});
