/**
 * The library's schema (`library`) and its start-up routine: DDL migrations, then the import of the
 * reference data when the database does not hold this data version yet. Both steps run under
 * advisory locks, so replicas starting together wait for one another instead of racing.
 */
import { migrate as runMigrations, type Migration, type Sql } from '@svc/kit';
import { importCatalogue, type ImportOptions, type ImportReport } from './import';
import { invalidateSearchIndex } from './store';

export const SCHEMA = 'library';

export const MIGRATIONS: readonly Migration[] = [
  {
    id: 1,
    name: 'catalogue, names, submissions, meta',
    sql: `
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- One row per ingredient the library serves: CosIng inventory, overlay-only entries and approved
-- submissions. Replaced wholesale by an import of a new data version (approved submissions are
-- re-added from library.submissions), so nothing outside this schema keeps its ids.
CREATE TABLE library.ingredients (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  inci text NOT NULL,
  nkey text NOT NULL UNIQUE,
  source text NOT NULL CHECK (source IN ('cosing', 'overlay', 'submission')),
  cosing_ref text,
  submission_id bigint,
  -- Has an overlay entry: its names outrank uncurated inventory names when resolving.
  curated boolean NOT NULL DEFAULT false,
  c text NOT NULL,
  up double precision,
  ionic text,
  valence smallint,
  as_acid double precision,
  us_name text,
  fn text[] NOT NULL DEFAULT '{}',
  cas text,
  refs text[] NOT NULL DEFAULT '{}',
  allergen boolean NOT NULL DEFAULT false,
  colourant boolean NOT NULL DEFAULT false,
  uv_filter boolean NOT NULL DEFAULT false,
  prohibited boolean NOT NULL DEFAULT false,
  nano boolean NOT NULL DEFAULT false,
  common smallint NOT NULL DEFAULT 0
);

-- Every name an ingredient answers to (INCI, synonyms, INN/Ph. Eur., trade names, CAS numbers)
-- with its two matching keys (engine/keys.ts). common and inci are copied from the ingredient so
-- that ranking a search needs no join until the page of 10 is known.
CREATE TABLE library.names (
  ingredient_id integer NOT NULL REFERENCES library.ingredients (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('inci', 'synonym', 'inn', 'trade', 'cas')),
  name text NOT NULL,
  nkey text NOT NULL,
  wkey text NOT NULL,
  common smallint NOT NULL DEFAULT 0,
  inci text NOT NULL,
  PRIMARY KEY (ingredient_id, kind, nkey)
);
CREATE INDEX names_nkey ON library.names (nkey);
CREATE INDEX names_wkey_trgm ON library.names USING gin (wkey gin_trgm_ops);

-- Proposals of ingredients the library lacks. One row per account and name: a repeat merges.
CREATE TABLE library.submissions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id text NOT NULL,
  inci text NOT NULL,
  nkey text NOT NULL,
  cas text,
  functions text[] NOT NULL DEFAULT '{}',
  note text,
  count integer NOT NULL DEFAULT 1,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  UNIQUE (account_id, nkey)
);
CREATE INDEX submissions_status ON library.submissions (status, updated_at);

-- What the catalogue was built from (one row).
CREATE TABLE library.meta (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  data_version text NOT NULL,
  cosing_vintage text NOT NULL,
  annex_vintage text,
  overlay_version text NOT NULL,
  category_map_version text NOT NULL,
  ingredients integer NOT NULL,
  names integer NOT NULL,
  loaded_at timestamptz NOT NULL DEFAULT now()
)`,
  },
  {
    id: 2,
    name: 'idempotent submissions',
    sql: `
-- A submission sent with an Idempotency-Key: a retry with the same key and body replays the first
-- answer instead of merging again (an answer lost on the way back must be safe to retry).
CREATE TABLE library.submission_requests (
  account_id text NOT NULL,
  idem_key text NOT NULL,
  body_hash text NOT NULL,
  submission_id bigint NOT NULL REFERENCES library.submissions (id) ON DELETE CASCADE,
  merged boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, idem_key)
);
CREATE INDEX submission_requests_created ON library.submission_requests (created_at)`,
  },
  {
    id: 3,
    name: 'allergen entry of an ingredient',
    sql: `
-- The Annex III labelling entry an allergen belongs to (fragrance-allergens.json): members of one
-- entry are summed against the labelling threshold. Filled by the import of data version
-- library-import/3, which this migration's deploy brings.
ALTER TABLE library.ingredients ADD COLUMN allergen_ref text`,
  },
];

export interface MigrateReport {
  /** Ids of the DDL migrations applied by this call. */
  applied: number[];
  import: ImportReport;
}

/**
 * Brings the schema and the catalogue up to date. Idempotent: a second call applies nothing and
 * imports nothing; a new data version (files, overlay, category map or import logic changed)
 * re-imports in place, in one transaction, so readers see the old catalogue until it commits.
 */
export async function migrate(sql: Sql, log?: (msg: string) => void, opts: Omit<ImportOptions, 'log'> = {}): Promise<MigrateReport> {
  const applied = await runMigrations(sql, SCHEMA, MIGRATIONS);
  if (applied.length > 0) log?.(`library: schema migrations applied: ${applied.join(', ')}`);
  const report = await importCatalogue(sql, { ...opts, log });
  if (report.imported) invalidateSearchIndex(sql);
  return { applied, import: report };
}
