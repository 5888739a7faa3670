/**
 * The library's queries: search, name resolution, facts by INCI, submissions and the data vintage.
 * Transport-free: the gRPC and HTTP layers call these with an `Sql` and map the results.
 *
 * Search, resolution and facts are served from an in-memory index of the catalogue (see
 * engine/search-index.ts for why); submissions and the index's source rows live in PostgreSQL.
 * Every value from a caller travels as a query parameter; LIKE patterns are built from the word key
 * (letters, digits and spaces only) and escaped all the same.
 */
import { createHash } from 'node:crypto';
import { problemsOf, type Category, type IngredientFacts, type Ionic, type Resolution } from '@svc/formula';
import { SvcError, type Sql, type SqlTx } from '@svc/kit';
import { loadCategoryMap, type CategoryMap } from './data/overlay';
import { insertSubmittedIngredient } from './import';
import { escapeLike, isCas, normaliseName, queryKeys, stripControls, wordKey } from './engine/keys';
import { NAME_KINDS, type NameKind } from './engine/catalogue';
import { resolveWithIndex } from './engine/resolve';
export { SUGGESTIONS } from './engine/resolve';
import { FUZZY_MIN_CHARS, MAX_QUERY_CHARS, SearchIndex, TIERS, type Tier } from './engine/search-index';
import { SubmissionSchema, type Decision, type SubmissionStatus } from './engine/submission';

type Query = Pick<SqlTx, 'query'>;

// ---------------------------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------------------------

/** Public fields of a search result (domain.md section 1); nothing internal. */
export interface SearchResult {
  n: string;
  c: Category;
  up: number | null;
  fn: string[];
  cas: string | null;
  refs: string[];
  allergen: boolean;
  nano: boolean;
}

export interface SearchPage {
  total: number;
  results: SearchResult[];
}

export const SEARCH_LIMIT = 10;

/**
 * The same search in SQL with pg_trgm: the reference the in-memory index is tested against, and a
 * way to ask the database directly (psql, operators). Too slow for the request path: see
 * engine/search-index.ts.
 */
const SEARCH_SQL = `
WITH hits AS (
  SELECT n.ingredient_id, n.common, n.inci, n.kind,
    CASE
      WHEN n.kind = 'cas' THEN CASE WHEN n.nkey = $1 THEN 4 END
      WHEN n.nkey = $1 OR n.wkey = $2 THEN 0
      WHEN n.wkey LIKE $3 THEN 1
      WHEN n.wkey LIKE $4 THEN 2
      WHEN n.wkey % $5 THEN 3
    END AS tier,
    CASE WHEN $5::text IS NULL OR n.kind = 'cas' THEN 0 ELSE similarity(n.wkey, $5) END AS sim
  FROM library.names n
  WHERE n.nkey = $1 OR n.wkey LIKE $4 OR n.wkey % $5
), best AS (
  SELECT ingredient_id, min(tier * 8 + array_position($7::text[], kind)) AS score, max(sim) AS sim, max(common) AS common, min(inci) AS inci
  FROM hits WHERE tier IS NOT NULL
  GROUP BY ingredient_id
), page AS (
  SELECT ingredient_id, score / 8 AS tier, score % 8 AS kind, sim, common, inci, count(*) OVER () AS total
  FROM best
  ORDER BY score / 8, CASE WHEN score / 8 = 3 THEN -sim ELSE 0 END, common DESC, score % 8, length(inci), inci COLLATE "C"
  LIMIT $6
)
SELECT p.total::int AS total, p.tier::int AS tier, i.inci AS n, i.c, i.up, i.fn, i.cas, i.refs, i.allergen, i.nano
FROM page p JOIN library.ingredients i ON i.id = p.ingredient_id
ORDER BY p.tier, CASE WHEN p.tier = 3 THEN -p.sim ELSE 0 END, p.common DESC, p.kind, length(p.inci), p.inci COLLATE "C"`;

