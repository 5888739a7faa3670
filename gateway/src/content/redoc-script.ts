/**
 * The reference page's renderer as its npm package ships it (served by us, never from a CDN).
 * A compiled gateway has no node_modules: the build puts this text inline instead of this read
 * (scripts/build/files.ts, `inline`), so this module keeps to one export of that shape.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export function readAsset(): string {
  return readFileSync(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'), 'utf8');
}
