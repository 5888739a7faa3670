/**
 * The catalogue, imported once per data version for the whole test run instead of at every
 * system's start (about 15 s each under load): a PGlite data folder dump the embedded databases
 * start from (SVC_DATABASE_SEED) and a database on the real PostgreSQL that fresh databases are
 * copied from (`freshDatabase(tag, { catalogue: true })`). Both are made by the library's own
 * start-up routine (migrate: its migrations, then the import) on an empty database, so what a
 * test system finds is what a fresh start would have imported; catalogue-seed.test.ts proves it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { pgliteSql, postgresSql } from '@svc/kit';
import { realServer } from '@svc/kit/testing';
import { migrate, MIGRATIONS } from '../../services/library/src/migrations';
import { dataVersionOf, readRawSources } from '../../services/library/src/sources';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Under node_modules: git ignores it, and a clean clone (CI's `npm ci`) starts without it. */
export const SEED_DIR = join(ROOT, 'node_modules/.cache/svc-catalogue');

/**
 * What the seed depends on: the data version (the data files, the curated packs and the import's
 * logic version), the library's schema, and the PGlite release that wrote the dump (another one
 * may not read its data folder).
 */
export function seedKey(): string {
  const pglite = JSON.parse(readFileSync(join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
  return createHash('sha256')
    .update(dataVersionOf(readRawSources()))
    .update(JSON.stringify(MIGRATIONS))
    .update(pglite.version)
    .digest('hex')
    .slice(0, 16);
}

/** The PGlite dump for this key, built when missing; its path. */
export async function pgliteSeed(key = seedKey()): Promise<string> {
  const file = join(SEED_DIR, `catalogue-${key}.pglite.tar`);
  if (existsSync(file)) return file;
  const sql = await pgliteSql();
  try {
    await migrate(sql);
    const bytes = Buffer.from(await (await sql.dumpDataDir()).arrayBuffer());
    mkdirSync(dirname(file), { recursive: true });
    // Written aside and renamed: a run that reads it never sees half a dump.
    const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(tmp, bytes);
    renameSync(tmp, file);
  } finally {
    await sql.close();
  }
  return file;
}

/**
 * The template database for this key on the real PostgreSQL, built when missing; its name. Built
 * under another name and renamed when complete, under an advisory lock, so that concurrent runs
 * (on this machine, other checkouts) build it once and never copy half of it. It takes no
 * connections: CREATE DATABASE … TEMPLATE needs none open on it.
 */
export async function postgresTemplate(key = seedKey()): Promise<string> {
  const name = `svc_catalogue_${key}`;
  const base = await realServer('database');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    const have = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (have.rowCount) return name;
    const building = `${name}_building`;
    await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${building}`);
    const u = new URL(base);
    u.pathname = `/${building}`;
    const sql = postgresSql(u.toString(), { max: 2, applicationName: 'svc-catalogue-seed', queryTimeoutMs: 300_000 });
    try {
      await migrate(sql);
    } finally {
      await sql.close();
    }
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch(() => {});
    await admin.end();
  }
}
