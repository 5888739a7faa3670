/**
 * Honest formulators name ingredients: no INCI name of the whole CosIng catalogue (about 30,000,
 * the library's own data) is refused by the screening classifier, whether sent as a line name, a
 * search or a submission.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Classifier } from '@svc/screening';

const CSV = resolve(import.meta.dirname, '../services/library/data/cosing_ingredients_2021-12-15.csv.gz');

/** The second column of each row (inci_name), with CSV quoting. */
function inciNames(): string[] {
  const text = gunzipSync(readFileSync(CSV)).toString('utf8');
  const names: string[] = [];
  for (const line of text.split('\n').slice(1)) {
    const first = line.indexOf(',');
    if (first < 0) continue;
    let rest = line.slice(first + 1);
    let name: string;
    if (rest.startsWith('"')) {
      const end = rest.indexOf('",', 1);
      name = rest.slice(1, end < 0 ? undefined : end).replace(/""/g, '"');
    } else {
      rest = rest.slice(0, rest.indexOf(',') < 0 ? undefined : rest.indexOf(','));
      name = rest;
    }
    if (name.trim()) names.push(name.trim());
  }
  return names;
}

describe('the CosIng catalogue through the classifier', () => {
  it('refuses no INCI name', () => {
    const names = inciNames();
    expect(names.length).toBeGreaterThan(25_000);
    const c = new Classifier();
    const refused = names.filter((n) => c.classify(n).decision === 'refuse');
    expect(refused).toEqual([]);
  });
});
