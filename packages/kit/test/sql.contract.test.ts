import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, type Sql } from '../src/index';
import { sqlImplementations } from '../src/testing';

// One contract, three implementations: what services rely on must hold for each.
const impls = sqlImplementations('kit');

describe.each(impls)('Sql contract: %s', (_name, make) => {
  let sql: Sql;
  let done: () => Promise<void>;
  beforeAll(async () => ({ sql, done } = await make()));
  afterAll(async () => done());

  it('runs parameterised queries and returns typed rows', async () => {
    const r = await sql.query<{ a: number; b: string }>('SELECT $1::int AS a, $2::text AS b', [41, "O'Brien; DROP TABLE x"]);
    expect(r.rows).toEqual([{ a: 41, b: "O'Brien; DROP TABLE x" }]);
  });

  it('migrates once, under a lock, idempotently', async () => {
    const ms = [
      { id: 1, name: 'items', sql: 'CREATE TABLE contract.items (id int PRIMARY KEY, name text NOT NULL);\nCREATE INDEX items_name ON contract.items (name);' },
      { id: 2, name: 'seed', sql: "INSERT INTO contract.items VALUES (1, 'one');" },
    ];
    expect(await migrate(sql, 'contract', ms)).toEqual([1, 2]);
    expect(await migrate(sql, 'contract', ms)).toEqual([]);
    const both = await Promise.all([migrate(sql, 'contract', [...ms, { id: 3, name: 'more', sql: "INSERT INTO contract.items VALUES (2, 'two');" }]), migrate(sql, 'contract', [...ms, { id: 3, name: 'more', sql: "INSERT INTO contract.items VALUES (2, 'two');" }])]);
    expect(both.flat()).toEqual([3]);
    expect((await sql.query('SELECT * FROM contract.items ORDER BY id')).rowCount).toBe(2);
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await sql.exec('CREATE TABLE IF NOT EXISTS contract.t (v int)');
    await sql.transaction(async (tx) => tx.query('INSERT INTO contract.t VALUES (1)'));
    await expect(sql.transaction(async (tx) => {
      await tx.query('INSERT INTO contract.t VALUES (2)');
      throw new Error('boom');
    })).rejects.toThrow('boom');
    const r = await sql.query<{ v: number }>('SELECT v FROM contract.t ORDER BY v');
    expect(r.rows.map((x) => x.v)).toEqual([1]);
  });

  it('reports SQL errors as rejections, not crashes', async () => {
    await expect(sql.query('SELECT * FROM contract.nope')).rejects.toThrow();
    expect((await sql.query('SELECT 1 AS one')).rows[0]).toEqual({ one: 1 });
  });

  it('rejects with the SQLSTATE code, so callers can tell a conflict from an outage', async () => {
    await sql.exec('CREATE TABLE IF NOT EXISTS contract.u (k int PRIMARY KEY)');
    await sql.query('INSERT INTO contract.u VALUES (1)');
    const err = await sql.query('INSERT INTO contract.u VALUES (1)').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505' });
    const inTx = await sql.transaction(async (tx) => tx.query('INSERT INTO contract.u VALUES (1)')).catch((e: unknown) => e);
    expect(inTx).toMatchObject({ code: '23505' });
  });

  it('round-trips times, large integers, JSON and nulls as parameters and rows', async () => {
    const at = new Date('2028-02-29T23:59:59.999Z');
    const r = await sql.query<{ t: Date; n: string | number; j: unknown; z: null }>('SELECT $1::timestamptz AS t, $2::bigint AS n, $3::jsonb AS j, $4::text AS z', [at, 9007199254740991, JSON.stringify({ a: [1, 'b'] }), null]);
    expect(r.rows[0]!.t).toBeInstanceOf(Date);
    expect(r.rows[0]!.t.getTime()).toBe(at.getTime());
    expect(String(r.rows[0]!.n)).toBe('9007199254740991');
    expect(r.rows[0]!.j).toEqual({ a: [1, 'b'] });
    expect(r.rows[0]!.z).toBeNull();
  });

  it('keeps concurrent transactions and statements apart: none lost, none applied twice', async () => {
    await sql.exec('CREATE TABLE IF NOT EXISTS contract.c (k int PRIMARY KEY, n int NOT NULL)');
    await sql.query('INSERT INTO contract.c VALUES (1, 0) ON CONFLICT (k) DO UPDATE SET n = 0');
    const bump = (i: number) =>
      sql.transaction(async (tx) => {
        const r = await tx.query<{ n: number }>('SELECT n FROM contract.c WHERE k = 1 FOR UPDATE');
        await new Promise((ok) => setTimeout(ok, i % 3));
        await tx.query('UPDATE contract.c SET n = $1 WHERE k = 1', [r.rows[0]!.n + 1]);
        if (i % 5 === 4) throw new Error('rolled back on purpose');
      });
    const outcomes = await Promise.allSettled([...Array(20).keys()].map((i) => (i % 4 === 0 ? sql.query('SELECT n FROM contract.c') : bump(i))));
    expect(outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason.message)).toEqual(Array(3).fill('rolled back on purpose'));
    expect((await sql.query<{ n: number }>('SELECT n FROM contract.c WHERE k = 1')).rows[0]!.n).toBe(12);
  });

  it('runs statements issued together in one transaction in issue order; one that fails fails the transaction', async () => {
    await sql.exec('CREATE TABLE IF NOT EXISTS contract.o (n serial PRIMARY KEY, v text NOT NULL)');
    // ...without leaning on a driver behaviour it warns about (pg deprecates queueing on a busy client).
    const warnings: string[] = [];
    const onWarning = (w: Error) => void warnings.push(w.message);
    process.on('warning', onWarning);
    const got = await sql
      .transaction(async (tx) =>
        Promise.all(['a', 'b', 'c', 'd', 'e'].map((v) => tx.query<{ n: number; v: string }>('INSERT INTO contract.o (v) VALUES ($1) RETURNING n, v', [v]))),
      )
      .finally(() => new Promise((ok) => setImmediate(ok)).then(() => process.off('warning', onWarning)));
    expect(warnings).toEqual([]);
    const rows = got.map((r) => r.rows[0]!);
    expect(rows.map((r) => r.v)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(rows.map((r) => r.n)).toEqual([...rows.map((r) => r.n)].sort((x, y) => x - y));
    const count = async () => (await sql.query<{ c: number }>('SELECT count(*)::int AS c FROM contract.o')).rows[0]!.c;
    const failed = await sql
      .transaction(async (tx) => Promise.all([tx.query("INSERT INTO contract.o (v) VALUES ('x')"), tx.query('SELECT * FROM contract.nope'), tx.query("INSERT INTO contract.o (v) VALUES ('y')")]))
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    expect(await count()).toBe(5);
    // The connection is whole again: the next transaction works.
    await sql.transaction(async (tx) => tx.query("INSERT INTO contract.o (v) VALUES ('z')"));
    expect(await count()).toBe(6);
  });

  it('has pg_trgm', async () => {
    await sql.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    const r = await sql.query<{ s: number }>("SELECT similarity('glycerine', 'glycerin') AS s");
    expect(r.rows[0]!.s).toBeGreaterThan(0.5);
  });
});
