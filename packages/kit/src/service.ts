/**
 * How a service process starts and stops, the same whether it runs alone (`src/main.ts`) or
 * beside the others in the embedded start: the factory gets ready adapters and an address and
 * returns something that can be stopped. Only main() reads the environment and signals.
 */
import type { ServiceName } from '@svc/protos';
import { commonEnv, env, loadConfig } from './config';
import { createAdapters, type Bus, type Kv, type Sql } from './adapters/index';
import { createLogger, type Logger } from './log';
import { serveMetrics } from './metrics';
import { flushTracing } from './tracing/context';

export const DEFAULT_PORTS: Record<ServiceName, number> = {
  library: 50051,
  envelope: 50052,
  preservation: 50053,
  label: 50054,
  metering: 50055,
  compliance: 50056,
};

export const ADDR_VAR: Record<ServiceName, string> = {
  library: 'SVC_LIBRARY_ADDR',
  envelope: 'SVC_ENVELOPE_ADDR',
  preservation: 'SVC_PRESERVATION_ADDR',
  label: 'SVC_LABEL_ADDR',
  metering: 'SVC_METERING_ADDR',
  compliance: 'SVC_COMPLIANCE_ADDR',
};

export type Peers = Record<ServiceName, string>;

export function peersFromEnv(e: NodeJS.ProcessEnv = process.env): Peers {
  const shape = Object.fromEntries(
    (Object.keys(ADDR_VAR) as ServiceName[]).map((s) => [ADDR_VAR[s], env.address(`127.0.0.1:${DEFAULT_PORTS[s]}`)]),
  );
  const cfg = loadConfig(shape, e) as Record<string, string>;
  return Object.fromEntries((Object.keys(ADDR_VAR) as ServiceName[]).map((s) => [s, cfg[ADDR_VAR[s]]!])) as Peers;
}

export interface ServiceContext {
  sql: Sql;
  bus: Bus;
  kv: Kv;
  log: Logger;
  /** host:port to listen on; port 0 picks a free one. */
  listen: string;
  peers: Peers;
  env: NodeJS.ProcessEnv;
  /** Human-readable progress of slow start steps (the catalogue import); logs when absent. */
  progress?: (message: string) => void;
  /** The schema was brought up to date before this process (SVC_MIGRATE=skip): start without migrating. */
  skipMigrations?: boolean;
}

/** A service's schema (and data) changes, run at its start or alone (SVC_MIGRATE=only). */
export type MigrateStep = (ctx: Pick<ServiceContext, 'sql' | 'bus' | 'log' | 'progress'>) => Promise<void>;

/**
 * When a process migrates: `start` before it serves (one process, the embedded start); `only`
 * migrates and exits 0 without serving (a pod's init container, so the schema is current before
 * the new replica's server starts); `skip` serves a schema migrated by that init container.
 */
export const MIGRATE_MODES = ['start', 'only', 'skip'] as const;

export interface RunningService {
  name: string;
  port: number;
  /** The worker thread's id, when the service runs on a thread of its own (see thread.ts). */
  thread?: number;
  stop(): Promise<void>;
}

export type ServiceFactory = (ctx: ServiceContext) => Promise<RunningService>;

/**
 * A failed start says what failed in one line, naming the process (a bad variable, a dependency that
 * does not answer, an invalid chassis file), and exits 1; only a fault of ours prints its stack.
 */
export function startFailed(name: string, err: unknown): never {
  const e = err as Error;
  const expected = ['ConfigError', 'DependencyError', 'ChassisError'].includes(e?.name ?? '') || /^invalid configuration|^[A-Z_]+: /.test(e?.message ?? '');
  console.error(`${name}: failed to start: ${e?.message ?? String(err)}`);
  if (!expected && e?.stack) console.error(e.stack);
  process.exit(1);
}

/**
 * Entry of a service run alone: config from the environment, clean stop on SIGTERM/SIGINT.
 * `migrateStep` is the service's migrations, for SVC_MIGRATE=only; a service without one has none.
 */
export async function serviceMain(name: ServiceName, factory: ServiceFactory, migrateStep?: MigrateStep): Promise<void> {
  try {
    await runService(name, factory, migrateStep);
  } catch (err) {
    startFailed(name, err);
  }
}

