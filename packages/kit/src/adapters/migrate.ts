import { createHash } from 'node:crypto';
import type { Sql } from './sql';

export interface Migration {
  /** Increasing, never reused: 1, 2, 3 ... */
  id: number;
  name: string;
  sql: string;
}

/**
 * Runs a service's migrations in its own schema, once, under an advisory lock so that replicas
 * starting together do not race. The lock key is derived from the schema name.
 */
export async function migrate(sql: Sql, schema: string, migrations: readonly Migration[]): Promise<number[]> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  const lockKey = createHash('sha256').update(`svc-migrate:${schema}`).digest().readBigInt64BE(0).toString();
  return sql.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [lockKey]);
    await tx.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS ${schema}.schema_migrations (id int PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const done = new Set((await tx.query<{ id: number }>(`SELECT id FROM ${schema}.schema_migrations`)).rows.map((r) => r.id));
    const applied: number[] = [];
    for (const m of [...migrations].sort((a, b) => a.id - b.id)) {
      if (done.has(m.id)) continue;
      for (const stmt of splitStatements(m.sql)) await tx.query(stmt);
      await tx.query(`INSERT INTO ${schema}.schema_migrations (id, name) VALUES ($1, $2)`, [m.id, m.name]);
      applied.push(m.id);
    }
    return applied;
  });
}

/** Splits on semicolons at line ends; migrations keep one statement per `;\n`. */
function splitStatements(text: string): string[] {
  return text
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0 && !/^(--[^\n]*\n?)+$/.test(s));
}
