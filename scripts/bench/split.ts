/**
 * `npm run bench:split`: the split system as a cluster runs it, seven compiled processes (plain node,
 * `dist/`) on the real PostgreSQL, Redis and NATS, one replica each, loaded per compute path through
 * the gateway. Per path: requests/s, and the CPU time each process spent per request (from /proc), so
 * that a replica's capacity at a CPU request is that request divided by its CPU per request; and what
 * each request costs the stores: PostgreSQL transactions and rows written in this run's database
 * (pg_stat_database, ours alone), messages in this run's NATS streams, and commands on a Redis server
 * of its own (redis-server on a free port, so the count is ours alone). Prints a markdown section
 * for docs/benchmarks.md. Knobs: BENCH_SECONDS (10), BENCH_CONNECTIONS (16).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { connect as natsConnect } from 'nats';
import { freePort } from '@svc/kit';
import { dropNamespaceStream, freshDatabase, freshNamespace, realServer } from '@svc/kit/testing';
import { bundle } from '../build/bundle';
import { COMPONENTS, type ComponentName } from '../components';
import { startSplit } from '../split';
import { load, processCpuMs } from './http';
import { addGeneratedSection, machine } from './report';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS) || 10;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS) || 16;

const LINES = [
  { n: 'AQUA', pct: 12.5 },
  { n: 'GLYCERIN', pct: 3 },
  { n: 'NIACINAMIDE', pct: 4 },
  { pct: 0.5, blend: [{ n: 'PHENOXYETHANOL', f: 0.9 }, { n: 'ETHYLHEXYLGLYCERIN', f: 0.1 }] },
];
const PATHS: Array<{ route: string; service: ComponentName; body: unknown }> = [
  { route: '/check', service: 'envelope', body: { base: 'classic', basePct: 80, ph: 5.5, lines: LINES } },
  { route: '/inci/label', service: 'label', body: { variant: 'classic', nbPct: 80, lines: LINES } },
  { route: '/ai/preservation', service: 'preservation', body: { variant: 'classic', nbPct: 80, lines: LINES } },
];

async function pgStats(url: string): Promise<{ xact: number; written: number }> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    // The statistics are per database, so these are this run's alone; a snapshot per transaction is cleared first.
    await c.query('SELECT pg_stat_clear_snapshot()');
    const r = await c.query<{ xact: string; written: string }>('SELECT xact_commit + xact_rollback AS xact, tup_inserted + tup_updated + tup_deleted AS written FROM pg_stat_database WHERE datname = current_database()');
    return { xact: Number(r.rows[0]!.xact), written: Number(r.rows[0]!.written) };
  } finally {
    await c.end();
  }
}

async function natsMessages(url: string, namespace: string): Promise<number> {
  const nc = await natsConnect({ servers: url });
  try {
    const jsm = await nc.jetstreamManager();
    let n = 0;
    for await (const s of jsm.streams.list()) if (s.config.name.includes(namespace)) n += s.state.messages;
    return n;
  } finally {
    await nc.close();
  }
}

/** Commands a Redis server has processed (INFO stats), over a plain socket. */
function redisCommands(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createConnection({ host: '127.0.0.1', port }, () => s.write('INFO stats\r\n'));
    let buf = '';
    s.on('data', (d) => {
      buf += d.toString();
      const m = /total_commands_processed:(\d+)/.exec(buf);
      if (m) {
        s.destroy();
        resolve(Number(m[1]));
      }
    });
    s.on('error', reject);
  });
}

