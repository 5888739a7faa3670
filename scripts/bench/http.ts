/** Load from this process to servers in child processes, on loopback only, bounded in time. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface LoadResult {
  name: string;
  /** Mean requests per second (autocannon's per-second samples). */
  rps: number;
  /** Latency in milliseconds. */
  p50: number;
  p99: number;
  max: number;
  /** Responses received, all status codes. */
  requests: number;
  seconds: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Count per status code, e.g. { "200": 41000 }. */
  statuses: Record<string, number>;
  /** CPU time the server process used per response, ms (Linux; null elsewhere or without `serverPid`). */
  cpuMsPerRequest: number | null;
  /** The server process's CPU use during the run, in cores (1 = one core busy all the time). */
  serverCores: number | null;
}

let clockTicks = 0;
/** User + system CPU time of a process in ms, from /proc; null when unavailable. */
export function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    if (!clockTicks) {
      try {
        clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
      } catch {
        clockTicks = 100;
      }
    }
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / clockTicks;
  } catch {
    return null;
  }
}

export interface LoadOptions {
  /** Base URL (origin, optionally with a path); loopback only. */
  url: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
  /** Paths cycled by every connection, in order (e.g. the same route with different queries). */
  paths?: readonly string[];
  connections?: number;
  seconds?: number;
  /** The server's process id, to report its CPU time per request. */
  serverPid?: number;
}

const isLoopback = (url: string): boolean => /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/.test(url);

export async function load(name: string, o: LoadOptions): Promise<LoadResult> {
  if (!isLoopback(o.url)) throw new Error('benchmarks send traffic to loopback only');
  const method = o.method ?? 'GET';
  const seconds = o.seconds ?? 8;
  const body = o.body === undefined ? undefined : JSON.stringify(o.body);
  const opts: autocannon.Options = {
    url: o.url,
    method,
    connections: o.connections ?? 50,
    duration: seconds,
    timeout: 10,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(o.headers ?? {}) },
    ...(body === undefined ? {} : { body }),
    ...(o.paths && o.paths.length > 0 ? { requests: o.paths.map((path) => ({ method, path, ...(body === undefined ? {} : { body }) })) } : {}),
  };
  const cpu0 = processCpuMs(o.serverPid);
  const t0 = performance.now();
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    let settled = false;
    const inst = autocannon(opts, (err: unknown, result: autocannon.Result) => {
      if (settled) return;
      settled = true;
      clearTimeout(guard);
      if (err) reject(err instanceof Error ? err : new Error(String(err)));
      else resolve(result);
    }) as autocannon.Instance & { stop(): void };
    // Autocannon stops by itself after `duration`; this guard bounds a run that does not.
    const guard = setTimeout(() => {
      if (settled) return;
      inst.stop();
      setTimeout(() => {
        if (settled) return;
        settled = true;
        reject(new Error(`${name}: load did not finish within ${seconds + 30} s`));
      }, 5_000).unref();
    }, (seconds + 25) * 1000);
    guard.unref();
  });
  const cpu1 = processCpuMs(o.serverPid);
  const wallMs = performance.now() - t0;
  const cpuMs = cpu0 !== null && cpu1 !== null ? cpu1 - cpu0 : null;
  const statuses: Record<string, number> = {};
  for (const [code, s] of Object.entries(r.statusCodeStats ?? {})) statuses[code] = s.count ?? 0;
  return {
    name,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    requests: r.requests.total,
    seconds: r.duration,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    statuses,
    cpuMsPerRequest: cpuMs !== null && r.requests.total > 0 ? cpuMs / r.requests.total : null,
    serverCores: cpuMs !== null ? cpuMs / wallMs : null,
  };
}

/** True when the run saw nothing but 2xx responses. */
export const clean = (r: LoadResult): boolean => r.errors === 0 && r.timeouts === 0 && r.non2xx === 0 && r.requests > 0;

export interface Child {
  proc: ChildProcess;
  match: RegExpMatchArray;
  /** The last few kilobytes the child printed (stdout and stderr), for diagnostics. */
  tail(): string;
}

/** Every child started here and not yet exited, from the moment it is spawned (also while it starts). */
export const running = new Set<ChildProcess>();

/**
 * Starts a child running a TypeScript entry and resolves once it prints a line matching `ready`.
 * Its output keeps being drained afterwards (a full pipe would stall the child), keeping a tail.
 */
export function child(entry: string, env: NodeJS.ProcessEnv, ready: RegExp, o: { timeoutMs?: number; nodeArgs?: string[] } = {}): Promise<Child> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [...(o.nodeArgs ?? []), '--import', 'tsx', entry], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(proc);
    let out = '';
    let started = false;
    const keep = (d: Buffer) => {
      out += d.toString();
      if (out.length > 16_000) out = out.slice(-8_000);
    };
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`${entry} did not start within ${Math.round((o.timeoutMs ?? 120_000) / 1000)} s: ${out.slice(-2000)}`));
    }, o.timeoutMs ?? 120_000);
    proc.stdout?.on('data', (d: Buffer) => {
      keep(d);
      if (started) return;
      const m = out.match(ready);
      if (m) {
        started = true;
        clearTimeout(timer);
        resolve({ proc, match: m, tail: () => out.slice(-4000) });
      }
    });
    proc.stderr?.on('data', keep);
    proc.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    proc.on('exit', (code, signal) => {
      running.delete(proc);
      clearTimeout(timer);
      if (!started) reject(new Error(`${entry} exited with ${code ?? signal}: ${out.slice(-2000)}`));
    });
  });
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the child is gone. */
export async function stopChild(proc: ChildProcess, graceMs = 10_000): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  await new Promise<void>((r) => {
    const kill = setTimeout(() => proc.kill('SIGKILL'), graceMs);
    proc.once('exit', () => {
      clearTimeout(kill);
      r();
    });
    proc.kill('SIGTERM');
  });
}

/** Stops every child still running (see `running`), in parallel. */
export async function stopAll(): Promise<void> {
  await Promise.allSettled([...running].map((p) => stopChild(p)));
}
