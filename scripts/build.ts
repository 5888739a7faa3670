/**
 * `npm run build [component...]`: each component compiled to `dist/<component>/`, laid out as its
 * image's /app (scripts/build/bundle.ts), run with `node dist/<component>/main.mjs`.
 */
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { COMPONENTS, type ComponentName } from './components';
import { bundle } from './build/bundle';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const known = COMPONENTS.map((c) => c.name);
const asked = process.argv.slice(2);
const unknown = asked.filter((a) => !known.includes(a as ComponentName));
if (unknown.length) {
  console.error(`build: unknown component ${unknown.join(', ')} (known: ${known.join(', ')})`);
  process.exit(2);
}
const names = (asked.length ? asked : known) as ComponentName[];
const started = Date.now();
for (const info of await Promise.all(names.map((n) => bundle(ROOT, n, join(ROOT, 'dist', n))))) {
  console.log(`${info.component.padEnd(13)} dist/${info.component}/main.mjs  ${info.modules.length} modules, ${info.packages.length} packages, ${info.files.length} data paths; node_modules: ${info.nodeModules.length} packages (${info.external.length} imported by the bundle, ${info.tracing.length} by the tracing entry)`);
}
console.log(`built ${names.length} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
