/**
 * The catalogue the test systems start from (catalogue-seed.ts: a PGlite dump, a PostgreSQL
 * template) is the catalogue a fresh start imports: the library's tables compared row by row,
 * through a content hash of each, with a fresh import on an empty database. And the library, started
 * on a seeded database, finds its data version there and imports nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteSql, pgliteThreadSql, postgresSql, type Sql } from '@svc/kit';
import { CATALOGUE_TEMPLATE_ENV, freshDatabase } from '@svc/kit/testing';
import { migrate } from '../services/library/src/migrations';
import { pgliteSeed, postgresTemplate } from './support/catalogue-seed';

/** Every table of the library's schema that the import fills, in a stable order; times left out. */
const TABLES: Record<string, string> = {
  ingredients: 'SELECT t.* FROM library.ingredients t ORDER BY t.id',
  names: 'SELECT t.* FROM library.names t ORDER BY t.ingredient_id, t.kind, t.nkey',
  meta: `SELECT data_version, cosing_vintage, annex_vintage, overlay_version, category_map_version, ingredients, names FROM library.meta`,
  migrations: 'SELECT id, name FROM library.schema_migrations ORDER BY id',
};

async function contentOf(sql: Sql): Promise<Record<string, { rows: number; md5: string }>> {
  const out: Record<string, { rows: number; md5: string }> = {};
  for (const [table, select] of Object.entries(TABLES)) {
    const r = await sql.query<{ rows: number; md5: string }>(`SELECT count(*)::int AS rows, md5(coalesce(string_agg(x::text, E'\\n'), '')) AS md5 FROM (${select}) x`);
    out[table] = r.rows[0]!;
  }
  return out;
}

describe('the catalogue seeds', () => {
  let fresh: Record<string, { rows: number; md5: string }>;
  beforeAll(async () => {
    const sql = await pgliteSql();
    try {
      const report = await migrate(sql);
      expect(report.import.imported).toBe(true);
      fresh = await contentOf(sql);
    } finally {
      await sql.close();
    }
  }, 300_000);

  it('a fresh import fills the catalogue', () => {
    expect(fresh.ingredients!.rows).toBeGreaterThan(30_000);
    expect(fresh.names!.rows).toBeGreaterThan(fresh.ingredients!.rows);
    expect(fresh.meta!.rows).toBe(1);
  });

  it('the embedded database started from the PGlite seed holds the same catalogue, and imports nothing', async () => {
    const seed = await pgliteSeed();
    if (process.env.SVC_DATABASE_SEED) expect(process.env.SVC_DATABASE_SEED).toBe(seed);
    const sql = await pgliteThreadSql(undefined, { seed });
    try {
      expect(await contentOf(sql)).toEqual(fresh);
      const report = await migrate(sql);
      expect(report).toMatchObject({ applied: [], import: { imported: false } });
    } finally {
      await sql.close();
    }
  }, 120_000);

  describe('a PostgreSQL database copied from the template', () => {
    let db: Awaited<ReturnType<typeof freshDatabase>>;
    let sql: Sql;
    beforeAll(async () => {
      const template = await postgresTemplate();
      if (process.env[CATALOGUE_TEMPLATE_ENV]) expect(process.env[CATALOGUE_TEMPLATE_ENV]).toBe(template);
      else process.env[CATALOGUE_TEMPLATE_ENV] = template;
      db = await freshDatabase('seed', { catalogue: true });
      sql = postgresSql(db.url, { max: 1 });
    }, 300_000);
    afterAll(async () => {
      await sql?.close();
      await db?.drop();
    });

    it('holds the same catalogue, and imports nothing', async () => {
      expect(await contentOf(sql)).toEqual(fresh);
      const report = await migrate(sql);
      expect(report).toMatchObject({ applied: [], import: { imported: false } });
    });
  });
});
