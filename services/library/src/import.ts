/**
 * Loads the catalogue into the library schema when the database does not hold the current data
 * version. One transaction under an advisory lock: concurrent starters wait, then find the work
 * done; a failed import leaves the previous catalogue in place.
 */
import { createHash } from 'node:crypto';
import type { Sql, SqlTx } from '@svc/kit';
import { categoryFromFunctions, type CategoryMap, type Overlay } from './data/overlay';
import { buildCatalogue, type CatalogueEntry } from './engine/catalogue';
import { normaliseName, wordKey } from './engine/keys';
import { dataVersionOf, DEFAULT_DATA_DIR, parseSources, readRawSources, type RawSources } from './sources';

export interface ImportOptions {
  /** Directory holding the CosIng files (default: services/library/data). */
  dataDir?: string;
  /** Overlay and category map to use instead of the files next to overlay.ts (tests). */
  overlay?: Overlay;
  categoryMap?: CategoryMap;
  log?: ((msg: string) => void) | undefined;
}

export interface ImportReport {
  imported: boolean;
  dataVersion: string;
  ingredients: number;
  names: number;
  ms: number;
}

const IMPORT_LOCK = createHash('sha256').update('svc-import:library').digest().readBigInt64BE(0).toString();
/** Rows per INSERT: one jsonb parameter each, large enough that round trips do not dominate. */
const BATCH = 4000;

export function rawSourcesFor(opts: ImportOptions): RawSources {
  return readRawSources(opts.dataDir ?? DEFAULT_DATA_DIR, { overlay: opts.overlay, categoryMap: opts.categoryMap });
}

export async function importCatalogue(sql: Sql, opts: ImportOptions = {}): Promise<ImportReport> {
  const t0 = performance.now();
  const log = opts.log ?? (() => {});
  const raw = rawSourcesFor(opts);
  const dataVersion = dataVersionOf(raw);
  const current = await currentDataVersion(sql);
  if (current === dataVersion) return { imported: false, dataVersion, ...(await counts(sql)), ms: performance.now() - t0 };

  return sql.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [IMPORT_LOCK]);
    // Another replica may have finished the same import while this one waited for the lock.
    const again = await tx.query<{ data_version: string }>('SELECT data_version FROM library.meta');
    if (again.rows[0]?.data_version === dataVersion) {
      return { imported: false, dataVersion, ...(await counts(tx)), ms: performance.now() - t0 };
    }
    log(`library: importing reference data (version ${dataVersion.slice(0, 12)}, was ${current ? current.slice(0, 12) : 'empty'})`);
    const src = parseSources(raw);
    const { entries, unmatchedAnnexEntries } = buildCatalogue(src);
    log(`library: parsed ${src.cosing.length} CosIng rows and ${src.annexes.length} annex entries (${unmatchedAnnexEntries} name no inventory ingredient) into ${entries.length} ingredients in ${ms(t0)}`);

    // DELETE rather than TRUNCATE: ingredients stay readable (the search index's freshness check)
    // until commit. The trigram index is rebuilt once at the end rather than maintained row by row,
    // which takes a third off the import; meanwhile only readers of library.names wait.
    await tx.query('DROP INDEX IF EXISTS library.names_wkey_trgm');
    await tx.query('DELETE FROM library.names');
    await tx.query('DELETE FROM library.ingredients');
    let nNames = 0;
    for (let i = 0; i < entries.length; i += BATCH) {
      const chunk = entries.slice(i, i + BATCH);
      await insertIngredients(tx, chunk);
      nNames += await insertNames(tx, chunk);
      log(`library: imported ${Math.min(i + BATCH, entries.length)}/${entries.length} ingredients (${ms(t0)})`);
    }
    await tx.query('CREATE INDEX names_wkey_trgm ON library.names USING gin (wkey gin_trgm_ops)');
    const readded = await restoreApprovedSubmissions(tx, src.map);
    if (readded > 0) log(`library: re-added ${readded} approved submissions`);
    const total = await counts(tx);
    await tx.query(
      `INSERT INTO library.meta (singleton, data_version, cosing_vintage, annex_vintage, overlay_version, category_map_version, ingredients, names, loaded_at)
       VALUES (true, $1, $2, $3, $4, $5, $6, $7, now())
       ON CONFLICT (singleton) DO UPDATE SET data_version = EXCLUDED.data_version, cosing_vintage = EXCLUDED.cosing_vintage,
         annex_vintage = EXCLUDED.annex_vintage, overlay_version = EXCLUDED.overlay_version,
         category_map_version = EXCLUDED.category_map_version, ingredients = EXCLUDED.ingredients,
         names = EXCLUDED.names, loaded_at = EXCLUDED.loaded_at`,
      [dataVersion, src.cosingVintage, src.annexVintage, src.overlayVersion, src.categoryMapVersion, total.ingredients, total.names],
    );
    await tx.query('ANALYZE library.ingredients');
    await tx.query('ANALYZE library.names');
    log(`library: catalogue ready: ${total.ingredients} ingredients, ${nNames} names, in ${ms(t0)}`);
    return { imported: true, dataVersion, ...total, ms: performance.now() - t0 };
  });
}

const ms = (t0: number): string => `${Math.round(performance.now() - t0)} ms`;

async function currentDataVersion(sql: Sql): Promise<string | null> {
  const r = await sql.query<{ data_version: string }>('SELECT data_version FROM library.meta');
  return r.rows[0]?.data_version ?? null;
}