const redisPort = await freePort();
const redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
process.on('exit', () => redis.kill('SIGTERM'));
for (let i = 0; ; i++) {
  if (await redisCommands(redisPort).then(() => true, () => false)) break;
  if (i > 100) throw new Error('redis-server did not start');
  await new Promise((r) => setTimeout(r, 100));
}
const db = await freshDatabase('benchsplit');
const ns = freshNamespace('benchsplit');
const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-split-'));
const natsUrl = await realServer('nats');
const rows: string[] = [];
try {
  for (const c of COMPONENTS) await bundle(ROOT, c.name, join(ROOT, 'dist', c.name));
  const sys = await startSplit({ databaseUrl: db.url, redisUrl: `redis://127.0.0.1:${redisPort}`, natsUrl, namespace: ns, dataDir, logLevel: 'warn', runtime: 'compiled', output: () => {}, env: { SVC_RATE_LIMIT_PER_SEC: '0' } });
  try {
    const cpu = () => Object.fromEntries(COMPONENTS.map((c) => [c.name, processCpuMs(sys.procs[c.name].pid) ?? NaN])) as Record<ComponentName, number>;
    for (const path of PATHS) {
      const headers = { 'x-svc-key': sys.key };
      // Warm-up, not counted: JIT, connections, caches.
      await load(`warm ${path.route}`, { url: `${sys.url}${path.route}`, method: 'POST', body: path.body, headers, connections: CONNECTIONS, seconds: 3 });
      const [c0, p0, n0, r0] = [cpu(), await pgStats(db.url), await natsMessages(natsUrl, ns), await redisCommands(redisPort)];
      const r = await load(path.route, { url: `${sys.url}${path.route}`, method: 'POST', body: path.body, headers, connections: CONNECTIONS, seconds: SECONDS });
      const [c1, p1, n1, r1] = [cpu(), await pgStats(db.url), await natsMessages(natsUrl, ns), await redisCommands(redisPort)];
      const ok = r.statuses['200'] ?? 0;
      const per = (a: number, b: number) => (ok ? (b - a) / ok : NaN);
      const cpuPer = Object.fromEntries(COMPONENTS.map((c) => [c.name, per(c0[c.name], c1[c.name])])) as Record<ComponentName, number>;
      const bad = r.requests - ok;
      rows.push(
        `| POST ${path.route} (${path.service}) | ${r.rps} | ${r.p50} / ${r.p99} | ${bad} | ${COMPONENTS.map((c) => cpuPer[c.name].toFixed(3)).join(' | ')} | ${per(p0.xact, p1.xact).toFixed(2)} | ${per(p0.written, p1.written).toFixed(2)} | ${per(n0, n1).toFixed(3)} | ${per(r0, r1).toFixed(2)} |`,
      );
    }
  } finally {
    await sys.stop();
  }
} finally {
  await db.drop();
  await dropNamespaceStream(ns).catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  redis.kill('SIGTERM');
}
const m = machine();
const section = `## The split system, compiled: CPU per request of each process (issue 26)

${new Date().toISOString().slice(0, 10)}; ${m.cpu}, ${m.cores} cores (shared with the load generator and other work), ${m.memory}, Node ${m.node}, ${m.os}; load average ${m.loadAverage.toFixed(1)}.
\`npm run bench:split\` (scripts/bench/split.ts): the seven components from \`dist/\` with plain node, one replica each, on the local
PostgreSQL, Redis and NATS (JetStream); autocannon on loopback, ${CONNECTIONS} connections, ${SECONDS} s per path after 3 s of warm-up, the
development key (platform plan), rate limit off. CPU is user + system time from /proc per 200 answer; PostgreSQL is this run's database
(pg_stat_database: transactions, rows inserted + updated + deleted); NATS is the messages added to this run's streams; Redis is a redis-server of the run's own (INFO total_commands_processed).

| path | req/s | p50 / p99 ms | non-200 | ${COMPONENTS.map((c) => `${c.name} CPU ms/req`).join(' | ')} | PG xact/req | PG rows/req | NATS msg/req | Redis cmds/req |
|---|---:|---|---:|${COMPONENTS.map(() => '---:').join('|')}|---:|---:|---:|---:|
${rows.join('\n')}
`;
console.log(section);
// `npm run bench` adds it to the report it has just written, before the hand-measured part.
if (process.argv.includes('--append')) addGeneratedSection(join(ROOT, 'docs', 'benchmarks.md'), section);
process.exit(0);
