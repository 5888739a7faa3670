/**
 * One component compiled to one ES module with esbuild, laid out as its image's /app:
 * `main.mjs`, `bundle.json` (the modules and packages it holds), and the data files of
 * scripts/build/files.ts at their repository paths.
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import * as esbuild from 'esbuild';
import { PACKAGE_DIR, type ComponentName } from '../components';
import { EXTERNAL_PACKAGES, RUNTIME_FILES, filesOf } from './files';

export interface BundleInfo {
  component: ComponentName;
  /** Workspace modules in the bundle, repository paths. */
  modules: string[];
  /** Third-party packages in the bundle. */
  packages: string[];
  /** The data files beside it (files.ts), repository paths. */
  files: string[];
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
  const info: BundleInfo = { component, modules, packages, files };
  writeFileSync(join(outDir, 'bundle.json'), `${JSON.stringify(info, null, 2)}\n`);
  return info;
}
