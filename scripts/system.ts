/**
 * The whole service in one process (Loki's "all targets"): every service on its own loopback gRPC
 * port, the gateway in front talking gRPC to them, adapters embedded unless URLs are configured.
 * Used by `npm start`, the end-to-end tests and the benchmarks.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAdapters, createLogger, env, loadConfig, prepareServiceThread, type Adapters, type Logger, type Peers, type PreparedThreadService, type RunningService } from '@svc/kit';
import { startGateway, type RunningGateway } from '@svc/gateway/gateway';
import { SERVICE_NAMES, type ServiceName } from '@svc/protos';
import { FACTORIES, WAVES } from './components';
import { ensureDevAccount } from './dev-account';

export interface SystemOptions {
  dataDir: string;
  host?: string;
  port?: number;
  logLevel?: string;
  databaseUrl?: string;
  redisUrl?: string;
  natsUrl?: string;
  namespace?: string;
  ratePerSecond?: number;
  env?: NodeJS.ProcessEnv;
  /** Keep the database in memory (tests); otherwise PGlite lives under dataDir. */
  memoryDb?: boolean;
  /** Where slow start steps report progress (npm start: the console). */
  progress?: (message: string) => void;
  /** Where log lines go (tests capture them); stdout when absent. */
  logDestination?: { write(line: string): void };
  /**
   * Services started on a thread of their own rather than on the main event loop (see
   * prepareServiceThread): by default all of them, so that the gateway's loop is not also the
   * engines' (envelope, label, preservation), does not wait behind metering's work when a run rolls
   * over, and its heap does not hold the library's and compliance's data (a smaller heap to
   * collect: shorter pauses for every request in flight). In a deployment each runs in a process of
   * its own.
   */
  threads?: readonly ServiceName[];
  /**
   * A PGlite data folder dump a new embedded database starts from (see createAdapters); default
   * `SVC_DATABASE_SEED`, which the test run's global set-up points at the catalogue it built.
   */
  databaseSeed?: string;
}

/** The services the embedded start runs on threads of their own unless told otherwise. */
export const DEFAULT_THREADS: readonly ServiceName[] = ['envelope', 'label', 'preservation', 'metering', 'library', 'compliance'];

/** `SVC_THREADS`, as every embedded start reads it: service names, or `none`. */
export const threadsSetting = () => env.list(SERVICE_NAMES as readonly [ServiceName, ...ServiceName[]], DEFAULT_THREADS);

export interface RunningSystem {
  url: string;
  key: string;
  keyCreated: boolean;
  adapters: Adapters;
  services: Record<ServiceName, RunningService>;
  gateway: RunningGateway;
  log: Logger;
  stop(): Promise<void>;
}

/**
 * One start per data folder: PGlite is one process' database, and a second start on the same folder
 * would acknowledge writes that are then lost. A lock file holds the owner's pid; a stale one (its
 * process gone) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'svc.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      let alive = false;
      try {
        alive = Number.isInteger(pid) && pid > 0 && process.kill(pid, 0);
      } catch {
        alive = false;
      }
      if (alive) throw new Error(`another start (process ${pid}) is using the data folder ${dataDir}; stop it, or set SVC_DATA_DIR to another folder`);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock the data folder ${dataDir}`);
}

export async function startSystem(o: SystemOptions): Promise<RunningSystem> {
  const unlock = !o.memoryDb && !o.databaseUrl ? lockDataDir(o.dataDir) : () => {};
  try {
    return await startLocked(o, unlock);
  } catch (err) {
    unlock();
    throw err;
  }
}

async function startLocked(o: SystemOptions, unlock: () => void): Promise<RunningSystem> {
  const log = createLogger('', o.logLevel ?? 'info', o.logDestination);
  const adapters = await createAdapters({
    SVC_DATABASE_URL: o.databaseUrl,
    SVC_REDIS_URL: o.redisUrl,
    SVC_NATS_URL: o.natsUrl,
    SVC_DATA_DIR: o.memoryDb ? '' : o.dataDir,
    SVC_NAMESPACE: o.namespace ?? 'svc',
    SVC_DATABASE_SEED: o.databaseSeed ?? process.env.SVC_DATABASE_SEED,
  }, 'svc-embedded');
  const services = {} as Record<ServiceName, RunningService>;
  const peers = {} as Peers;
  const serviceEnv = o.env ?? process.env;
  const progress = o.progress ? { progress: o.progress } : {};
  // The threads are spawned first: each loads its service's code while the first wave starts.
  const threads: Partial<Record<ServiceName, Promise<PreparedThreadService>>> = {};
  // SVC_THREADS when not told: the tests run their systems' services on the main thread (see vitest.config.ts).
  for (const name of o.threads ?? loadConfig({ SVC_THREADS: threadsSetting() }).SVC_THREADS) {
    threads[name] = prepareServiceThread({ name, adapters, log: log.child({ svc: name }), env: serviceEnv, entry: new URL('./service-thread.ts', import.meta.url), ...progress, ...(o.logDestination ? { logTo: o.logDestination } : {}) });
    threads[name].catch(() => {});
  }
  const stopAll = async () => {
    for (const wave of [...WAVES].reverse()) await Promise.all(wave.filter((n) => services[n]).map((n) => services[n].stop()));
    // Threads whose service never started (the start failed before its wave).
    await Promise.all(Object.values(threads).map((t) => t.then((x) => x.discard(), () => {})));
    await adapters.close();
  };
  try {
    for (const wave of WAVES) {
      await Promise.all(wave.map(async (name) => {
        const place = { listen: '127.0.0.1:0', peers: { ...peers } };
        const thread = threads[name];
        const s = thread ? await (await thread).start(place) : await (await FACTORIES[name]())({ ...adapters, log: log.child({ svc: name }), env: serviceEnv, ...progress, ...place });
        services[name] = s;
        peers[name] = `127.0.0.1:${s.port}`;
      }));
    }
    const dev = await ensureDevAccount(adapters.sql, o.dataDir, (m) => (o.progress ?? ((x: string) => log.warn(x)))(m));
    // The admin CLI finds the services of a running embedded start here.
    writeFileSync(join(o.dataDir, 'addresses.json'), `${JSON.stringify(peers, null, 2)}\n`);
    const gateway = await startGateway({ peers, bus: adapters.bus, kv: adapters.kv, log: log.child({ svc: 'gateway' }), host: o.host ?? '127.0.0.1', port: o.port ?? 8080, ratePerSecond: o.ratePerSecond });
    return {
      url: gateway.url,
      key: dev.key,
      keyCreated: dev.created,
      adapters,
      services,
      gateway,
      log,
      async stop() {
        await gateway.stop();
        await stopAll();
        unlock();
      },
    };
  } catch (err) {
    await stopAll().catch(() => {});
    throw err;
  }
}
