/**
 * One component compiled to one ES module with esbuild, laid out as its image's /app:
 * `main.mjs`, `bundle.json` (the modules and packages it holds), the data files of
 * scripts/build/files.ts at their repository paths, the tracing entry (`register.mjs`, `sdk.mjs`)
 * and `node_modules` with the packages left out of the bundle and those the tracing entry loads.
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { builtinModules, createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import * as esbuild from 'esbuild';
import { PACKAGE_DIR, type ComponentName } from '../components';
import { EXTERNAL_PACKAGES, RUNTIME_FILES, TRACING_ENTRY, filesOf } from './files';
import { copyPackages, dependencyClosure, type InstalledPackage } from './modules';

export interface BundleInfo {
  component: ComponentName;
  /** Workspace modules in the bundle, repository paths. */
  modules: string[];
  /** Third-party packages in the bundle. */
  packages: string[];
  /** The data files beside it (files.ts), repository paths. */
  files: string[];
  /** Packages the bundle imports at run time (left out of it: EXTERNAL_PACKAGES). */
  external: string[];
  /** Packages the tracing entry imports (the SDK and its instrumentations). */
  tracing: string[];
  /** The repository files of the tracing entry, copied beside the bundle (TRACING_ENTRY). */
  entry: string[];
  /** Every package folder in its node_modules: those above with their dependencies. */
  nodeModules: InstalledPackage[];
}

const BUILTIN = new Set(builtinModules);
const isBuiltin = (p: string) => p.startsWith('node:') || BUILTIN.has(p) || BUILTIN.has(p.split('/')[0]!);

/** A bare import's package name (`@scope/name/sub` -> `@scope/name`). */
export const packageName = (spec: string): string => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');

/** The third-party packages an esbuild output imports at run time, from its metafile. */
function runtimeImports(meta: esbuild.Metafile): string[] {
  const specs = Object.values(meta.outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path));
  return [...new Set(specs.filter((p) => !isBuiltin(p) && !p.startsWith('.') && !p.startsWith('/')).map(packageName))].sort();
}

/** The packages the tracing entry imports (statically or not): esbuild resolves its module graph without bundling a package. */
async function tracingImports(root: string): Promise<string[]> {
  const r = await esbuild.build({ absWorkingDir: root, entryPoints: Object.keys(TRACING_ENTRY), bundle: true, write: false, outdir: 'out', platform: 'node', format: 'esm', packages: 'external', metafile: true, logLevel: 'warning' });
  return runtimeImports(r.metafile);
}

/**
 * Each workspace module sees its own repository path as `import.meta.url` (relative to the bundle),
 * so the files it finds beside itself keep their repository paths under /app: the same relative
 * reads work from a checkout and from an image.
 */
function repositoryUrls(root: string): esbuild.Plugin {
  return {
    name: 'repository-urls',
    setup(b) {
      b.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
        if (args.path.includes('/node_modules/')) return undefined;
        const text = await readFile(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        const own = `new URL(${JSON.stringify(relative(root, args.path))}, import.meta.url).href`;
        return { contents: text.replaceAll('import.meta.url', own), loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
      });
    },
  };
}

/**
 * The modules files.ts marks `inline`: their `readAsset()` returns the file's text from the bundle
 * rather than reading a package file the image does not hold.
 */
function inlineAssets(root: string): esbuild.Plugin {
  const inlined = Object.entries(RUNTIME_FILES).flatMap(([m, e]) => ('inline' in e ? [[join(root, m), e.inline] as const] : []));
  const require = createRequire(join(root, 'package.json'));
  return {
    name: 'inline-assets',
    setup(b) {
      for (const [path, asset] of inlined) {
        b.onLoad({ filter: new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }, async () => {
          const text = await readFile(require.resolve(asset), 'utf8');
          return { contents: `export function readAsset() { return ${JSON.stringify(text)}; }`, loader: 'js' };
        });
      }
    },
  };
}

/** A package's name from a path inside node_modules. */
export function packageOf(path: string): string {
  const rest = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length).split('/');
  return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
}

export async function bundle(root: string, component: ComponentName, outDir: string): Promise<BundleInfo> {
  rmSync(outDir, { recursive: true, force: true });
  const r = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [join(PACKAGE_DIR[component], 'src/main.ts')],
    outfile: join(outDir, 'main.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL_PACKAGES,
    // CommonJS packages in an ES module bundle still call require (node built-ins, protobufjs' fs).
    banner: { js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);" },
    plugins: [inlineAssets(root), repositoryUrls(root)],
    metafile: true,
    logLevel: 'warning',
  });
  const inputs = Object.keys(r.metafile.inputs);
  const modules = inputs.filter((i) => !i.includes('node_modules/')).sort();
  const packages = [...new Set(inputs.filter((i) => i.includes('node_modules/')).map(packageOf))].sort();
  const files = filesOf(modules);
  for (const f of files) {
    mkdirSync(dirname(join(outDir, f)), { recursive: true });
    cpSync(join(root, f), join(outDir, f), { recursive: true });
  }
  const external = runtimeImports(r.metafile);
  const unexpected = external.filter((p) => !EXTERNAL_PACKAGES.includes(p));
  if (unexpected.length) throw new Error(`${component}: the bundle imports ${unexpected.join(', ')} at run time, which are not EXTERNAL_PACKAGES`);
  const tracing = await tracingImports(root);
  for (const [from, to] of Object.entries(TRACING_ENTRY)) cpSync(join(root, from), join(outDir, to));
  const nodeModules = dependencyClosure(root, new Set([...external, ...tracing]));
  copyPackages(root, nodeModules, outDir);
  const info: BundleInfo = { component, modules, packages, files, external, tracing, entry: Object.keys(TRACING_ENTRY), nodeModules };
  writeFileSync(join(outDir, 'bundle.json'), `${JSON.stringify(info, null, 2)}\n`);
  return info;
}
