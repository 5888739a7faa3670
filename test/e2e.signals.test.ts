/**
 * Signals as process managers send them: Ctrl-C in a terminal signals the whole process group
 * (npm, the start and, in the split start, every child), and a second signal may follow during the
 * drain (Ctrl-C again, a process manager's SIGTERM to every process). Under a bounded load of
 * formula calls and one slow client, a group SIGINT then a group SIGTERM to `npm run start:split`
 * and to `npm start` cut no request: every request sent gets a whole answer (served, or a clean 503), and only connections
 * opened after the gateway stopped listening are refused (nothing was accepted on them). Every
 * served formula call is in the ledger once the start has exited, and `npm start` leaves no lock
 * on its data folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, hashKey, pgliteSql, postgresSql, type Sql } from '@svc/kit';
import { dropNamespaceStream, freshDatabase, freshNamespace, realServer } from '@svc/kit/testing';

const ROOT = resolve(import.meta.dirname, '..');
const BODY = JSON.stringify({ base: 'classic', basePct: 80, ph: 5.5, lines: [{ n: 'AQUA', pct: 16 }, { n: 'GLYCERIN', pct: 4 }] });
const WORKERS = 6;
/** Requests per worker at most: the load is bounded whatever happens. */
const PER_WORKER = 2_000;

interface Started {
  proc: ChildProcess;
  url: string;
  key: string;
  out: () => string;
  exited: Promise<void>;
}

