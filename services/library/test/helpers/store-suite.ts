/**
 * The library store suite, run against both databases it runs on by store.pglite.contract.test.ts and
 * store.postgres.contract.test.ts (two files, so that vitest runs them in parallel). One import per engine;
 * every test reads or extends that catalogue.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SvcError, type Sql } from '@svc/kit';
import { categoryFromFunctions, loadCategoryMap, loadOverlay } from '../../src/data/overlay';
import { trigrams } from '../../src/engine/search-index';
import { MIGRATIONS, migrate, type MigrateReport } from '../../src/migrations';
import {
  decideSubmission,
  getFacts,
  getMeta,
  listSubmissions,
  submissionPage,
  resolve,
  search,
  searchExplained,
  searchSql,
  SOURCE_CREDIT,
  submit,
} from '../../src/store';
import type { TestDb } from './db';
import { smallDataDir } from './small-data';

interface QualityCase {
  kind: string;
  q: string;
  expect: string;
}
const QUALITY = (JSON.parse(readFileSync(new URL('../search-quality.json', import.meta.url), 'utf8')) as { cases: QualityCase[] }).cases;

const PUBLIC_FIELDS = ['allergen', 'c', 'cas', 'fn', 'n', 'nano', 'refs', 'up'];

const count = async (sql: Sql, table: string): Promise<number> =>
  (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM library.${table}`)).rows[0]?.n ?? -1;

export function storeSuite(engine: 'pglite' | 'postgres', make: () => Promise<TestDb>): void {
  describe(`library store on ${engine}`, () => {
    let db: TestDb;
    let sql: Sql;
    let reports: MigrateReport[] = [];

    beforeAll(async () => {
      db = await make();
      sql = db.sql;
      if (db.kind === 'postgres') {
        // Two replicas starting at once against one empty database: separate pools, same moment.
        reports = await Promise.all([migrate(sql), migrate(db.connect())]);
      } else {
        reports = [await migrate(sql)];
      }
    }, 120_000);
    afterAll(async () => db?.done());

    describe('migrations and import', () => {
      it('imports the CosIng inventory, the annexes and the overlay once', async () => {
        const imported = reports.filter((r) => r.import.imported);
        expect(imported).toHaveLength(1);
        const r = imported[0]!.import;
        expect(r.ingredients).toBeGreaterThan(30_000);
        expect(r.names).toBeGreaterThan(r.ingredients);
        expect(r.ms).toBeLessThan(30_000);
        // Concurrent starters: the schema is created once and no row is duplicated.
        expect(reports.flatMap((x) => x.applied)).toEqual(MIGRATIONS.map((m) => m.id));
        expect(await count(sql, 'ingredients')).toBe(r.ingredients);
        const dup = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM (SELECT nkey FROM library.ingredients GROUP BY nkey HAVING count(*) > 1) d');
        expect(dup.rows[0]?.n).toBe(0);
      });

      it('a second start applies nothing and imports nothing', async () => {
        const before = { ingredients: await count(sql, 'ingredients'), names: await count(sql, 'names') };
        const again = await migrate(sql);
        expect(again.applied).toEqual([]);
        expect(again.import.imported).toBe(false);
        expect(again.import.dataVersion).toBe(reports[0]!.import.dataVersion);
        expect({ ingredients: await count(sql, 'ingredients'), names: await count(sql, 'names') }).toEqual(before);
      });

      it('records the data vintage and credits the source', async () => {
        const meta = await getMeta(sql);
        expect(meta).toMatchObject({
          source: SOURCE_CREDIT,
          cosingVintage: '2021-12-15',
          annexVintage: '2024-01-11',
          overlayVersion: loadOverlay().version,
          dataVersion: reports[0]!.import.dataVersion,
        });
        expect(meta!.ingredients).toBe(await count(sql, 'ingredients'));
      });
    });

    describe('search', () => {
      it('returns at most 10 results with exactly the public fields', async () => {
        const page = await search(sql, 'sodium');
        expect(page.results).toHaveLength(10);
        expect(page.total).toBeGreaterThan(500);
        for (const r of page.results) expect(Object.keys(r).sort()).toEqual(PUBLIC_FIELDS);
        const g = (await search(sql, 'glycerin')).results[0]!;
        expect(g).toMatchObject({ n: 'GLYCERIN', c: 'HU', cas: '56-81-5', allergen: false, nano: false });
        expect(g.fn).toContain('HUMECTANT');
        expect(typeof g.up === 'number' || g.up === null).toBe(true);
      });

      it('orders tiers: exact, prefix, word prefix, fuzzy, CAS', async () => {
        const exact = await searchExplained(sql, 'glycerin');
        expect(exact.tiers[0]).toBe('exact');
        const rank = { exact: 0, prefix: 1, word_prefix: 2, fuzzy: 3, cas: 4 };
        for (const q of ['glyc', 'hyaluronic', 'stearate', 'capric', 'xanthan gm']) {
          const tiers = (await searchExplained(sql, q)).tiers.map((t) => rank[t]);
          expect(tiers, q).toEqual([...tiers].sort((a, b) => a - b));
        }
        expect((await searchExplained(sql, 'stearate')).tiers).toContain('word_prefix');
        expect((await searchExplained(sql, 'xanthan gm')).tiers[0]).toBe('fuzzy');
        expect((await searchExplained(sql, '56-81-5')).tiers).toEqual(['cas']);
        // Ties in a tier go to the more common ingredient.
        const glyc = (await search(sql, 'glyc')).results.map((r) => r.n);
        expect(glyc[0]).toBe('GLYCERIN');
      });

      it('total counts every match, not only the page', async () => {
        const page = await search(sql, 'glyc');
        const ref = await searchSql(sql, 'glyc');
        expect(page.total).toBe(ref.total);
        expect(page.total).toBeGreaterThan(page.results.length);
        expect((await search(sql, 'zzqxw')).total).toBe(0);
      });

      it(`finds the expected first result for at least 95 % of the quality set (${QUALITY.length} queries)`, async () => {
        expect(QUALITY.length).toBeGreaterThanOrEqual(60);
        const failures: string[] = [];
        for (const c of QUALITY) {
          const first = (await search(sql, c.q)).results[0]?.n ?? '(none)';
          if (first !== c.expect) failures.push(`[${c.kind}] "${c.q}" → ${first}, expected ${c.expect}`);
        }
        if (failures.length > 0) console.log(`search quality on ${engine}: ${failures.length} of ${QUALITY.length} miss\n  ${failures.join('\n  ')}`);
        expect(1 - failures.length / QUALITY.length).toBeGreaterThanOrEqual(0.95);
      });

      it('the in-memory index gives what pg_trgm gives in SQL', async () => {
        const extra = ['so', 'sodium', 'peg', 'acid', 'oil', 'extract', 'hyaluronik acid', 'zinc oxyde', 'rosa', 'ci 77'];
        // pg_trgm on PGlite takes 30–600 ms a query: a sample there, the whole set on PostgreSQL.
        const queries = engine === 'postgres' ? [...QUALITY.map((c) => c.q), ...extra] : [...QUALITY.filter((_, i) => i % 6 === 0).map((c) => c.q), ...extra.slice(0, 4)];
        for (const q of queries) {
          const mem = await searchExplained(sql, q);
          const ref = await searchSql(sql, q);
          expect({ q, total: mem.total, names: mem.results.map((r) => r.n), tiers: mem.tiers }).toEqual({
            q,
            total: ref.total,
            names: ref.results.map((r) => r.n),
            tiers: ref.tiers,
          });
        }
      });

      it('makes the same trigrams as pg_trgm', async () => {
        for (const w of ['PEG 100 STEARATE', 'A B', 'CAPRYLIC CAPRIC TRIGLYCERIDE', 'CI 77891', 'X']) {
          const r = await sql.query<{ t: string[] }>('SELECT show_trgm($1) AS t', [w]);
          expect([...trigrams(w)].map((t) => t.toLowerCase()).sort(), w).toEqual([...(r.rows[0]?.t ?? [])].sort());
        }
      });

      it('never throws on hostile or odd input', async () => {
        const inputs: unknown[] = [
          '', ' ', 'a', 'x'.repeat(10_000), 'glycerin\u0000\u0007\u001b[31m', "'; DROP TABLE library.names; --",
          "' OR 1=1 --", '%', '%%', '_', '\\', '\\%', 'a%b_c', '\ud800', '😀😀', 'Ω≈ç√', '\n\t\r', '()/-,.',
          null, undefined, 42, {}, ['glycerin'],
        ];
        for (const q of inputs) {
          const page = await search(sql, q as string);
          expect(page.results.length).toBeLessThanOrEqual(10);
          expect(page.total).toBeGreaterThanOrEqual(page.results.length);
        }
        expect((await search(sql, '%')).total).toBe(0);
        expect((await search(sql, '_')).total).toBe(0);
        expect((await search(sql, 'glycerin\u0000')).results[0]?.n).toBe('GLYCERIN');
        expect(await count(sql, 'names')).toBeGreaterThan(30_000);
      });
    });

    describe('resolve and facts', () => {
      it('resolves INCI names, synonyms, trade names and punctuation variants in one call', async () => {
        const names = ['Aqua', 'water', 'Euxyl PE 9010', 'PEG 100 STEARATE', 'Glycérine', '  sodium   chloride ', 'nicotinamide', 'unknownium x', '56-81-5'];
        const res = await resolve(sql, names);
        const inci = (n: string): string | null => {
          const r = res.get(n);
          return r?.matched ? r.facts.inci : null;
        };
        expect(inci('AQUA')).toBe('AQUA');
        expect(inci('WATER')).toBe('AQUA');
        expect(inci('EUXYL PE 9010')).toBe('PHENOXYETHANOL');
        expect(inci('PEG 100 STEARATE')).toBe('PEG-100 STEARATE');
        expect(inci('GLYCERINE')).toBe('GLYCERIN');
        expect(inci('SODIUM CHLORIDE')).toBe('SODIUM CHLORIDE');
        expect(inci('NICOTINAMIDE')).toBe('NIACINAMIDE');
        expect(res.get('SODIUM CHLORIDE')?.n).toBe('sodium   chloride');
        const miss = res.get('UNKNOWNIUM X');
        expect(miss).toMatchObject({ matched: false, n: 'unknownium x' });
        // A CAS number is not a name: one CAS often covers several INCI names.
        expect(res.get('56-81-5')?.matched).toBe(false);
        const typo = (await resolve(sql, ['phenoxyethanl'])).get('PHENOXYETHANL');
        expect(typo?.matched).toBe(false);
        if (typo && !typo.matched) {
          expect(typo.suggestions.length).toBeGreaterThan(0);
          expect(typo.suggestions.length).toBeLessThanOrEqual(3);
          expect(typo.suggestions[0]).toBe('PHENOXYETHANOL');
        }
      });

      it('resolves a few hundred names at once', async () => {
        const overlayNames = loadOverlay().entries.map((e) => e.inci.toLowerCase());
        const res = await resolve(sql, overlayNames);
        expect(res.size).toBe(new Set(overlayNames.map((n) => n.toUpperCase())).size);
        const unmatched = [...res.values()].filter((r) => !r.matched).map((r) => r.n);
        expect(unmatched).toEqual([]);
      });

      it('gives the facts of an INCI name, with the overlay first and the annexes for the rest', async () => {
        const phe = await getFacts(sql, 'phenoxyethanol');
        expect(phe).toMatchObject({ inci: 'PHENOXYETHANOL', c: 'PR', prohibited: false });
        expect(phe!.refs).toContain('V/29');
        const lim = await getFacts(sql, 'Limonene');
        expect(lim).toMatchObject({ allergen: true });
        expect(lim!.refs).toContain('III/88');
        const aqua = await getFacts(sql, 'aqua');
        expect(aqua).toMatchObject({ c: 'AQ', usName: 'WATER' });
        // Not curated: category from the CosIng functions, flags from the annexes.
        expect(loadOverlay().entries.some((e) => e.inci === 'PHENOL')).toBe(false);
        const phenol = await getFacts(sql, 'phenol');
        expect(phenol).toMatchObject({ prohibited: true, common: 0, up: null, refs: ['II/1175'] });
        expect(phenol!.c).toBe(categoryFromFunctions(phenol!.fn, loadCategoryMap(), { inci: 'PHENOL' }));
        expect(await getFacts(sql, 'no such ingredient')).toBeNull();
      });
    });

    describe('submissions', () => {
      const bad: [string, unknown][] = [
        ['unknown field', { inci: 'NEWIUM OIL', colour: 'red' }],
        ['short name', { inci: 'X' }],
        ['long name', { inci: 'X'.repeat(201) }],
        ['control characters', { inci: 'NEW\u0007IUM' }],
        ['bad CAS', { inci: 'NEWIUM OIL', cas: '56-81' }],
        ['too many functions', { inci: 'NEWIUM OIL', functions: Array.from({ length: 11 }, (_, i) => `F${i}`) }],
        ['long function', { inci: 'NEWIUM OIL', functions: ['x'.repeat(61)] }],
        ['long note', { inci: 'NEWIUM OIL', note: 'x'.repeat(1001) }],
        ['not an object', 'NEWIUM OIL'],
        ['missing name', { cas: '56-81-5' }],
      ];
      it.each(bad)('rejects %s', async (_what, body) => {
        const err = await submit(sql, 'acct_1', body).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(SvcError);
        expect((err as SvcError).body.code).toBe('invalid_request');
        expect((err as SvcError).body.fields?.length).toBeGreaterThan(0);
      });

      it('stores per account and merges repeats of the same name', async () => {
        const a = await submit(sql, 'acct_1', { inci: 'Zorblium Seed Oil', functions: ['skin conditioning - emollient'], note: 'first' });
        expect(a).toMatchObject({ merged: false, existing: null });
        expect(a.submission).toMatchObject({ inci: 'Zorblium Seed Oil', count: 1, status: 'pending', functions: ['SKIN CONDITIONING - EMOLLIENT'] });
        const b = await submit(sql, 'acct_1', { inci: '  ZORBLIUM   seed oil ', cas: '1234-56-6', functions: ['Feels silky'], note: 'second' });
        expect(b.merged).toBe(true);
        expect(b.submission).toMatchObject({ id: a.submission.id, count: 2, note: 'second', cas: '1234-56-6' });
        expect(b.submission.functions).toEqual(['SKIN CONDITIONING - EMOLLIENT', 'Feels silky']);
        const other = await submit(sql, 'acct_2', { inci: 'Zorblium Seed Oil' });
        expect(other.submission.id).not.toBe(a.submission.id);
        const mine = await listSubmissions(sql, { accountId: 'acct_1', status: 'pending' });
        expect(mine.filter((s) => s.inci.toUpperCase().includes('ZORBLIUM'))).toHaveLength(1);
        // The library already has this one: stored all the same, and the caller learns which entry it is.
        const known = await submit(sql, 'acct_1', { inci: 'glycerine' });
        expect(known.existing).toBe('GLYCERIN');
      });

      it('replays a retry with the same Idempotency-Key instead of merging again', async () => {
        const body = { inci: 'Idemptium Flower Water', functions: ['SOLVENT'], note: 'from the supplier' };
        const first = await submit(sql, 'acct_5', body, 'key-0001');
        expect(first).toMatchObject({ merged: false, submission: { count: 1 } });
        // Concurrent retries of the same key: one proposal, one count, the first answer for each.
        const retries = await Promise.all([1, 2, 3, 4].map(() => submit(sql, 'acct_5', body, 'key-0001')));
        for (const r of retries) expect(r).toMatchObject({ merged: false, submission: { id: first.submission.id, count: 1 } });
        // A new key is a new request: it merges as any repeat does.
        const second = await submit(sql, 'acct_5', body, 'key-0002');
        expect(second).toMatchObject({ merged: true, submission: { id: first.submission.id, count: 2 } });
        // The same key with another body is refused, and changes nothing.
        const err = await submit(sql, 'acct_5', { ...body, note: 'changed' }, 'key-0001').catch((e: unknown) => e);
        expect(err).toBeInstanceOf(SvcError);
        expect((err as SvcError).body).toMatchObject({ code: 'idempotency_mismatch', field: 'Idempotency-Key' });
        // Keys are per account: another account's same key is its own request.
        const other = await submit(sql, 'acct_6', body, 'key-0001');
        expect(other.submission.id).not.toBe(first.submission.id);
        const mine = await listSubmissions(sql, { accountId: 'acct_5' });
        expect(mine.find((x) => x.id === first.submission.id)?.count).toBe(2);
      });

      it('stores nothing for a caller that stopped waiting (answered 503), with or without an Idempotency-Key', async () => {
        const gone = () => true;
        for (const key of [undefined, 'gone-key-1']) {
          const err = await submit(sql, 'acct_gone', { inci: 'Vanishium Root', note: 'late' }, key, gone).catch((e: unknown) => e);
          expect(err).toBeInstanceOf(SvcError);
        }
        expect((await listSubmissions(sql, { accountId: 'acct_gone' })).length).toBe(0);
        // The retry of the Idempotency-Key runs as a first call.
        const retry = await submit(sql, 'acct_gone', { inci: 'Vanishium Root', note: 'late' }, 'gone-key-1');
        expect(retry.merged).toBe(false);
      });

      it('pages through submissions by cursor with a total, unshaken by rows added meanwhile', async () => {
        for (let i = 0; i < 7; i++) await submit(sql, 'acct_page', { inci: `Pagium Variant ${String.fromCharCode(65 + i)}` });
        const first = await submissionPage(sql, { accountId: 'acct_page', limit: 3 });
        expect(first.total).toBe(7);
        expect(first.submissions).toHaveLength(3);
        await submit(sql, 'acct_page', { inci: 'Pagium Latecomer' });
        const second = await submissionPage(sql, { accountId: 'acct_page', limit: 3, cursor: first.next! });
        const third = await submissionPage(sql, { accountId: 'acct_page', limit: 3, cursor: second.next! });
        expect(third.next).toBeNull();
        const seen = [...first.submissions, ...second.submissions, ...third.submissions].map((x) => x.inci);
        expect(seen).toHaveLength(7);
        expect(new Set(seen).size).toBe(7);
        expect(seen).not.toContain('Pagium Latecomer');
        const err = await submissionPage(sql, { cursor: 'abc' }).catch((e: unknown) => e);
        expect((err as SvcError).body.fields?.[0]?.field).toBe('cursor');
      });

      it('takes concurrent first sends of one key as one proposal', async () => {
        const body = { inci: 'Racemium Extract' };
        const all = await Promise.all([1, 2, 3, 4, 5].map(() => submit(sql, 'acct_7', body, 'race-key-1')));
        expect(new Set(all.map((r) => r.submission.id)).size).toBe(1);
        const mine = await listSubmissions(sql, { accountId: 'acct_7' });
        expect(mine.find((x) => x.inci === 'Racemium Extract')?.count).toBe(1);
      });

      it('is not searchable while pending; approval makes it searchable at once', async () => {
        const s = await submit(sql, 'acct_3', { inci: 'Quuxberry Leaf Extract', functions: ['HUMECTANT'], note: 'supplier data sheet' });
        expect((await search(sql, 'quuxberry leaf extract')).results.map((r) => r.n)).not.toContain('QUUXBERRY LEAF EXTRACT');
        const pending = await listSubmissions(sql, { status: 'pending' });
        expect(pending.map((p) => p.id)).toContain(s.submission.id);
        const d = await decideSubmission(sql, s.submission.id, 'approve');
        expect(d.added).toBe(true);
        expect(d.submission.status).toBe('approved');
        const page = await search(sql, 'quuxberry');
        const c = categoryFromFunctions(['HUMECTANT'], loadCategoryMap(), { inci: 'QUUXBERRY LEAF EXTRACT' });
        expect(page.results[0]).toMatchObject({ n: 'QUUXBERRY LEAF EXTRACT', c, fn: ['HUMECTANT'] });
        const r = (await resolve(sql, ['quuxberry leaf extract'])).get('QUUXBERRY LEAF EXTRACT');
        expect(r?.matched).toBe(true);
        // Deciding again the same way changes nothing; the other way is refused.
        expect((await decideSubmission(sql, s.submission.id, 'approve')).added).toBe(false);
        const err = await decideSubmission(sql, s.submission.id, 'reject').catch((e: unknown) => e);
        expect((err as SvcError).body.code).toBe('already_decided');
      });

      it('rejection keeps it out of search; a later repeat reopens it for review', async () => {
        const s = await submit(sql, 'acct_4', { inci: 'Blorptane' });
        const d = await decideSubmission(sql, s.submission.id, 'reject', 'not an INCI name');
        expect(d).toMatchObject({ added: false, submission: { status: 'rejected', reason: 'not an INCI name' } });
        expect((await search(sql, 'blorptane')).results.map((r) => r.n)).not.toContain('BLORPTANE');
        expect((await listSubmissions(sql, { status: 'rejected' })).map((x) => x.id)).toContain(s.submission.id);
        const again = await submit(sql, 'acct_4', { inci: 'blorptane', note: 'it is, see the supplier' });
        expect(again.submission).toMatchObject({ id: s.submission.id, status: 'pending', count: 2, reason: null });
        const missing = await decideSubmission(sql, 999_999_999, 'approve').catch((e: unknown) => e);
        expect((missing as SvcError).body.code).toBe('not_found');
      });
    });

    describe('data version upgrade', () => {
      it('re-imports in place when the data version changes, keeping approved submissions', async () => {
        // Its own database and a reduced inventory: three imports of the full one would be slow.
        const small = smallDataDir();
        const other = await make();
        try {
          const first = await migrate(other.sql, undefined, { dataDir: small.dir });
          expect(first.import.imported).toBe(true);
          const s = await submit(other.sql, 'acct_9', { inci: 'Frobnium Root Extract', functions: ['SOLVENT'] });
          expect((await decideSubmission(other.sql, s.submission.id, 'approve')).added).toBe(true);
          const before = await count(other.sql, 'ingredients');

          const overlay = structuredClone(loadOverlay());
          overlay.version = `${overlay.version}-test-upgrade`;
          const glycerin = overlay.entries.find((e) => e.inci === 'GLYCERIN');
          expect(glycerin).toBeDefined();
          glycerin!.synonyms.push('TESTGLYCEROLUM');
          const up = await migrate(other.sql, undefined, { dataDir: small.dir, overlay });
          expect(up.import.imported).toBe(true);
          expect(up.import.dataVersion).not.toBe(first.import.dataVersion);
          expect(await count(other.sql, 'ingredients')).toBe(before);
          expect((await search(other.sql, 'testglycerolum')).results[0]?.n).toBe('GLYCERIN');
          // The approved submission is re-added from library.submissions.
          expect((await search(other.sql, 'frobnium')).results[0]?.n).toBe('FROBNIUM ROOT EXTRACT');
          expect((await getMeta(other.sql))?.overlayVersion).toBe(overlay.version);
          expect((await migrate(other.sql, undefined, { dataDir: small.dir, overlay })).import.imported).toBe(false);
        } finally {
          await other.done();
          small.cleanup();
        }
      }, 60_000);
    });
  });
}