export interface SearchOptions {
  /** Results per page, at most SEARCH_LIMIT. */
  limit?: number;
}

const pageSize = (limit: number | undefined): number => Math.max(1, Math.min(SEARCH_LIMIT, Math.floor(limit ?? SEARCH_LIMIT) || SEARCH_LIMIT));

/**
 * Case- and accent-insensitive search over INCI names, synonyms, INN/Ph. Eur. names, trade names
 * and CAS numbers: exact, prefix, word prefix, fuzzy (trigram), CAS number; see SearchIndex.search
 * for the order within a tier. `total` counts every matching ingredient. Served from the in-memory
 * index of this `sql` (loaded on first use, reloaded when the catalogue changes). Safe for any
 * string: it throws only when the database fails.
 */
export async function search(sql: Sql, q: string, opts: SearchOptions = {}): Promise<SearchPage> {
  const index = await searchIndex(sql);
  const page = index.search(q, pageSize(opts.limit));
  return { total: page.total, results: page.hits.map((h) => publicResult(h.facts)) };
}

/** search() with each result's tier, for tests and the quality report. */
export async function searchExplained(sql: Sql, q: string, opts: SearchOptions = {}): Promise<SearchPage & { tiers: Tier[] }> {
  const page = (await searchIndex(sql)).search(q, pageSize(opts.limit));
  return { total: page.total, results: page.hits.map((h) => publicResult(h.facts)), tiers: page.hits.map((h) => h.tier) };
}

/** The search in SQL with pg_trgm (see SEARCH_SQL). */
export async function searchSql(sql: Query, q: string, opts: SearchOptions = {}): Promise<SearchPage & { tiers: Tier[] }> {
  const text = stripControls(typeof q === 'string' ? q : '').slice(0, MAX_QUERY_CHARS);
  const { exact, words } = queryKeys(text);
  if (exact.length === 0) return { total: 0, results: [], tiers: [] };
  const hasWords = words.length > 0;
  const fuzzy = hasWords && words.replace(/ /g, '').length >= FUZZY_MIN_CHARS && !isCas(exact) ? words : null;
  const r = await sql.query<SearchResult & { total: number; tier: number }>(SEARCH_SQL, [
    exact,
    hasWords ? ` ${words} ` : null,
    hasWords ? ` ${escapeLike(words)}%` : null,
    hasWords ? `% ${escapeLike(words)}%` : null,
    fuzzy,
    pageSize(opts.limit),
    NAME_KINDS,
  ]);
  return { total: r.rows[0]?.total ?? 0, results: r.rows.map(publicResult), tiers: r.rows.map((x) => TIERS[x.tier] ?? 'fuzzy') };
}

const publicResult = (r: Pick<IngredientFacts, 'c' | 'up' | 'fn' | 'cas' | 'refs' | 'allergen' | 'nano'> & ({ n: string } | { inci: string })): SearchResult => ({
  n: 'n' in r ? r.n : r.inci,
  c: r.c,
  up: r.up,
  fn: r.fn,
  cas: r.cas,
  refs: r.refs,
  allergen: r.allergen,
  nano: r.nano,
});

// ---------------------------------------------------------------------------------------------
// The in-memory index and its freshness
// ---------------------------------------------------------------------------------------------

/** How often a request may ask the database whether the catalogue changed. */
export const FRESHNESS_CHECK_MS = 1_000;

interface CachedIndex {
  index: SearchIndex;
  signature: string;
  checkedAt: number;
}

interface IndexSlot {
  current: CachedIndex | null;
  pending: Promise<void> | null;
  /** Set when this process changed the catalogue: the next caller waits for the new index. */
  mustReload: boolean;
}

const indexes = new WeakMap<object, IndexSlot>();

/**
 * What identifies a catalogue: its data version and its highest ingredient id. An import changes
 * the first; an approved submission adds a row and so raises the second.
 */
