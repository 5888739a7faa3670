import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, type Sql } from '../src/index';
import { sqlImplementations } from '../src/testing';

// One contract, two implementations: what services rely on must hold for both.
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

  it('has pg_trgm', async () => {
    await sql.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    const r = await sql.query<{ s: number }>("SELECT similarity('glycerine', 'glycerin') AS s");
    expect(r.rows[0]!.s).toBeGreaterThan(0.5);
  });
});
