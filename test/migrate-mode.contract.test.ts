/**
 * SVC_MIGRATE on a real PostgreSQL, with metering as a real child process (it migrates two schemas):
 * `only` applies every migration and exits 0 without serving, the way a pod's init container does
 * before the new replica's server starts; `skip` serves without touching the schema; a bad value
 * stops the process naming the variable.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresSql } from '@svc/kit';
import { dropNamespaceStream, freshDatabase, freshNamespace, realServer } from '@svc/kit/testing';
import { migrations, SCHEMA } from '@svc/metering';

const ROOT = resolve(import.meta.dirname, '..');
const db = await freshDatabase('migrate_mode');
const namespace = freshNamespace('migrate');
const natsUrl = await realServer('nats');
const sql = postgresSql(db.url);

afterAll(async () => {
  await sql.close();
  await db.drop();
  await dropNamespaceStream(namespace);
});

/** Runs metering's entry point until it exits, or until it says it serves (then stops it). */
function runMetering(mode: string): Promise<{ code: number | null; out: string; served: boolean }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/metering/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, SVC_DATABASE_URL: db.url, SVC_NATS_URL: natsUrl, SVC_REDIS_URL: '', SVC_NAMESPACE: namespace, SVC_GRPC_PORT: '0', SVC_LOG_LEVEL: 'info', SVC_MIGRATE: mode },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let served = false;
  const onData = (b: Buffer) => {
    out += b.toString();
    if (!served && out.includes('metering gRPC listening')) {
      served = true;
      child.kill('SIGTERM');
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  return new Promise((res) => child.once('exit', (code) => res({ code, out, served })));
}

const applied = async (schema: string) =>
  (await sql.query<{ id: number }>(`SELECT id FROM ${schema}.schema_migrations ORDER BY id`)).rows.map((r) => r.id);

describe('SVC_MIGRATE', () => {
  it('only: applies every migration of the service, then exits 0 without serving', async () => {
    const r = await runMetering('only');
    expect(r.code, r.out).toBe(0);
    expect(r.served).toBe(false);
    expect(r.out).toContain('migrations applied');
    expect(await applied(SCHEMA)).toEqual(migrations.map((m) => m.id).sort((a, b) => a - b));
    expect((await applied('oauth')).length).toBeGreaterThan(0);
  }, 90_000);

  it('skip: serves the schema as it finds it and applies nothing', async () => {
    // Forget the newest migration: a process that migrated at start would apply it again.
    const newest = Math.max(...migrations.map((m) => m.id));
    await sql.query(`DELETE FROM ${SCHEMA}.schema_migrations WHERE id = $1`, [newest]);
    const r = await runMetering('skip');
    expect(r.served, r.out).toBe(true);
    expect(await applied(SCHEMA)).not.toContain(newest);
  }, 90_000);

  it('refuses a value it does not know, naming the variable and the values it takes', async () => {
    const r = await runMetering('later');
    expect(r.code).toBe(1);
    expect(r.served).toBe(false);
    expect(r.out).toMatch(/SVC_MIGRATE: must be one of: start, only, skip/);
  }, 90_000);
});
