/**
 * The seven components as separate processes (the production shape, on one machine) against
 * real PostgreSQL, Redis and NATS. Used by `npm run start:split` and the split end-to-end test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADDR_VAR, freePort, postgresSql, STOP_MESSAGE, SUPERVISED_VAR, waitHealthy } from '@svc/kit';
import type { ServiceName } from '@svc/protos';
import { COMPONENTS, PACKAGE_DIR, WAVES, type ComponentName } from './components';
import { compiledCommand } from './build/compiled';
import { ensureDevAccount } from './dev-account';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Starts tracing in a process before its modules load (a no-op unless OTEL_EXPORTER_OTLP_ENDPOINT is set). */
export const TRACING_REGISTER = new URL('../packages/kit/src/tracing/register.mjs', import.meta.url).href;

export interface SplitOptions {
  databaseUrl: string;
  redisUrl: string;
  natsUrl: string;
  namespace?: string;
  dataDir: string;
  gatewayPort?: number;
  logLevel?: string;
  /** Where children write their output; default: this process' stdout, prefixed by name. */
  output?: (name: string, line: string) => void;
  /** Listen on the registry's ports (the cluster's) instead of free ones. */
  fixedPorts?: boolean;
  /** Ports fixed by the caller (another replica will share one); the others as fixedPorts says. */
  ports?: Partial<Record<ComponentName, number>>;
  /** Added to every process' environment, after the addresses (so it may name a peer otherwise). */
  env?: NodeJS.ProcessEnv;
  /** Added to one component's environment. */
  componentEnv?: Partial<Record<ComponentName, NodeJS.ProcessEnv>>;
  /** `compiled`: each component from its build (`dist/<name>/main.mjs`, plain node); default the sources through tsx. */
  runtime?: 'tsx' | 'compiled';
}

export interface RunningSplit {
  url: string;
  key: string;
  addresses: Record<ServiceName, string>;
  procs: Record<ServiceName | 'gateway', ChildProcess>;
  /** Takes a component down and keeps it down (the supervisor leaves it). */
  kill(name: ServiceName | 'gateway', signal?: NodeJS.Signals): Promise<void>;
  /** Kills a component as a crash would: the supervisor restarts it. */
  crash(name: ServiceName | 'gateway'): Promise<void>;
  stop(): Promise<void>;
}

/** A supervised process drains and stops on this message (signals are the supervisor's to act on). */
const askToStop = (p: ChildProcess): void => {
  if (p.connected) p.send(STOP_MESSAGE, () => {});
  else p.kill('SIGTERM');
};

const exited = (p: ChildProcess) => new Promise<void>((r) => (p.exitCode !== null || p.signalCode !== null ? r() : p.once('exit', () => r())));

/** Restart delays of a process that exits on its own: doubling from 0.5 s up to 10 s. */
const BACKOFF_MS = [500, 1_000, 2_000, 5_000, 10_000];
/** A process that ran this long is healthy again: its next crash starts the back-off over. */
const STEADY_MS = 60_000;

