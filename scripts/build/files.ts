/**
 * What a compiled component reads from disk at run time besides its bundle: the one copy list of
 * the images. `npm run build` lays out `dist/<component>/` exactly as the image's /app from it, and
 * the Dockerfile copies that folder whole; test/e2e.images.test.ts holds it to the bundles' inputs.
 *
 * In the bundle every module keeps its repository path for `import.meta.url` (see build.ts), so a
 * file a module finds beside itself sits at the same repository path under /app.
 */

/**
 * Every workspace module that reaches the file system through its own location, with the files it
 * reads. `never`: the module is bundled but the reading path never runs in a compiled component;
 * the reason says why (such a path fails with a clear error instead of reading from the repository).
 * `inline`: the module's one export, `readAsset()`, answers the file's text from the bundle.
 */
export const RUNTIME_FILES: Record<string, { files: string[] } | { never: string } | { inline: string }> = {
  // The reference page's renderer: a package's file, put in the bundle as text (bundle.ts), as
  // the image holds no node_modules. `inline` names it as require.resolve finds it.
  'gateway/src/content/redoc-script.ts': { inline: 'redoc/bundles/redoc.standalone.js' },
  // proto-loader parses the contracts at start.
  'protos/src/index.ts': { files: ['protos/svc/v1', 'protos/grpc/health/v1'] },
  // The catalogue import: the CosIng extract and annexes.
  'services/library/src/sources.ts': { files: ['services/library/data/cosing_ingredients_2021-12-15.csv.gz', 'services/library/data/cosing_annex_II.csv', 'services/library/data/cosing_annex_III.csv', 'services/library/data/cosing_annex_IV.csv', 'services/library/data/cosing_annex_V.csv', 'services/library/data/cosing_annex_VI.csv'] },
  // The library's curated packs, read beside the module.
  'services/library/src/data/overlay.ts': {
    files: ['services/library/src/data/overlay.json', 'services/library/src/data/category-map.json', 'services/library/src/data/colour-names.json', 'services/library/src/data/vocabulary.json', 'services/library/src/data/fragrance-allergens.json'],
  },
  // The chassis is a secret: never in an image, mounted from a Secret at SVC_CHASSIS_FILE.
  'packages/chassis/src/chassis.ts': { never: 'the example chassis is the default of a checkout only; an image reads SVC_CHASSIS_FILE' },
  // Threads and the embedded database belong to the embedded start (npm start), not to a component.
  'packages/kit/src/thread.ts': { never: 'services on threads are the embedded start only' },
  'packages/kit/src/adapters/sql-pglite-thread.ts': { never: 'a compiled component runs on PostgreSQL (SVC_DATABASE_URL)' },
  // Reads /proc only (the ephemeral port range), not a file of ours.
  'packages/kit/src/ports.ts': { never: 'reads the kernel port range, nothing shipped' },
};

/** Third-party packages left out of the bundle (installed in the image instead). None: all bundle. */
export const EXTERNAL_PACKAGES: string[] = [];

/** Source text that reaches the file system: a module holding one must be in RUNTIME_FILES. */
export const READS_FILES = /import\.meta\.(?:url|dirname|filename)|readFileSync|readFile\(|new Worker\(/;

/** The files a component's image holds beside its bundle: those of the modules its bundle contains. */
export function filesOf(bundledModules: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const m of bundledModules) {
    const entry = RUNTIME_FILES[m];
    if (entry && 'files' in entry) for (const f of entry.files) out.add(f);
  }
  return [...out].sort();
}
