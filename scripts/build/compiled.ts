/** Where a component's build is, and whether it is there and as new as its sources. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ComponentName } from '../components';
import type { BundleInfo } from './bundle';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export const compiledDir = (name: ComponentName, root = ROOT): string => join(root, 'dist', name);
export const compiledEntry = (name: ComponentName, root = ROOT): string => join(compiledDir(name, root), 'main.mjs');
/** The image's command after `node`: the tracing entry first, then the bundle (deploy/Dockerfile's CMD). */
export const compiledCommand = (name: ComponentName, root = ROOT): string[] => ['--import', pathToFileURL(join(compiledDir(name, root), 'register.mjs')).href, compiledEntry(name, root)];

/** Why the build of `name` cannot be run as it is (absent, or a source changed since), or null. */
export function staleBuild(name: ComponentName, root = ROOT): string | null {
  const entry = compiledEntry(name, root);
  const manifest = join(compiledDir(name, root), 'bundle.json');
  if (!existsSync(entry) || !existsSync(manifest)) return `${name} is not built`;
  const built = statSync(entry).mtimeMs;
  const info = JSON.parse(readFileSync(manifest, 'utf8')) as BundleInfo;
  const changed = [...info.modules, ...info.files, ...(info.entry ?? [])].find((f) => !existsSync(join(root, f)) || statSync(join(root, f)).mtimeMs > built);
  return changed ? `${changed} changed since ${name} was built` : null;
}