async function signatureOf(sql: Query): Promise<string> {
  const r = await sql.query<{ v: string | null; m: number | null }>(
    'SELECT (SELECT data_version FROM library.meta) AS v, (SELECT max(id) FROM library.ingredients) AS m',
  );
  const row = r.rows[0];
  return `${row?.v ?? ''}:${row?.m ?? 0}`;
}

/**
 * Loads the whole catalogue into a SearchIndex. The rows travel as one JSON document per table:
 * PGlite decodes 76,000 rows field by field in about 1.6 s, one JSON text in about 0.3 s.
 */
export async function loadSearchIndex(sql: Query): Promise<SearchIndex> {
  const ings = await sql.query<{ j: string }>(
    `SELECT coalesce(json_agg(json_build_array(i.id, i.curated, ${FACT_COLUMNS})), '[]')::text AS j FROM library.ingredients i`,
  );
  const names = await sql.query<{ j: string }>(
    `SELECT coalesce(json_agg(json_build_array(ingredient_id, kind, nkey, wkey)), '[]')::text AS j FROM library.names`,
  );
  type IngTuple = [number, boolean, string, string | null, Category, number | null, Ionic | null, number | null, number | null, string[], string[], string | null, boolean, string | null, boolean, boolean, boolean, boolean, number];
  const ingRows = JSON.parse(ings.rows[0]?.j ?? '[]') as IngTuple[];
  const nameRows = JSON.parse(names.rows[0]?.j ?? '[]') as [number, NameKind, string, string][];
  return new SearchIndex(
    ingRows.map(([id, curated, inci, us_name, c, up, ionic, valence, as_acid, refs, fn, cas, allergen, allergen_ref, colourant, uv_filter, prohibited, nano, common]) => ({
      id,
      curated,
      facts: toFacts({ inci, us_name, c, up, ionic, valence, as_acid, refs, fn, cas, allergen, allergen_ref, colourant, uv_filter, prohibited, nano, common }),
    })),
    nameRows.map(([ingredientId, kind, nkey, wkey]) => ({ ingredientId, kind, nkey, wkey })),
  );
}

/**
 * The index for this `sql`. The first call loads it; afterwards at most one cheap signature query
 * per FRESHNESS_CHECK_MS runs in the background while requests keep using the index they have, and
 * a changed catalogue (another replica approved a submission, a new data version) is reloaded the
 * same way. A change made by this process (invalidateSearchIndex) is waited for instead, so that
 * an approval here is searchable at once.
 */
export async function searchIndex(sql: Sql): Promise<SearchIndex> {
  let slot = indexes.get(sql);
  if (!slot) indexes.set(sql, (slot = { current: null, pending: null, mustReload: false }));
  const s = slot;
  const refresh = (): Promise<void> => {
    s.pending ??= (async () => {
      try {
        const signature = await signatureOf(sql);
        const cur = s.current;
        if (cur && cur.signature === signature && !s.mustReload) {
          cur.checkedAt = Date.now();
          return;
        }
        s.mustReload = false;
        s.current = { index: await loadSearchIndex(sql), signature, checkedAt: Date.now() };
      } finally {
        s.pending = null;
      }
    })();
    return s.pending;
  };
  const cur = s.current;
  if (cur && !s.mustReload) {
    if (Date.now() - cur.checkedAt >= FRESHNESS_CHECK_MS && !s.pending) {
      // A failed check keeps the index in service and is retried a second later.
      refresh().catch(() => {
        if (s.current) s.current.checkedAt = Date.now();
      });
    }
    return cur.index;
  }
  // A refresh already under way may have read the catalogue before this process changed it.
  do await refresh();
  while (s.mustReload || !s.current);
  return s.current.index;
}

/** After this process changed the catalogue (approval, import): the next search waits for a reload. */
export function invalidateSearchIndex(sql: Sql): void {
  const slot = indexes.get(sql);
  if (slot) slot.mustReload = true;
}

