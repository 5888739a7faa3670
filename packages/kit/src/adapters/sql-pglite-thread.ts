import { existsSync } from 'node:fs';
import { MessageChannel, Worker, type MessagePort, type Transferable } from 'node:worker_threads';
import { ConfigError } from '../config';
import type { Sql, SqlResult, SqlTx } from './sql';

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: { name?: string; message: string; [field: string]: unknown } };

/** An error as the database thread described it, with its fields (a SQLSTATE `code` among them). */
function errorOf(e: { name?: string; message: string; [field: string]: unknown }): Error {
  const err = Object.assign(new Error(e.message), e);
  if (e.name) err.name = e.name;
  return err;
}

/**
 * The embedded PostgreSQL (PGlite) on a worker thread of this process: the embedded start's
 * database. PGlite runs each statement synchronously; on the event loop a metering transaction or
 * a migration would stop every request in flight for its length, where PostgreSQL proper runs in
 * a process of its own. Here statements cross to the thread as messages, the event loop goes on,
 * and what callers see is the in-process `pgliteSql`: the same SQL, errors with their SQLSTATE
 * code, transactions that commit when `fn` resolves and roll back when it throws. A transaction
 * holds PGlite's single connection from its BEGIN to its COMMIT, as before. `seed`: a PGlite
 * data folder dump (`dumpDataDir('none')`) a new database starts from rather than an empty one.
 */
export async function pgliteThreadSql(dataDir?: string, opts: { seed?: string | undefined } = {}): Promise<SharedSql> {
  const file = new URL('./pglite-thread.mjs', import.meta.url);
  // A compiled component (npm run build, an image) holds no embedded database: it runs on PostgreSQL.
  if (!existsSync(file)) throw new ConfigError('SVC_DATABASE_URL: required here (this build holds no embedded database)');
  const worker = new Worker(file, { workerData: { dataDir, seed: opts.seed } });
  const client = messageClient(worker);
  worker.on('error', (err) => client.fail(new Error(`the embedded database stopped: ${err.message}`)));
  worker.on('exit', (code) => client.fail(new Error(`the embedded database stopped (thread exit ${code})`)));
  try {
    await client.call<null>({}, 0); // the thread says 0 once PGlite is open
  } catch (err) {
    await worker.terminate();
    throw err;
  }
  return {
    ...sqlOf(client, () => worker.terminate()),
    async connect() {
      const { port1, port2 } = new MessageChannel();
      await client.call({ op: 'connect', port: port2 }, undefined, [port2]);
      return port1;
    },
  };
}

/**
 * The embedded database as another thread sees it (a service on a thread of its own): the port
 * `connect()` gave, straight to the database's thread, so its statements never wait for a turn of
 * the main event loop. Closing it disconnects this client only; its open transactions roll back.
 */
export function sqlOverPort(port: MessagePort): Sql {
  const client = messageClient(port);
  port.on('close', () => client.fail(new Error('the embedded database is closed')));
  return sqlOf(client, async () => port.close());
}

/** The embedded database, which can give another thread a connection of its own. */
export interface SharedSql extends Sql {
  /** A port to the database's thread for one more client: transfer it to the thread that uses it. */
  connect(): Promise<MessagePort>;
}

interface Endpoint {
  postMessage(message: unknown, transfer?: readonly Transferable[]): void;
  on(event: 'message', listener: (m: Reply) => void): unknown;
  ref(): void;
  unref(): void;
}

/** Messages to the database's thread and their answers, matched by id. */
function messageClient(endpoint: Endpoint) {
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  let seq = 0;
  let gone: Error | null = null;
  // The thread keeps the process alive only while a statement is in flight (a script that awaits
  // one does not exit under it; a process that forgot to close does not hang on it).
  endpoint.unref();
  const settle = (id: number, f: (p: { resolve(v: unknown): void; reject(e: Error): void }) => void) => {
    const p = pending.get(id);
    if (!p) return;
    pending.delete(id);
    if (pending.size === 0) endpoint.unref();
    f(p);
  };
  endpoint.on('message', (m: Reply) => settle(m.id, (p) => (m.ok ? p.resolve(m.value) : p.reject(errorOf(m.error)))));
  return {
    get gone() {
      return gone;
    },
    fail(err: Error) {
      gone ??= err;
      for (const id of [...pending.keys()]) settle(id, (p) => p.reject(err));
    },
    call<T>(msg: Record<string, unknown>, id = ++seq, transfer?: Transferable[]): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (gone) return reject(gone);
        if (pending.size === 0) endpoint.ref();
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        if (id === 0) return;
        try {
          endpoint.postMessage({ id, ...msg }, transfer);
        } catch (err) {
          settle(id, (p) => p.reject(err as Error)); // a parameter that cannot cross to the thread
        }
      });
    },
  };
}

/** The Sql contract over a message client: what callers see is the in-process `pgliteSql`. */
function sqlOf(client: ReturnType<typeof messageClient>, afterClose: () => Promise<unknown>): Sql {
  let txSeq = 0;
  const query = <R>(text: string, params?: unknown[], tx?: number) => client.call<SqlResult<R>>({ op: 'query', text, params, tx });
  return {
    kind: 'pglite',
    query: (text, params) => query(text, params),
    async exec(text) {
      await client.call({ op: 'exec', text });
    },
    async transaction(fn) {
      // Its statements follow the BEGIN without waiting for it (one crossing fewer); a failed
      // BEGIN fails them, and is what the transaction rejects with.
      const id = ++txSeq;
      const began = client.call({ op: 'begin', tx: id });
      began.catch(() => {});
      const tx: SqlTx = { query: (text, params) => query(text, params, id) };
      let out;
      try {
        out = await fn(tx);
        await began;
      } catch (err) {
        await client.call({ op: 'rollback', tx: id }).catch(() => {});
        throw err;
      }
      await client.call({ op: 'commit', tx: id });
      return out;
    },
    async close() {
      if (client.gone) return;
      await client.call({ op: 'close' });
      client.fail(new Error('the embedded database is closed'));
      await afterClose();
    },
  };
}