async function runService(name: ServiceName, factory: ServiceFactory, migrateStep: MigrateStep | undefined): Promise<void> {
  const cfg = loadConfig({
    ...commonEnv,
    SVC_GRPC_HOST: env.string('127.0.0.1'),
    SVC_GRPC_PORT: env.port(DEFAULT_PORTS[name]),
    SVC_METRICS_PORT: env.port(0),
    SVC_MIGRATE: env.oneOf(MIGRATE_MODES),
  });
  const log = createLogger(name, cfg.SVC_LOG_LEVEL);
  const adapters = await createAdapters({ ...cfg, SVC_DATA_DIR: `${cfg.SVC_DATA_DIR}/${name}` }, name);
  if (cfg.SVC_MIGRATE === 'only') {
    if (migrateStep) await migrateStep({ ...adapters, log });
    log.info(migrateStep ? 'migrations applied' : 'no migrations to apply');
    await adapters.close();
    return;
  }
  const running = await factory({ ...adapters, log, listen: `${cfg.SVC_GRPC_HOST}:${cfg.SVC_GRPC_PORT}`, peers: peersFromEnv(), env: process.env, skipMigrations: cfg.SVC_MIGRATE === 'skip' });
  // Metrics only when a port is configured (containers set 9464); never on the service's own port.
  const metrics = cfg.SVC_METRICS_PORT ? await serveMetrics(cfg.SVC_GRPC_HOST, cfg.SVC_METRICS_PORT) : null;
  onShutdown(log, async () => {
    await metrics?.stop();
    await running.stop();
    await adapters.close();
  });
}

/** The environment variable a supervisor sets on the processes it starts with an IPC channel. */
export const SUPERVISED_VAR = 'SVC_SUPERVISED';
/** The message a supervisor sends a process to drain and stop. */
export const STOP_MESSAGE = 'svc:stop';
/** How long a drain may take before the process exits anyway. */
export const SHUTDOWN_DEADLINE_MS = 30_000;

/**
 * Runs `stop` once, then exits. Process managers signal more than once: Ctrl-C reaches the whole
 * process group (and npm forwards it again), systemd or a container runtime may signal every
 * process. So a second SIGTERM or SIGINT during the drain is only logged; a third, or the drain
 * running past SHUTDOWN_DEADLINE_MS, exits at once.
 *
 * Under a supervisor (an IPC channel and SVC_SUPERVISED=1: the split start) signals are not this
 * process' to act on: the supervisor stops the components in order (the gateway drains while the
 * services still answer it) and says so with STOP_MESSAGE; a supervisor that is gone (the channel
 * closed) is a stop too. Returns the stop, for other reasons to stop (it is never run twice).
 */
export function onShutdown(log: Logger, stop: () => Promise<void>, deadlineMs = SHUTDOWN_DEADLINE_MS): (reason: string) => void {
  let signals = 0;
  let stopping = false;
  const begin = (reason: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason }, 'shutting down');
    setTimeout(() => {
      log.error({ deadlineMs }, 'the drain did not finish in time; exiting');
      process.exit(1);
    }, deadlineMs).unref();
    // The spans of the last requests are sent before the exit (bounded: TRACE_FLUSH_MS).
    stop().then(
      () => flushTracing().finally(() => process.exit(0)),
      (err) => {
        log.error({ err }, 'shutdown failed');
        void flushTracing().finally(() => process.exit(1));
      },
    );
  };
  const supervised = process.env[SUPERVISED_VAR] === '1' && typeof process.send === 'function';
  const onSignal = (signal: NodeJS.Signals) => {
    signals++;
    if (supervised) {
      log.info({ signal }, 'signal left to the supervisor');
      if (signals < 3) return;
    }
    if (signals >= 3) {
      log.warn({ signal }, 'third signal: exiting without finishing the drain');
      process.exit(1);
    }
    if (stopping) {
      log.info({ signal }, 'already draining; a third signal exits at once');
      return;
    }
    begin(signal);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  if (supervised) {
    process.on('message', (m) => {
      if (m === STOP_MESSAGE) begin('supervisor');
    });
    process.on('disconnect', () => begin('supervisor gone'));
  }
  // A stop for other reasons (the parent went), counted as no signal.
  return begin;
}