// ---------------------------------------------------------------------------------------------
// Facts and resolution
// ---------------------------------------------------------------------------------------------

interface IngredientRow {
  inci: string;
  us_name: string | null;
  c: Category;
  up: number | null;
  ionic: Ionic | null;
  valence: number | null;
  as_acid: number | null;
  refs: string[];
  fn: string[];
  cas: string | null;
  allergen: boolean;
  allergen_ref: string | null;
  colourant: boolean;
  uv_filter: boolean;
  prohibited: boolean;
  nano: boolean;
  common: number;
}

const FACT_COLUMNS = `i.inci, i.us_name, i.c, i.up, i.ionic, i.valence, i.as_acid, i.refs, i.fn, i.cas,
  i.allergen, i.allergen_ref, i.colourant, i.uv_filter, i.prohibited, i.nano, i.common`;

const toFacts = (r: IngredientRow): IngredientFacts => ({
  inci: r.inci,
  usName: r.us_name,
  c: r.c,
  up: r.up,
  ionic: r.ionic,
  valence: r.valence,
  asAcid: r.as_acid,
  refs: r.refs,
  fn: r.fn,
  cas: r.cas,
  allergen: r.allergen,
  allergenRef: r.allergen_ref,
  colourant: r.colourant,
  uvFilter: r.uv_filter,
  prohibited: r.prohibited,
  nano: r.nano,
  common: r.common,
});

/** Facts of the ingredient with this canonical INCI name (case, accents and spacing ignored). */
export async function getFacts(sql: Sql, inci: string): Promise<IngredientFacts | null> {
  if (typeof inci !== 'string') return null;
  return (await searchIndex(sql)).byInci(normaliseName(stripControls(inci)));
}

/** Resolves the names of a formula at once (engine/resolve.ts holds the rule). */
export async function resolve(sql: Sql, names: readonly string[]): Promise<Map<string, Resolution>> {
  return resolveWithIndex(await searchIndex(sql), names);
}

// ---------------------------------------------------------------------------------------------
// Submissions
// ---------------------------------------------------------------------------------------------

export interface StoredSubmission {
  id: number;
  accountId: string;
  inci: string;
  cas: string | null;
  functions: string[];
  note: string | null;
  /** How many times this account submitted this name. */
  count: number;
  status: SubmissionStatus;
  reason: string | null;
  createdAt: string;
  updatedAt: string;
  decidedAt: string | null;
}

interface SubmissionRow {
  id: number | string;
  account_id: string;
  inci: string;
  cas: string | null;
  functions: string[];
  note: string | null;
  count: number;
  status: SubmissionStatus;
  reason: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  decided_at: Date | string | null;
}

const iso = (v: Date | string | null): string | null => (v === null ? null : v instanceof Date ? v.toISOString() : new Date(v).toISOString());

const toSubmission = (r: SubmissionRow): StoredSubmission => ({
  id: Number(r.id),
  accountId: r.account_id,
  inci: r.inci,
  cas: r.cas,
  functions: r.functions,
  note: r.note,
  count: r.count,
  status: r.status,
  reason: r.reason,
  createdAt: iso(r.created_at) ?? '',
  updatedAt: iso(r.updated_at) ?? '',
  decidedAt: iso(r.decided_at),
});

const SUBMISSION_COLUMNS = 'id, account_id, inci, cas, functions, note, count, status, reason, created_at, updated_at, decided_at';

export interface SubmitResult {
  submission: StoredSubmission;
  /** True when this call merged into an earlier submission of the same name by the same account. */
  merged: boolean;
  /** The INCI name of the library entry the name already resolves to, if any. */
  existing: string | null;
}

/** How long a submission's Idempotency-Key is remembered. */
export const IDEMPOTENCY_KEEP_HOURS = 24;

