/**
 * `npm run bench:start`: a component's start, compiled and run as its image runs it (`node --import
 * ./register.mjs main.mjs` in `dist/<c>`: the tracing entry first, off unless OTEL_EXPORTER_OTLP_ENDPOINT
 * is set) against the same component's sources as the split start runs them (`node --import tsx
 * --import <register.mjs> src/main.ts`), on the real NATS and Redis. Per run: the time
 * from spawn to grpc.health.v1 SERVING, and the resident set once it serves (after a second's rest).
 * The runs alternate so both see the same machine. Prints a markdown section for docs/benchmarks.md.
 * Knobs: BENCH_START_RUNS (5), BENCH_START_COMPONENTS (envelope,label).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as grpc from '@grpc/grpc-js';
import { CHASSIS_FILE_ENV, DEFAULT_CHASSIS_FILE } from '@svc/chassis';
import { freePort } from '@svc/kit';
import { dropNamespaceStream, freshNamespace, realServer } from '@svc/kit/testing';
import { proto, type HealthClient } from '@svc/protos';
import { bundle } from '../build/bundle';
import { compiledCommand } from '../build/compiled';
import { COMPONENTS, PACKAGE_DIR, type ComponentName } from '../components';
import { TRACING_REGISTER } from '../split';
import { addGeneratedSection, machine } from './report';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RUNS = Number(process.env.BENCH_START_RUNS) || 5;
const NAMES = (process.env.BENCH_START_COMPONENTS ?? 'envelope,label').split(',').map((s) => s.trim()) as ComponentName[];

interface Run {
  ms: number;
  rssMiB: number;
}

/** Asks for SERVING every 10 ms, on a channel that reconnects as fast (the default back-off would round the figures up). */
async function untilServing(address: string, since: number): Promise<number> {
  const client = new proto.health(address, grpc.credentials.createInsecure(), { 'grpc.initial_reconnect_backoff_ms': 10, 'grpc.max_reconnect_backoff_ms': 10 }) as unknown as HealthClient & grpc.Client;
  try {
    for (;;) {
      const status = await new Promise<string | undefined>((resolve) => client.Check({ service: '' }, { deadline: Date.now() + 500 }, (err, r) => resolve(err ? undefined : r?.status)));
      if (status === 'SERVING') return performance.now() - since;
      if (performance.now() - since > 120_000) throw new Error(`${address} did not serve within 120 s`);
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    client.close();
  }
}

const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function once(name: ComponentName, compiled: boolean, env: NodeJS.ProcessEnv): Promise<Run> {
  const port = await freePort();
  // Each as it is started for real: the image's command (deploy/Dockerfile), the split start's for the sources.
  const args = compiled ? compiledCommand(name) : ['--import', 'tsx', '--import', TRACING_REGISTER, `${PACKAGE_DIR[name]}/src/main.ts`];
  const since = performance.now();
  const p = spawn(process.execPath, args, { cwd: compiled ? tmpdir() : ROOT, env: { ...env, SVC_GRPC_PORT: String(port) }, stdio: 'ignore' });
  try {
    const ms = await untilServing(`127.0.0.1:${port}`, since);
    await new Promise((r) => setTimeout(r, 1_000));
    return { ms, rssMiB: rssMiB(p.pid!) };
  } finally {
    const gone = new Promise((r) => p.once('exit', r));
    p.kill('SIGTERM');
    await gone;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const ns = freshNamespace('benchstart');
const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-start-'));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  SVC_NATS_URL: await realServer('nats'),
  SVC_REDIS_URL: await realServer('redis'),
  SVC_NAMESPACE: ns,
  SVC_DATA_DIR: dataDir,
  SVC_LOG_LEVEL: 'warn',
  // The image's Secret mount; harmless for the components that do not read it.
  [CHASSIS_FILE_ENV]: DEFAULT_CHASSIS_FILE,
};
const rows: string[] = [];
try {
  for (const name of NAMES) {
    if (!COMPONENTS.some((c) => c.name === name)) throw new Error(`unknown component ${name}`);
    await bundle(ROOT, name, join(ROOT, 'dist', name));
    const runs: Record<'compiled' | 'tsx', Run[]> = { compiled: [], tsx: [] };
    // One of each first, not counted: the file cache warm for both.
    await once(name, true, env);
    await once(name, false, env);
    for (let i = 0; i < RUNS; i++) {
      runs.compiled.push(await once(name, true, env));
      runs.tsx.push(await once(name, false, env));
    }
    const c = median(runs.compiled.map((r) => r.ms));
    const t = median(runs.tsx.map((r) => r.ms));
    const list = (rs: Run[], k: keyof Run) => rs.map((r) => r[k].toFixed(0)).join(', ');
    rows.push(`| ${name} | compiled | ${c.toFixed(0)} | ${list(runs.compiled, 'ms')} | ${median(runs.compiled.map((r) => r.rssMiB)).toFixed(0)} | ${(t / c).toFixed(1)}× faster |`);
    rows.push(`| ${name} | tsx | ${t.toFixed(0)} | ${list(runs.tsx, 'ms')} | ${median(runs.tsx.map((r) => r.rssMiB)).toFixed(0)} | |`);
  }
} finally {
  await dropNamespaceStream(ns).catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
}
const m = machine();
const section = `## Compiled components: start and memory (issue 26)

${new Date().toISOString().slice(0, 10)}; ${m.cpu}, ${m.cores} cores (shared), ${m.memory}, Node ${m.node}, ${m.os}; load average ${m.loadAverage.toFixed(1)}.
\`npm run bench:start\` (scripts/bench/start.ts): ${RUNS} alternating runs each after one unrecorded pair; start is spawn to grpc.health.v1 SERVING
(polled every 10 ms), RSS is /proc VmRSS one second after. Real NATS and Redis; NODE_ENV=production.

| component | run as | start, median ms | start, each run ms | RSS MiB (median) | compiled against tsx |
|---|---|---:|---|---:|---|
${rows.join('\n')}
`;
console.log(section);
// `npm run bench` adds it to the report it has just written, before the hand-measured part.
if (process.argv.includes('--append')) addGeneratedSection(join(ROOT, 'docs', 'benchmarks.md'), section);
process.exit(0);
