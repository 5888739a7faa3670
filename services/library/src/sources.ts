/**
 * Reads the reference data that travels with the service (services/library/data/, see its README)
 * and fingerprints it, so that a start can tell whether the database already holds this data.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import {
  loadCategoryMap,
  loadColourNames,
  loadFragranceAllergens,
  loadOverlay,
  loadVocabulary,
  type CategoryMap,
  type ColourNames,
  type FragranceAllergens,
  type Overlay,
  type Vocabulary,
} from './data/overlay';
import { ANNEXES, parseAnnex, type AnnexEntry } from './engine/annex';
import type { FullCosingRow } from './engine/catalogue';

export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../data/', import.meta.url));
export const COSING_FILE = 'cosing_ingredients_2021-12-15.csv.gz';
export const COSING_VINTAGE = '2021-12-15';
export const annexFile = (a: string): string => `cosing_annex_${a}.csv`;

/**
 * Bumped whenever the import's interpretation of the same files changes (parsing, flag rules,
 * name keys), so that a deploy with new logic re-imports even though the files did not change.
 */
// 3: members of the Annex III labelling entries (fragrance-allergens.json) are allergens with their allergenRef.
export const IMPORT_LOGIC_VERSION = 'library-import/3';

export interface Sources {
  cosing: FullCosingRow[];
  annexes: AnnexEntry[];
  overlay: Overlay;
  map: CategoryMap;
  colourNames: ColourNames;
  vocabulary: Vocabulary;
  allergens: FragranceAllergens;
  /** sha256 over the input files, the overlay, the category map and IMPORT_LOGIC_VERSION. */
  dataVersion: string;
  cosingVintage: string;
  /** Latest update_date found in the annex files (ISO date). */
  annexVintage: string | null;
  overlayVersion: string;
  categoryMapVersion: string;
}

export interface RawSources {
  files: { name: string; bytes: Buffer }[];
  overlay: Overlay;
  map: CategoryMap;
  colourNames: ColourNames;
  vocabulary: Vocabulary;
  allergens: FragranceAllergens;
}

/** Reads the files only; cheap enough to run at every start to compute the data version. */
export function readRawSources(
  dataDir = DEFAULT_DATA_DIR,
  override: { overlay?: Overlay | undefined; categoryMap?: CategoryMap | undefined } = {},
): RawSources {
  const names = [COSING_FILE, ...ANNEXES.map(annexFile)];
  const files = names.map((name) => ({ name, bytes: readFileSync(join(dataDir, name)) }));
  return { files, overlay: override.overlay ?? loadOverlay(), map: override.categoryMap ?? loadCategoryMap(), colourNames: loadColourNames(), vocabulary: loadVocabulary(), allergens: loadFragranceAllergens() };
}

export function dataVersionOf(raw: RawSources): string {
  const h = createHash('sha256').update(IMPORT_LOGIC_VERSION);
  for (const f of raw.files) h.update(`\u0000${f.name}\u0000`).update(f.bytes);
  h.update('\u0000overlay\u0000').update(JSON.stringify(raw.overlay));
  h.update('\u0000category-map\u0000').update(JSON.stringify(raw.map));
  h.update('\u0000colour-names\u0000').update(JSON.stringify(raw.colourNames));
  h.update('\u0000vocabulary\u0000').update(JSON.stringify(raw.vocabulary));
  h.update('\u0000fragrance-allergens\u0000').update(JSON.stringify(raw.allergens));
  return h.digest('hex');
}

/** Parses what readRawSources read: the slow part (≈ 1 s), done only when an import is due. */
export function parseSources(raw: RawSources): Sources {
  const file = (name: string): Buffer => {
    const f = raw.files.find((x) => x.name === name);
    if (!f) throw new Error(`library data file missing: ${name}`);
    return f.bytes;
  };
  const cosing = parse(gunzipSync(file(COSING_FILE)), { columns: true, bom: true, relax_column_count: true, skip_empty_lines: true }) as FullCosingRow[];
  const annexes = ANNEXES.flatMap((a) => parseAnnex(a, file(annexFile(a))));
  const annexVintage = annexes.reduce<string | null>((max, e) => (e.updated && (!max || e.updated > max) ? e.updated : max), null);
  return {
    cosing,
    annexes,
    overlay: raw.overlay,
    map: raw.map,
    colourNames: raw.colourNames,
    vocabulary: raw.vocabulary,
    allergens: raw.allergens,
    dataVersion: dataVersionOf(raw),
    cosingVintage: COSING_VINTAGE,
    annexVintage,
    overlayVersion: raw.overlay.version,
    categoryMapVersion: raw.map.version,
  };
}
