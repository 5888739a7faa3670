/**
 * `npm run fixtures`: regenerates the engine tests' ingredient facts from the shipped catalogue and
 * stamps every worked case with the data version it is now checked against. Run it after changing
 * the overlay, the category map or the CosIng files; review the diff like any data change.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CASE_DIRS, FIXTURE_FILE, generateFixture, serialiseFixture } from './catalogue-fixture';

const fixture = generateFixture();
writeFileSync(FIXTURE_FILE, serialiseFixture(fixture));
console.log(`fixtures: ${fixture.ingredients.length} ingredients from data version ${fixture.dataVersion.slice(0, 12)} → ${FIXTURE_FILE}`);

let stamped = 0;
for (const dir of CASE_DIRS) {
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.json')).sort()) {
    const path = join(dir, f);
    const text = readFileSync(path, 'utf8');
    const c = JSON.parse(text) as Record<string, unknown>;
    if (c['dataVersion'] === fixture.dataVersion) continue;
    // Edited as text, so the hand-written layout of the case (and a number written 5.0) stays.
    const line = `"dataVersion": "${fixture.dataVersion}"`;
    const next = 'dataVersion' in c ? text.replace(/"dataVersion": "[0-9a-f]*"/, line) : text.replace(/^\{\n(\s*)/, (_m, indent: string) => `{\n${indent}${line},\n${indent}`);
    writeFileSync(path, next);
    stamped++;
  }
}
console.log(`fixtures: ${stamped} case files stamped with the data version`);
