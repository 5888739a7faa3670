/**
 * The seven components as separate processes (the production shape, on one machine) against
 * real PostgreSQL, Redis and NATS. Used by `npm run start:split` and the split end-to-end test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ADDR_VAR, freePort, postgresSql, waitHealthy } from '@svc/kit';
import type { ServiceName } from '@svc/protos';
import { PACKAGE_DIR, WAVES } from './components';
import { ensureDevAccount } from './dev-account';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

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
}

export interface RunningSplit {
  url: string;
  key: string;
  addresses: Record<ServiceName, string>;
  procs: Record<ServiceName | 'gateway', ChildProcess>;
  kill(name: ServiceName | 'gateway', signal?: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}

const exited = (p: ChildProcess) => new Promise<void>((r) => (p.exitCode !== null || p.signalCode !== null ? r() : p.once('exit', () => r())));

export async function startSplit(o: SplitOptions): Promise<RunningSplit> {
  const names = WAVES.flat();
  const ports = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await freePort()] as const))) as Record<ServiceName, number>;
  const addresses = Object.fromEntries(names.map((n) => [n, `127.0.0.1:${ports[n]}`])) as Record<ServiceName, string>;
  const gatewayPort = o.gatewayPort ?? (await freePort());
  const common: NodeJS.ProcessEnv = {
    ...process.env,
    SVC_DATABASE_URL: o.databaseUrl,
    SVC_REDIS_URL: o.redisUrl,
    SVC_NATS_URL: o.natsUrl,
    SVC_NAMESPACE: o.namespace ?? 'svc',
    SVC_DATA_DIR: o.dataDir,
    SVC_LOG_LEVEL: o.logLevel ?? 'info',
    ...Object.fromEntries(names.map((n) => [ADDR_VAR[n], addresses[n]])),
  };
  const out = o.output ?? ((name, line) => process.stdout.write(`${name.padEnd(12)} | ${line}\n`));
  const procs = {} as Record<ServiceName | 'gateway', ChildProcess>;
  const launch = (name: ServiceName | 'gateway', extra: NodeJS.ProcessEnv) => {
    const p = spawn(process.execPath, ['--import', 'tsx', `${PACKAGE_DIR[name]}/src/main.ts`], { cwd: ROOT, env: { ...common, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [p.stdout, p.stderr]) {
      let buf = '';
      stream?.on('data', (d: Buffer) => {
        buf += d.toString();
        let i;
        while ((i = buf.indexOf('\n')) >= 0) {
          out(name, buf.slice(0, i));
          buf = buf.slice(i + 1);
        }
      });
    }
    procs[name] = p;
  };
  const stop = async () => {
    const all = Object.values(procs);
    for (const p of all) if (p.exitCode === null) p.kill('SIGTERM');
    await Promise.race([Promise.all(all.map(exited)), new Promise((r) => setTimeout(r, 10_000))]);
    for (const p of all) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  };
  try {
    for (const wave of WAVES) {
      for (const n of wave) launch(n, { SVC_GRPC_PORT: String(ports[n]) });
      await Promise.all(wave.map((n) => waitHealthy(addresses[n], 120_000)));
    }
    const sql = postgresSql(o.databaseUrl, { max: 1 });
    const dev = await ensureDevAccount(sql, o.dataDir).finally(() => sql.close());
    launch('gateway', { SVC_PORT: String(gatewayPort) });
    const url = `http://127.0.0.1:${gatewayPort}`;
    const end = Date.now() + 60_000;
    for (;;) {
      const ok = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > end) throw new Error('gateway did not start');
      await new Promise((r) => setTimeout(r, 150));
    }
    return {
      url,
      key: dev.key,
      addresses,
      procs,
      async kill(name, signal = 'SIGKILL') {
        procs[name].kill(signal);
        await exited(procs[name]);
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