async function startDetached(args: string[], env: NodeJS.ProcessEnv): Promise<Started> {
  // Detached: a process group of its own, as a terminal gives the command it runs.
  const proc = spawn('npm', args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  const end = Date.now() + 240_000;
  while (!/API key:\s+svc_live_\w+/.test(out) && Date.now() < end && proc.exitCode === null) await new Promise((r) => setTimeout(r, 250));
  const url = /Base URL:\s+(http:\/\/\S+)/.exec(out)?.[1];
  const key = /API key:\s+(svc_live_\w+)/.exec(out)?.[1];
  if (!url || !key) {
    try {
      process.kill(-proc.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
    throw new Error(`did not start: ${out.slice(-2_000)}`);
  }
  return { proc, url, key, out: () => out, exited };
}

async function groupGone(pgid: number): Promise<void> {
  const end = Date.now() + 120_000;
  for (;;) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return;
    }
    if (Date.now() > end) throw new Error(`process group ${pgid} still running`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

interface Outcome {
  statuses: Map<number, number>;
  refused: number;
  cut: string[];
}

/**
 * A slow client: its request is accepted before the signal and its body ends 1.5 s after it, so
 * the drain must outlast the signals a process manager sends meanwhile. Its HTTP status, or why not.
 */
function slowRequest(s: Started, signalled: Promise<void>): Promise<number | string> {
  const { hostname, port } = new URL(s.url);
  const half = Math.floor(BODY.length / 2);
  return new Promise((resolve) => {
    let answer = '';
    const socket = connect(Number(port), hostname, () => {
      socket.write(`POST /check HTTP/1.1\r\nHost: ${hostname}\r\nx-svc-key: ${s.key}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(BODY)}\r\nconnection: close\r\n\r\n${BODY.slice(0, half)}`);
      void signalled.then(() => setTimeout(() => socket.write(BODY.slice(half)), 1_500));
    });
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    socket.on('close', () => {
      const m = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      const length = Number(/content-length: (\d+)/i.exec(answer)?.[1] ?? NaN);
      const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
      resolve(m && Buffer.byteLength(body) === length ? Number(m[1]) : `cut: ${answer.slice(0, 40) || 'no answer'}`);
    });
  });
}

/** WORKERS loops of POST /check until the gateway refuses connections; then the group gets SIGINT mid-load. */
async function loadAndInterrupt(s: Started): Promise<Outcome> {
  const o: Outcome = { statuses: new Map(), refused: 0, cut: [] };
  let sent = 0;
  const worker = async () => {
    for (let i = 0; i < PER_WORKER; i++) {
      try {
        const res = await fetch(`${s.url}/check`, { method: 'POST', headers: { 'x-svc-key': s.key, 'content-type': 'application/json' }, body: BODY });
        await res.text();
        o.statuses.set(res.status, (o.statuses.get(res.status) ?? 0) + 1);
        sent++;
      } catch (err) {
        const code = String((err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message);
        if (code === 'ECONNREFUSED') {
          o.refused++;
          return;
        }
        o.cut.push(code);
        return;
      }
    }
  };
  const load = Promise.all(Array.from({ length: WORKERS }, worker));
  while (sent < 100) await new Promise((r) => setTimeout(r, 20));
  let signal = () => {};
  const signalled = new Promise<void>((r) => (signal = r));
  const slow = slowRequest(s, signalled);
  // The slow request's headers are in before the signal.
  await new Promise((r) => setTimeout(r, 300));
  process.kill(-s.proc.pid!, 'SIGINT');
  signal();
  // And a second signal to every process during the drain: Ctrl-C pressed again, or a process
  // manager's SIGTERM to the group. It must not cut the drain short.
  await new Promise((r) => setTimeout(r, 300));
  try {
    process.kill(-s.proc.pid!, 'SIGTERM');
  } catch {
    // the group is gone already
  }
  const slowAnswer = await slow;
  if (typeof slowAnswer === 'number') o.statuses.set(slowAnswer, (o.statuses.get(slowAnswer) ?? 0) + 1);
  else o.cut.push(`slow client: ${slowAnswer}`);
  await load;
  await s.exited;
  // npm may go before the start it ran: the start is done when no process of the group is left.
  await groupGone(s.proc.pid!);
  return o;
}

const servedCalls = async (sql: Sql, key: string) => {
  const r = await sql.query<{ calls: string }>(
    'SELECT coalesce(sum(r.calls), 0) AS calls FROM metering.runs r JOIN metering.api_keys k ON k.account_id = r.account_id WHERE k.hash = $1',
    [hashKey(key)],
  );
  return Number(r.rows[0]?.calls ?? 0);
};

describe('a group SIGINT under load', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c().catch(() => {});
  });

  it('to npm run start:split cuts no request and bills every served call', async () => {
    const db = await freshDatabase('signals');
    const ns = freshNamespace('signals');
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-signals-split-'));
    cleanups.push(async () => {
      await db.drop();
      await dropNamespaceStream(ns);
      rmSync(dataDir, { recursive: true, force: true });
    });
    const s = await startDetached(['run', 'start:split', '--silent'], {
      SVC_DATABASE_URL: db.url, SVC_REDIS_URL: await realServer('redis'), SVC_NATS_URL: await realServer('nats'), SVC_NAMESPACE: ns,
      SVC_DATA_DIR: dataDir, SVC_PORT: String(await freePort()), SVC_SPLIT_PORTS: 'free', SVC_RATE_LIMIT_PER_SEC: '100000',
    });
    const o = await loadAndInterrupt(s);
    expect(o.cut).toEqual([]);
    expect([...o.statuses.keys()].filter((st) => st !== 200 && st !== 503)).toEqual([]);
    const served = o.statuses.get(200) ?? 0;
    expect(served).toBeGreaterThanOrEqual(100);
    const sql = postgresSql(db.url, { max: 1 });
    try {
      expect(await servedCalls(sql, s.key)).toBe(served);
    } finally {
      await sql.close();
    }
  }, 400_000);

  it('to npm start cuts no request, bills every served call and removes the lock', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-signals-start-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const s = await startDetached(['start', '--silent'], { SVC_DATA_DIR: dataDir, SVC_PORT: String(await freePort()), SVC_THREADS: 'none', SVC_RATE_LIMIT_PER_SEC: '100000' });
    const o = await loadAndInterrupt(s);
    expect(o.cut).toEqual([]);
    expect([...o.statuses.keys()].filter((st) => st !== 200 && st !== 503)).toEqual([]);
    const served = o.statuses.get(200) ?? 0;
    expect(served).toBeGreaterThanOrEqual(100);
    expect(existsSync(join(dataDir, 'svc.lock'))).toBe(false);
    const sql = await pgliteSql(join(dataDir, 'pg'));
    try {
      expect(await servedCalls(sql, s.key)).toBe(served);
    } finally {
      await sql.close();
    }
  }, 400_000);
});