async function counts(q: Pick<SqlTx, 'query'>): Promise<{ ingredients: number; names: number }> {
  const r = await q.query<{ ingredients: number; names: number }>(
    'SELECT (SELECT count(*)::int FROM library.ingredients) AS ingredients, (SELECT count(*)::int FROM library.names) AS names',
  );
  return r.rows[0] ?? { ingredients: 0, names: 0 };
}

async function insertIngredients(tx: SqlTx, chunk: readonly CatalogueEntry[]): Promise<void> {
  const rows = chunk.map((e) => {
    const f = e.facts;
    return {
      inci: f.inci,
      nkey: normaliseName(f.inci),
      source: e.cosingRef === null ? 'overlay' : 'cosing',
      cosing_ref: e.cosingRef,
      curated: e.curated,
      c: f.c,
      up: f.up,
      ionic: f.ionic,
      valence: f.valence,
      as_acid: f.asAcid,
      us_name: f.usName,
      fn: f.fn,
      cas: f.cas,
      refs: f.refs,
      allergen: f.allergen,
      allergen_ref: f.allergenRef,
      colourant: f.colourant,
      uv_filter: f.uvFilter,
      prohibited: f.prohibited,
      nano: f.nano,
      common: f.common,
    };
  });
  await tx.query(
    `INSERT INTO library.ingredients (inci, nkey, source, cosing_ref, curated, c, up, ionic, valence, as_acid, us_name, fn, cas, refs,
       allergen, allergen_ref, colourant, uv_filter, prohibited, nano, common)
     SELECT inci, nkey, source, cosing_ref, curated, c, up, ionic, valence, as_acid, us_name, fn, cas, refs,
       allergen, allergen_ref, colourant, uv_filter, prohibited, nano, common
     FROM jsonb_to_recordset($1::jsonb) AS x(inci text, nkey text, source text, cosing_ref text, curated boolean, c text, up double precision,
       ionic text, valence smallint, as_acid double precision, us_name text, fn text[], cas text, refs text[],
       allergen boolean, allergen_ref text, colourant boolean, uv_filter boolean, prohibited boolean, nano boolean, common smallint)`,
    [JSON.stringify(rows)],
  );
}

async function insertNames(tx: SqlTx, chunk: readonly CatalogueEntry[]): Promise<number> {
  const rows: { ikey: string; kind: string; name: string; nkey: string; wkey: string }[] = [];
  for (const e of chunk) {
    const ikey = normaliseName(e.facts.inci);
    for (const n of e.names) rows.push({ ikey, kind: n.kind, name: n.name, nkey: normaliseName(n.name), wkey: wordKey(n.name) });
  }
  const r = await tx.query(
    `INSERT INTO library.names (ingredient_id, kind, name, nkey, wkey, common, inci)
     SELECT i.id, x.kind, x.name, x.nkey, x.wkey, i.common, i.inci
     FROM jsonb_to_recordset($1::jsonb) AS x(ikey text, kind text, name text, nkey text, wkey text)
     JOIN library.ingredients i ON i.nkey = x.ikey
     ON CONFLICT DO NOTHING`,
    [JSON.stringify(rows)],
  );
  return r.rowCount;
}

/**
 * Approved submissions are part of the catalogue but live in library.submissions, so a re-import
 * adds back those the new data does not already contain.
 */
export async function restoreApprovedSubmissions(tx: SqlTx, map: CategoryMap): Promise<number> {
  const r = await tx.query<{ id: number; inci: string; nkey: string; cas: string | null; functions: string[] }>(
    `SELECT s.id, s.inci, s.nkey, s.cas, s.functions FROM library.submissions s
     WHERE s.status = 'approved' AND NOT EXISTS (SELECT 1 FROM library.ingredients i WHERE i.nkey = s.nkey)
     ORDER BY s.decided_at, s.id`,
  );
  let n = 0;
  for (const s of r.rows) if (await insertSubmittedIngredient(tx, s, map)) n++;
  return n;
}

/** Inserts an approved submission as an ingredient with its names; false when the name exists. */
export async function insertSubmittedIngredient(
  tx: SqlTx,
  s: { id: number; inci: string; cas: string | null; functions: string[] },
  map: CategoryMap,
): Promise<boolean> {
  const inci = normaliseName(s.inci);
  const c = categoryFromFunctions(s.functions, map, { inci });
  const ins = await tx.query<{ id: number }>(
    `INSERT INTO library.ingredients (inci, nkey, source, submission_id, c, fn, cas)
     VALUES ($1, $1, 'submission', $2, $3, $4::text[], $5)
     ON CONFLICT (nkey) DO NOTHING RETURNING id`,
    [inci, s.id, c, s.functions.map((f) => f.toUpperCase()), s.cas],
  );
  const id = ins.rows[0]?.id;
  if (id === undefined) return false;
  const names = [{ kind: 'inci', name: inci }, ...(s.cas ? [{ kind: 'cas', name: s.cas }] : [])];
  for (const n of names) {
    await tx.query(
      `INSERT INTO library.names (ingredient_id, kind, name, nkey, wkey, common, inci) VALUES ($1, $2, $3, $4, $5, 0, $6) ON CONFLICT DO NOTHING`,
      [id, n.kind, n.name, normaliseName(n.name), wordKey(n.name), inci],
    );
  }
  return true;
}
