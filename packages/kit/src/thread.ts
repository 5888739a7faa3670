/**
 * A service of the embedded start on a thread of its own. Everything in one process shares one
 * event loop: a service whose answer callers wait for (metering, when a subject's run rolls over)
 * then waits a turn of a loop kept busy by the computations in flight, for every message it
 * receives and every statement it sends. On its own thread it runs as it does in a deployment, in
 * a process of its own: the same factory, its own gRPC port on loopback, the embedded stores
 * reached through ports (the database's thread directly), real servers connected to itself.
 *
 * The main thread keeps the ends of the service: its log lines and progress come back here to be
 * written with the rest, its metrics are added to this process' /metrics, and stop() stops it.
 */
import { MessageChannel, Worker, isMainThread, parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { ServiceName } from '@svc/protos';
import { adaptersOnThread, type Adapters, type ThreadAdapterSpec } from './adapters/index';
import { portPeer } from './adapters/port';
import { createLogger, type Logger } from './log';
import { addMetricsSource, ownMetrics } from './metrics';
import type { Peers, RunningService, ServiceFactory } from './service';
import { flushTracing } from './tracing/context';

export interface ThreadServiceOptions {
  name: ServiceName;
  /** The module the thread runs: it calls serveThreadService with the service's factory. */
  entry: URL;
  adapters: Adapters;
  log: Logger;
  /** Where the thread's log lines are written (stdout when absent). */
  logTo?: { write(line: string): void };
  env: NodeJS.ProcessEnv;
  progress?: (message: string) => void;
}

/** Where the service listens and finds the others: known only once the services before it started. */
export interface ThreadServicePlace {
  listen: string;
  peers: Peers;
}

/** A service's thread, spawned and loading its code, that starts the service when asked. */
export interface PreparedThreadService {
  start(place: ThreadServicePlace): Promise<RunningService>;
  /** Ends the thread of a service never started (a start that failed before its turn). */
  discard(): Promise<void>;
}

interface ThreadData {
  name: ServiceName;
  entry: string;
  level: string;
  env: Record<string, string>;
  progress: boolean;
  control: MessagePort;
  adapters: ThreadAdapterSpec;
}

/** Starts the service on a new thread and returns once it listens, or with the reason it did not start. */
export async function startServiceOnThread(o: ThreadServiceOptions & ThreadServicePlace): Promise<RunningService> {
  return (await prepareServiceThread(o)).start({ listen: o.listen, peers: o.peers });
}

/**
 * Spawns the service's thread now, so that it loads its code while the services before it start
 * (the catalogue import takes seconds), and starts the service on it when `start` is called.
 */
export async function prepareServiceThread(o: ThreadServiceOptions): Promise<PreparedThreadService> {
  const shared = await o.adapters.shareWithThread();
  const { port1: control, port2: theirs } = new MessageChannel();
  const logTo = o.logTo ?? process.stdout;
  const data: ThreadData = {
    name: o.name,
    entry: o.entry.href,
    level: o.log.level,
    env: Object.fromEntries(Object.entries(o.env).filter((e): e is [string, string] => typeof e[1] === 'string')),
    progress: Boolean(o.progress),
    control: theirs,
    adapters: shared.spec,
  };
  const worker = new Worker(new URL('./thread-boot.mjs', import.meta.url), { workerData: data, transferList: [theirs, ...shared.transfer], name: o.name });
  const peer = portPeer(control, {
    log: (p) => void logTo.write(p.line as string),
    progress: (p) => void o.progress?.(p.message as string),
  });
  let started = false;
  let stopping = false;
  let ended = false;
  const exited = new Promise<Error>((resolve) => {
    worker.once('error', (err) => resolve(err));
    worker.once('exit', (code) => resolve(new Error(`the ${o.name} thread ended (exit code ${code})`)));
  });
  void exited.then((err) => {
    ended = true;
    // After it started, a thread that ends unasked is a service gone: its callers get UNAVAILABLE.
    if (started && !stopping) o.log.fatal({ err: err.message }, `the ${o.name} service's thread stopped; its calls fail until a restart`);
  });
  let discarded: Promise<void> | null = null;
  const discard = () => {
    stopping = true;
    discarded ??= (async () => {
      peer.close();
      await worker.terminate();
      await shared.close();
    })();
    return discarded;
  };
  return {
    discard,
    async start(place) {
      let port: number;
      try {
        port = await Promise.race([peer.call<number>('start', { listen: place.listen, peers: place.peers }), exited.then((err) => Promise.reject(err))]);
      } catch (err) {
        await discard();
        throw err;
      }
      started = true;
      const removeMetrics = addMetricsSource(() => peer.call('metrics'));
      return {
        name: o.name,
        port,
        thread: worker.threadId,
        async stop() {
          if (stopping) return;
          stopping = true;
          removeMetrics();
          try {
            // A thread that already ended has nothing left to stop.
            if (!ended) await Promise.race([peer.call('stop'), exited]);
          } finally {
            await discard();
          }
        },
      };
    },
  };
}

/**
 * The thread's side, called by the entry module with the factories it may start: builds the
 * service's context from what the main thread sent and answers start, stop and metrics.
 */
export function serveThreadService(factoryOf: (name: ServiceName) => ServiceFactory | Promise<ServiceFactory>): void {
  if (isMainThread || !parentPort) throw new Error('serveThreadService runs on a thread started by startServiceOnThread');
  const d = workerData as ThreadData;
  let adapters: Adapters | null = null;
  let running: RunningService | null = null;
  // Its code loads as soon as the thread is up, before the start is asked for.
  const factory = Promise.resolve(factoryOf(d.name));
  factory.catch(() => {});
  const peer = portPeer(d.control, {
    async start(place) {
      adapters = await adaptersOnThread(d.adapters, `svc-${d.name}`);
      const log = createLogger('', d.level, { write: (line: string) => peer.notify('log', { line }) }).child({ svc: d.name });
      running = await (await factory)({
        ...adapters,
        log,
        listen: place.listen as string,
        peers: place.peers as Peers,
        env: d.env,
        ...(d.progress ? { progress: (message: string) => peer.notify('progress', { message }) } : {}),
      });
      return running.port;
    },
    async stop() {
      await running?.stop();
      await adapters?.close();
      // This thread's own span queue, before the main thread ends it.
      await flushTracing();
      return null;
    },
    metrics: () => ownMetrics(),
  }, { keepAlive: true }); // the control port keeps the thread alive until the main thread ends it
}