export async function startSplit(o: SplitOptions): Promise<RunningSplit> {
  const names = WAVES.flat();
  // The cluster's ports from the registry when asked (npm run start:split), else free ones (tests).
  const portOf = async (n: ComponentName) => o.ports?.[n] ?? (o.fixedPorts ? COMPONENTS.find((c) => c.name === n)!.port : await freePort());
  const ports = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await portOf(n)] as const))) as Record<ServiceName, number>;
  const addresses = Object.fromEntries(names.map((n) => [n, `127.0.0.1:${ports[n]}`])) as Record<ServiceName, string>;
  const gatewayPort = o.gatewayPort ?? (await portOf('gateway'));
  const common: NodeJS.ProcessEnv = {
    ...process.env,
    SVC_DATABASE_URL: o.databaseUrl,
    SVC_REDIS_URL: o.redisUrl,
    SVC_NATS_URL: o.natsUrl,
    SVC_NAMESPACE: o.namespace ?? 'svc',
    SVC_DATA_DIR: o.dataDir,
    SVC_LOG_LEVEL: o.logLevel ?? 'info',
    ...Object.fromEntries(names.map((n) => [ADDR_VAR[n], addresses[n]])),
    ...o.env,
  };
  // A build holds no chassis (an image gets it from a Secret): the checkout's example (the chassis
  // package's default) stands in, as the mount would, for the two that read it.
  const chassis = (name: ComponentName): NodeJS.ProcessEnv =>
    o.runtime === 'compiled' && COMPONENTS.find((c) => c.name === name)!.readsChassis && !common.SVC_CHASSIS_FILE ? { SVC_CHASSIS_FILE: join(ROOT, 'packages/chassis/data/chassis.example.json') } : {};
  const command = (name: ComponentName) => (o.runtime === 'compiled' ? compiledCommand(name) : ['--import', 'tsx', '--import', TRACING_REGISTER, `${PACKAGE_DIR[name]}/src/main.ts`]);
  const out = o.output ?? ((name, line) => process.stdout.write(`${name.padEnd(12)} | ${line}\n`));
  const procs = {} as Record<ComponentName, ChildProcess>;
  const extras = {} as Record<ComponentName, NodeJS.ProcessEnv>;
  /** The last lines each process wrote, to say why a start failed. */
  const tails = {} as Record<ComponentName, string[]>;
  /** Components the operator took down (kill): not restarted. */
  const held = new Set<ComponentName>();
  const crashes = {} as Record<ComponentName, number>;
  let stopping = false;

  const launch = (name: ComponentName, extra: NodeJS.ProcessEnv) => {
    extras[name] = extra;
    tails[name] = [];
    const started = Date.now();
    // Each in a process group of its own, with an IPC channel: a terminal's Ctrl-C (the group's
    // signal) reaches only this supervisor, and a signal sent to every process (systemd, container
    // runtimes) is left to it (onShutdown); it stops them in order, the gateway first, by message.
    const p = spawn(process.execPath, command(name), {
      cwd: ROOT,
      env: { ...common, ...chassis(name), ...o.componentEnv?.[name], ...extra, OTEL_SERVICE_NAME: name, [SUPERVISED_VAR]: '1' },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      detached: true,
    });
    for (const stream of [p.stdout, p.stderr]) {
      let buf = '';
      stream?.on('data', (d: Buffer) => {
        buf += d.toString();
        let i;
        while ((i = buf.indexOf('\n')) >= 0) {
          const line = buf.slice(0, i);
          out(name, line);
          tails[name].push(line);
          if (tails[name].length > 5) tails[name].shift();
          buf = buf.slice(i + 1);
        }
      });
    }
    // The supervisor: a process that exits on its own is restarted with back-off, and says so.
    p.once('exit', (code, signal) => {
      if (stopping || held.has(name) || procs[name] !== p) return;
      if (Date.now() - started > STEADY_MS) crashes[name] = 0;
      const n = crashes[name] ?? 0;
      crashes[name] = n + 1;
      const wait = BACKOFF_MS[Math.min(n, BACKOFF_MS.length - 1)]!;
      out('supervisor', `${name} exited (${signal ?? `code ${code}`}); restarting in ${wait / 1000} s`);
      setTimeout(() => {
        if (!stopping && !held.has(name)) launch(name, extras[name]);
      }, wait).unref();
    });
    procs[name] = p;
  };

  /** Waits until `name` answers, or fails at once, naming it, if it exits first. */
  const ready = (name: ServiceName) =>
    new Promise<void>((resolve, reject) => {
      const p = procs[name];
      const died = () => reject(new Error(`${name} exited during start: ${tails[name].join(' | ') || 'no output'}`));
      p.once('exit', died);
      waitHealthy(addresses[name], 120_000).then(
        () => {
          p.off('exit', died);
          resolve();
        },
        reject,
      );
    });

  /** Stops in reverse start order: the gateway first (it drains), then each wave of services. */
  const stop = async () => {
    stopping = true;
    for (const group of [['gateway'] as ComponentName[], ...[...WAVES].reverse()]) {
      const ps = group.map((n) => procs[n]).filter((p): p is ChildProcess => p !== undefined);
      for (const p of ps) if (p.exitCode === null && p.signalCode === null) askToStop(p);
      await Promise.race([Promise.all(ps.map(exited)), new Promise((r) => setTimeout(r, 15_000))]);
      for (const p of ps) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
    }
  };
  try {
    for (const wave of WAVES) {
      for (const n of wave) launch(n, { SVC_GRPC_PORT: String(ports[n]) });
      await Promise.all(wave.map(ready));
    }
    const sql = postgresSql(o.databaseUrl, { max: 1 });
    const dev = await ensureDevAccount(sql, o.dataDir).finally(() => sql.close());
    launch('gateway', { SVC_PORT: String(gatewayPort) });
    const url = `http://127.0.0.1:${gatewayPort}`;
    const gateway = procs.gateway;
    const end = Date.now() + 60_000;
    for (;;) {
      // Only our own gateway counts: another process answering on the port is not a start.
      if (gateway.exitCode !== null || gateway.signalCode !== null) throw new Error(`gateway exited during start: ${tails.gateway.join(' | ') || 'no output'}`);
      const ok = tails.gateway.some((l) => l.startsWith('gateway: http')) && (await fetch(`${url}/healthz`).then((r) => r.ok, () => false));
      if (ok) break;
      if (Date.now() > end) throw new Error('gateway did not start within 60 s');
      await new Promise((r) => setTimeout(r, 150));
    }
    return {
      url,
      key: dev.key,
      addresses,
      procs,
      async kill(name, signal = 'SIGKILL') {
        held.add(name);
        if (signal === 'SIGTERM') askToStop(procs[name]);
        else procs[name].kill(signal);
        await exited(procs[name]);
      },
      async crash(name) {
        const p = procs[name];
        p.kill('SIGKILL');
        await exited(p);
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