/**
 * Stores a proposal for review. Validated by SubmissionSchema (SvcError invalid_request with field
 * problems otherwise). The same account proposing the same name again merges into one row: the
 * count grows, the latest note and CAS win, functions accumulate (at most 10), and a rejected
 * proposal goes back to pending review.
 *
 * With an idempotency key, the proposal and the key are written in one transaction: a retry of the
 * same key and body (say after an answer lost to a timeout) replays the first answer without
 * merging again, and the same key with another body is refused (idempotency_mismatch). A retry
 * that races the first waits for it on the key's row.
 */
/**
 * `callerGone`: whether the caller stopped waiting (its deadline passed). Checked last, inside the
 * transaction: a caller that was answered 503 for a slow write finds nothing stored, so its retry
 * without an Idempotency-Key does not store the proposal twice.
 */
export async function submit(sql: Sql, accountId: string, input: unknown, idempotencyKey?: string, callerGone: () => boolean = () => false): Promise<SubmitResult> {
  if (typeof accountId !== 'string' || accountId.length === 0 || accountId.length > 200) {
    throw SvcError.invalid('account id is required');
  }
  const parsed = SubmissionSchema.safeParse(input);
  if (!parsed.success) throw SvcError.invalid('invalid submission', problemsOf(parsed.error));
  const s = parsed.data;
  const nkey = normaliseName(s.inci);
  const row = await sql.transaction(async (tx) => {
    const saved = idempotencyKey ? await submitOnce(tx, accountId, s, nkey, idempotencyKey) : await upsertSubmission(tx, accountId, s, nkey);
    if (callerGone()) throw SvcError.deadlineExceeded('the caller stopped waiting; nothing was stored');
    return saved;
  });
  const existing = await resolve(sql, [s.inci]);
  const hit = existing.get(nkey);
  return { submission: toSubmission(row), merged: row.merged, existing: hit?.matched ? hit.facts.inci : null };
}

type Proposal = ReturnType<typeof SubmissionSchema.parse>;

async function upsertSubmission(q: Query, accountId: string, s: Proposal, nkey: string): Promise<SubmissionRow & { merged: boolean }> {
  const r = await q.query<SubmissionRow & { merged: boolean }>(
    `INSERT INTO library.submissions AS t (account_id, inci, nkey, cas, functions, note)
     VALUES ($1, $2, $3, $4, $5::text[], $6)
     ON CONFLICT (account_id, nkey) DO UPDATE SET
       count = t.count + 1,
       inci = EXCLUDED.inci,
       cas = COALESCE(EXCLUDED.cas, t.cas),
       functions = (SELECT coalesce(array_agg(f ORDER BY o), '{}') FROM (
         SELECT f, min(o) AS o FROM unnest(t.functions || EXCLUDED.functions) WITH ORDINALITY AS u(f, o) GROUP BY f ORDER BY min(o) LIMIT 10) z),
       note = COALESCE(EXCLUDED.note, t.note),
       status = CASE WHEN t.status = 'rejected' THEN 'pending' ELSE t.status END,
       reason = CASE WHEN t.status = 'rejected' THEN NULL ELSE t.reason END,
       decided_at = CASE WHEN t.status = 'rejected' THEN NULL ELSE t.decided_at END,
       updated_at = now()
     RETURNING ${SUBMISSION_COLUMNS}, (xmax::text <> '0') AS merged`,
    [accountId, s.inci, nkey, s.cas ?? null, s.functions ?? [], s.note && s.note.length > 0 ? s.note : null],
  );
  const row = r.rows[0];
  if (!row) throw new Error('submission insert returned no row');
  return row;
}

