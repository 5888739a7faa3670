/**
 * A POST answered 503 because its caller stopped waiting has stored nothing, on the real
 * PostgreSQL: a key replacement whose caller gave up leaves the old key working (the caller never
 * saw a new one). Submissions: the library's store suite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashKey, migrate, postgresSql, SvcError, type Sql } from '@svc/kit';
import { freshDatabase } from '@svc/kit/testing';
import { accounts, migrations, SCHEMA } from '@svc/metering';

let sql: Sql;
let db: Awaited<ReturnType<typeof freshDatabase>>;

beforeAll(async () => {
  db = await freshDatabase('write_deadline');
  sql = postgresSql(db.url);
  await migrate(sql, SCHEMA, migrations);
}, 60_000);

afterAll(async () => {
  await sql?.close();
  await db?.drop();
});

const live = async (key: string) =>
  (await sql.query('SELECT 1 FROM metering.api_keys WHERE hash = $1 AND replaced_at IS NULL', [hashKey(key)])).rows.length === 1;

describe('a key replacement whose caller stopped waiting', () => {
  it('replaces nothing, and the replacement asked again works', async () => {
    const { account, key } = await accounts.createAccount(sql, { company: 'Gave Up Co', plan: 'lab' });
    const err = await accounts.replaceKey(sql, account.id, () => true).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SvcError);
    expect(await live(key)).toBe(true);
    const events = await sql.query("SELECT 1 FROM metering.outbox WHERE subject LIKE '%key_replaced%'");
    expect(events.rows.length).toBe(0);
    const done = await accounts.replaceKey(sql, account.id);
    expect(await live(key)).toBe(false);
    expect(await live(done.key)).toBe(true);
  });
});
