/** Every INCI name of the CosIng inventory the library imports (about 30,000), read from its shipped CSV. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';

const CSV = resolve(import.meta.dirname, '../../services/library/data/cosing_ingredients_2021-12-15.csv.gz');

/** The second column of each row (inci_name), with CSV quoting. */
export function cosingInciNames(): string[] {
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