async function submitOnce(tx: SqlTx, accountId: string, s: Proposal, nkey: string, key: string): Promise<SubmissionRow & { merged: boolean }> {
  const bodyHash = createHash('sha256').update(JSON.stringify([s.inci, s.cas ?? null, s.functions ?? [], s.note ?? null])).digest('hex');
  await tx.query(`DELETE FROM library.submission_requests WHERE account_id = $1 AND created_at < now() - make_interval(hours => $2)`, [accountId, IDEMPOTENCY_KEEP_HOURS]);
  // Retries of one key wait here for the first to commit, so two of them never both merge.
  await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`submission:${accountId}:${key}`]);
  const seen = await tx.query<{ body_hash: string; submission_id: number; merged: boolean }>(
    `SELECT body_hash, submission_id, merged FROM library.submission_requests WHERE account_id = $1 AND idem_key = $2`,
    [accountId, key],
  );
  const prior = seen.rows[0];
  if (prior) {
    if (prior.body_hash !== bodyHash) {
      throw SvcError.failed('idempotency_mismatch', 'this Idempotency-Key was used with another body; use a new key for a new request', { field: 'Idempotency-Key' });
    }
    const r = await tx.query<SubmissionRow>(`SELECT ${SUBMISSION_COLUMNS} FROM library.submissions WHERE id = $1`, [prior.submission_id]);
    const row = r.rows[0];
    if (row) return { ...row, merged: prior.merged };
  }
  const row = await upsertSubmission(tx, accountId, s, nkey);
  await tx.query(
    `INSERT INTO library.submission_requests (account_id, idem_key, body_hash, submission_id, merged) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (account_id, idem_key) DO UPDATE SET body_hash = EXCLUDED.body_hash, submission_id = EXCLUDED.submission_id, merged = EXCLUDED.merged, created_at = now()`,
    [accountId, key, bodyHash, row.id, row.merged],
  );
  return row;
}

export interface ListOptions {
  status?: SubmissionStatus;
  accountId?: string;
  limit?: number;
}

export interface SubmissionPage {
  submissions: StoredSubmission[];
  /** Every submission the filter matches, on all pages. */
  total: number;
  /** Pass back as `cursor` for the next page; null on the last one. */
  next: string | null;
}

/**
 * One page of submissions, newest first, by a cursor (the last id seen), so that rows added while a
 * caller pages through never shift a page; `total` counts every match.
 */
