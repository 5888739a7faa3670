/**
 * The transactional outbox: a service writes its event in the same transaction as the change it
 * describes, and a relay publishes it to the bus afterwards, with the outbox row's id as the message
 * id. A crash between the commit and the publish loses nothing (the relay publishes it on the next
 * pass or after a restart), and a publish repeated after a crash is stored once (the bus de-duplicates
 * by message id within its window; consumers are idempotent beyond it).
 */
import type { Bus } from './adapters/bus';
import type { Sql, SqlTx } from './adapters/sql';
import type { Logger } from './log';
import { outboxFailures, outboxPending, outboxPublished } from './metrics';

/** The DDL of a service's outbox table, for its migrations. */
export const outboxTable = (schema: string): string => `
CREATE TABLE ${schema}.outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subject text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz
);
CREATE INDEX outbox_unpublished ON ${schema}.outbox (id) WHERE published_at IS NULL`;

/** Writes an event in the caller's transaction; it leaves once that transaction commits. */
export async function enqueue(tx: SqlTx, schema: string, subject: string, data: unknown): Promise<number> {
  const r = await tx.query<{ id: number }>(`INSERT INTO ${schema}.outbox (subject, data) VALUES ($1, $2::jsonb) RETURNING id`, [subject, JSON.stringify(data)]);
  return Number(r.rows[0]?.id);
}

export const outboxMessageId = (schema: string, id: number): string => `${schema}.outbox:${id}`;

export interface OutboxRelay {
  /** Publishes what is waiting now (call after a commit that enqueued); resolves when done. */
  flush(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Publishes waiting events in id order, a batch at a time, and marks each published. Runs every
 * `intervalMs` and whenever flushed; one pass at a time per process, and `FOR UPDATE SKIP LOCKED`
 * keeps replicas from publishing the same row at once.
 */
export function startOutboxRelay(o: { sql: Sql; bus: Bus; schema: string; log: Logger; intervalMs?: number; batch?: number }): OutboxRelay {
  const batch = o.batch ?? 100;
  let running: Promise<number> | null = null;
  let stopped = false;

  const pass = async (): Promise<number> => {
    let sent = 0;
    for (;;) {
      const n = await o.sql.transaction(async (tx) => {
        const rows = await tx.query<{ id: number; subject: string; data: unknown }>(
          `SELECT id, subject, data FROM ${o.schema}.outbox WHERE published_at IS NULL ORDER BY id LIMIT ${batch} FOR UPDATE SKIP LOCKED`,
        );
        for (const r of rows.rows) await o.bus.publish(r.subject, r.data, { id: outboxMessageId(o.schema, Number(r.id)) });
        // Marked in one statement once all are out: the transaction holds the embedded database's
        // one connection, and a failed publish rolls the marks back either way (the bus keeps the
        // ones that left once, by their id).
        if (rows.rows.length > 0) await tx.query(`UPDATE ${o.schema}.outbox SET published_at = now() WHERE id = ANY($1::bigint[])`, [rows.rows.map((r) => r.id)]);
        return rows.rows.length;
      });
      sent += n;
      outboxPublished.inc({ schema: o.schema }, n);
      if (n < batch) outboxPending.set({ schema: o.schema }, 0);
      if (n < batch || stopped) return sent;
    }
  };

  const flush = (): Promise<number> => {
    if (running) return running.then(() => flush());
    running = pass()
      .catch(async (err: unknown) => {
        // The rows stay unpublished; the next pass tries again.
        o.log.warn({ err: (err as Error).message, schema: o.schema }, 'outbox relay pass failed');
        outboxFailures.inc({ schema: o.schema });
        // The backlog the operators' alert watches; unknown (left as it was) when the database is the failure.
        await o.sql.query<{ n: string }>(`SELECT count(*) AS n FROM ${o.schema}.outbox WHERE published_at IS NULL`).then(
          (r) => outboxPending.set({ schema: o.schema }, Number(r.rows[0]?.n ?? 0)),
          () => {},
        );
        return 0;
      })
      .finally(() => (running = null));
    return running;
  };

  const timer = setInterval(() => void flush(), o.intervalMs ?? 1_000);
  timer.unref();
  return {
    flush,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
