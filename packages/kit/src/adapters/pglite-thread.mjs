// The embedded PostgreSQL (PGlite) on a thread of its own (see sql-pglite-thread.ts): PostgreSQL
// compiled to WebAssembly runs each statement synchronously, so on the caller's thread every
// statement would stop the event loop, and with it every request in flight. Plain JavaScript, so
// it starts under any loader (tsx, vitest, a bare node).
//
// Messages in: { id, op: 'query', text, params, tx? } | { id, op: 'exec', text }
//              | { id, op: 'begin' | 'commit' | 'rollback', tx } | { id, op: 'close' }
//              | { id, op: 'connect', port }: serve another client (a service on a thread of its
//                own) on that MessagePort, with the same messages; its transactions are its own,
//                and its 'close' disconnects it only.
// Messages out: { id, ok: true, value } | { id, ok: false, error }; id 0 once the database is open.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** What of an error crosses the thread: the fields callers test (a SQLSTATE code among them). */
const plainError = (err) => {
  const e = err && typeof err === 'object' ? err : { message: String(err) };
  const out = { name: e.name, message: String(e.message ?? err) };
  for (const k of ['code', 'detail', 'hint', 'constraint', 'table', 'column', 'schema', 'severity']) if (typeof e[k] === 'string') out[k] = e[k];
  return out;
};

/**
 * One client of the database: the thread's parent (which owns it and closes it), or a port another
 * thread was given. Transaction ids are the client's own, so each client has its own table of open
 * transactions; a client that goes away (its thread stopped or died) has them rolled back, or one
 * left open would hold PGlite's single connection for ever.
 */
function serve(port, owner) {
  const fail = (id, err) => port.postMessage({ id, ok: false, error: plainError(err) });
  const reply = (id, run) =>
    run().then(
      (value) => {
        try {
          port.postMessage({ id, ok: true, value });
        } catch (err) {
          fail(id, err); // a value that cannot cross (not expected of PGlite's rows)
        }
      },
      (err) => fail(id, err),
    );

  /** Open transactions by the client's id: each holds PGlite's transaction until its commit or rollback. */
  const txs = new Map();

  /**
   * Opens a transaction that stays open across messages: PGlite's own transaction (its single
   * connection held, a throw rolls back), kept waiting on a promise the commit or rollback settles.
   * The client names it and sends its statements without waiting for the BEGIN: they follow it in
   * order, and wait here until it has started.
   */
  function begin(id) {
    const entry = {};
    entry.ready = new Promise((started, failed) => {
      entry.done = db.transaction(
        (tx) =>
          new Promise((commit, rollback) => {
            Object.assign(entry, { commit, rollback });
            started(tx);
          }),
      );
      // BEGIN itself failed: its statements and its end hear it (the entry stays until its end).
      entry.done.catch(failed);
    });
    entry.ready.catch(() => {});
    txs.set(id, entry);
    return entry.ready.then(() => null);
  }

  async function end(id, commit) {
    const entry = txs.get(id);
    if (!entry) throw new Error('no such transaction: it ended already');
    try {
      await entry.ready;
      if (commit) entry.commit();
      else entry.rollback(new Error('rolled back'));
      await entry.done;
    } catch (err) {
      if (commit) throw err;
    } finally {
      txs.delete(id);
    }
    return null;
  }

  async function query(m) {
    const entry = m.tx === undefined ? null : txs.get(m.tx);
    if (m.tx !== undefined && !entry) throw new Error('no such transaction: it ended already');
    const on = entry ? await entry.ready : db;
    const r = await on.query(m.text, m.params);
    return { rows: r.rows, rowCount: r.affectedRows || r.rows.length };
  }

  // Each message is handled as it arrives, not queued behind the last: a statement outside a
  // transaction waits in PGlite for the open one to end, while that one's statements go on.
  port.on('message', (m) => {
    if (!db) return void port.postMessage({ id: m.id, ok: false, error: { message: 'the embedded database did not open' } });
    if (m.op === 'query') return void reply(m.id, () => query(m));
    if (m.op === 'exec') return void reply(m.id, () => db.exec(m.text).then(() => null));
    if (m.op === 'begin') return void reply(m.id, () => begin(m.tx));
    if (m.op === 'commit' || m.op === 'rollback') return void reply(m.id, () => end(m.tx, m.op === 'commit'));
    if (m.op === 'connect') {
      return void reply(m.id, async () => {
        serve(m.port, false);
        return null;
      });
    }
    if (m.op === 'close' && !owner) {
      port.postMessage({ id: m.id, ok: true, value: null });
      return void port.close(); // only this client goes: the database is its owner's to close
    }
    if (m.op === 'close') return void reply(m.id, async () => (db.closed ? null : db.close().then(() => null)));
    port.postMessage({ id: m.id, ok: false, error: { message: `unknown operation ${m.op}` } });
  });
  if (!owner) port.on('close', () => void Promise.all([...txs.keys()].map((id) => end(id, false))));
}

let db;
try {
  const extensions = { pg_trgm };
  const dataDir = workerData?.dataDir;
  // A new database starts from the seed's data folder (a dump of another PGlite) instead of an
  // empty one: the catalogue already imported. A database that exists is opened as it is.
  const seed = workerData?.seed && !(dataDir && existsSync(join(dataDir, 'PG_VERSION'))) ? { loadDataDir: new Blob([readFileSync(workerData.seed)]) } : {};
  db = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions, ...seed });
  parentPort.postMessage({ id: 0, ok: true, value: null });
} catch (err) {
  parentPort.postMessage({ id: 0, ok: false, error: plainError(err) });
}

serve(parentPort, true);