export async function submissionPage(sql: Query, opts: ListOptions & { cursor?: string } = {}): Promise<SubmissionPage> {
  const limit = Math.max(1, Math.min(100, Math.floor(opts.limit ?? 50)));
  const before = opts.cursor ? Number(opts.cursor) : null;
  if (before !== null && !(Number.isSafeInteger(before) && before > 0)) throw SvcError.invalid('cursor: must be a cursor from an earlier page', [{ field: 'cursor', message: 'must be a cursor from an earlier page' }]);
  const args = [opts.status ?? null, opts.accountId ?? null];
  const [rows, count] = await Promise.all([
    sql.query<SubmissionRow>(
      `SELECT ${SUBMISSION_COLUMNS} FROM library.submissions
       WHERE ($1::text IS NULL OR status = $1) AND ($2::text IS NULL OR account_id = $2) AND ($3::bigint IS NULL OR id < $3)
       ORDER BY id DESC LIMIT $4`,
      [...args, before, limit + 1],
    ),
    sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM library.submissions WHERE ($1::text IS NULL OR status = $1) AND ($2::text IS NULL OR account_id = $2)`, args),
  ]);
  const more = rows.rows.length > limit;
  const page = rows.rows.slice(0, limit).map(toSubmission);
  return { submissions: page, total: count.rows[0]?.n ?? 0, next: more && page.length ? String(page[page.length - 1]!.id) : null };
}

/** Submissions for review, most recently touched first. */
export async function listSubmissions(sql: Query, opts: ListOptions = {}): Promise<StoredSubmission[]> {
  const limit = Math.max(1, Math.min(1000, Math.floor(opts.limit ?? 100)));
  const r = await sql.query<SubmissionRow>(
    `SELECT ${SUBMISSION_COLUMNS} FROM library.submissions
     WHERE ($1::text IS NULL OR status = $1) AND ($2::text IS NULL OR account_id = $2)
     ORDER BY updated_at DESC, id DESC LIMIT $3`,
    [opts.status ?? null, opts.accountId ?? null, limit],
  );
  return r.rows.map(toSubmission);
}

export interface DecideResult {
  submission: StoredSubmission;
  /** True when this decision added the ingredient to the catalogue (publish svc.library.updated). */
  added: boolean;
}

/**
 * An operator's decision. Only a pending submission can be decided; repeating the decision it
 * already has is a no-op. Approving adds the name to the catalogue (category from its functions)
 * unless the library already has it, and it is searchable at once.
 */
export async function decideSubmission(
  sql: Sql,
  id: number,
  decision: Decision,
  reason?: string | null,
  opts: { categoryMap?: CategoryMap } = {},
): Promise<DecideResult> {
  if (decision !== 'approve' && decision !== 'reject') throw SvcError.invalid(`decision must be approve or reject`);
  if (!Number.isSafeInteger(id) || id <= 0) throw SvcError.invalid('submission id must be a positive integer');
  const target: SubmissionStatus = decision === 'approve' ? 'approved' : 'rejected';
  const why = typeof reason === 'string' && reason.trim().length > 0 ? reason.trim().slice(0, 1000) : null;
  const result = await sql.transaction(async (tx): Promise<DecideResult> => {
    const cur = await tx.query<SubmissionRow>(`SELECT ${SUBMISSION_COLUMNS} FROM library.submissions WHERE id = $1 FOR UPDATE`, [id]);
    const row = cur.rows[0];
    if (!row) throw SvcError.notFound(`submission ${id} not found`);
    if (row.status === target) return { submission: toSubmission(row), added: false };
    if (row.status !== 'pending') throw SvcError.failed('already_decided', `submission ${id} is already ${row.status}`);
    const upd = await tx.query<SubmissionRow>(
      `UPDATE library.submissions SET status = $2, reason = $3, decided_at = now(), updated_at = now() WHERE id = $1 RETURNING ${SUBMISSION_COLUMNS}`,
      [id, target, why],
    );
    const saved = upd.rows[0];
    if (!saved) throw new Error('submission update returned no row');
    const added =
      target === 'approved'
        ? await insertSubmittedIngredient(tx, { id: Number(saved.id), inci: saved.inci, cas: saved.cas, functions: saved.functions }, opts.categoryMap ?? loadCategoryMap())
        : false;
    return { submission: toSubmission(saved), added };
  });
  if (result.added) invalidateSearchIndex(sql);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Data vintage
// ---------------------------------------------------------------------------------------------

export interface LibraryMeta {
  source: string;
  dataVersion: string;
  cosingVintage: string;
  annexVintage: string | null;
  overlayVersion: string;
  categoryMapVersion: string;
  ingredients: number;
  names: number;
  loadedAt: string;
}

export const SOURCE_CREDIT = 'Source: European Commission, CosIng';

/** What the catalogue was built from (for GET /lib/meta and the primer); null before the first import. */
export async function getMeta(sql: Query): Promise<LibraryMeta | null> {
  const r = await sql.query<{
    data_version: string;
    cosing_vintage: string;
    annex_vintage: string | null;
    overlay_version: string;
    category_map_version: string;
    ingredients: number;
    names: number;
    loaded_at: Date | string;
  }>('SELECT data_version, cosing_vintage, annex_vintage, overlay_version, category_map_version, ingredients, names, loaded_at FROM library.meta');
  const m = r.rows[0];
  if (!m) return null;
  return {
    source: SOURCE_CREDIT,
    dataVersion: m.data_version,
    cosingVintage: m.cosing_vintage,
    annexVintage: m.annex_vintage,
    overlayVersion: m.overlay_version,
    categoryMapVersion: m.category_map_version,
    ingredients: m.ingredients,
    names: m.names,
    loadedAt: iso(m.loaded_at) ?? '',
  };
}
