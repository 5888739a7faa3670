/**
 * The packages a compiled component imports at run time instead of holding them in its bundle
 * (files.ts, EXTERNAL_PACKAGES and the tracing entry's imports), with their production dependencies,
 * laid out in `dist/<component>/node_modules` exactly as npm installed them in the workspace: each
 * package folder keeps its path under node_modules, so Node's resolution from the bundle and from
 * each package finds the same versions it finds in a checkout. The dependency closure is read from
 * the installed package.json files (dependencies, plus the optional and peer ones that are
 * installed), not from the lock file, so it is what the build machine would load.
 */
import { cpSync, existsSync, lstatSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

export interface InstalledPackage {
  name: string;
  version: string;
  /** Its folder relative to the repository root, e.g. `node_modules/debug/node_modules/ms`. */
  path: string;
}

interface Manifest {
  name?: string;
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const manifest = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;

/** Node's lookup of a bare package name from a folder: the nearest node_modules up to `root`. */
function resolvePackage(root: string, name: string, from: string): string | null {
  for (let d = from; ; d = dirname(d)) {
    const candidate = join(d, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (d === root || !d.startsWith(root)) return null;
  }
}

/**
 * The installed packages that `roots` load, transitively, as folders under the root's node_modules.
 * A root must be installed at the top of the root's node_modules (where the bundle beside it finds
 * it); a package resolved through a link (a workspace) is refused, as it would not be a package of
 * the registry.
 */
export function dependencyClosure(root: string, roots: Iterable<string>): InstalledPackage[] {
  const found = new Map<string, InstalledPackage>();
  const visit = (dir: string) => {
    const path = relative(root, dir);
    if (found.has(path)) return;
    if (!path.startsWith(`node_modules${sep}`)) throw new Error(`${path} is outside the root's node_modules`);
    if (lstatSync(dir).isSymbolicLink()) throw new Error(`${path} is a link (a workspace), not an installed package`);
    const m = manifest(dir);
    found.set(path, { name: m.name ?? path, version: m.version ?? '', path });
    const required = Object.keys(m.dependencies ?? {});
    const optional = [...Object.keys(m.optionalDependencies ?? {}), ...Object.keys(m.peerDependencies ?? {})];
    for (const dep of required) {
      const at = resolvePackage(root, dep, dir);
      if (!at) throw new Error(`${m.name}: its dependency ${dep} is not installed`);
      visit(at);
    }
    for (const dep of optional) {
      const at = resolvePackage(root, dep, dir);
      if (at) visit(at);
    }
  };
  for (const name of roots) {
    const at = join(root, 'node_modules', name);
    if (!existsSync(join(at, 'package.json'))) throw new Error(`${name} is not installed at node_modules/${name}`);
    visit(at);
  }
  return [...found.values()].sort((a, b) => a.path.localeCompare(b.path));
}

/** Files a running component never reads: TypeScript sources and declarations, source maps. */
export const SKIPPED_FILE = /\.[cm]?ts$|\.map$/;

/** Whether `file` (relative to its package folder) is copied into the image. */
export const copiedFile = (file: string): boolean => !SKIPPED_FILE.test(file) && !file.split(sep).includes('node_modules');

/** Copies each package folder (without its own node_modules: those it needs are in the list) under `outDir`. */
export function copyPackages(root: string, packages: readonly InstalledPackage[], outDir: string): void {
  for (const p of packages) {
    const from = join(root, p.path);
    cpSync(from, join(outDir, p.path), { recursive: true, dereference: true, filter: (src) => src === from || copiedFile(relative(from, src)) });
  }
}
