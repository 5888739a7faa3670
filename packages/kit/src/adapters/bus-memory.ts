import { consumeTraced, traceHeaders } from '../tracing/context';
import { DEDUPE_WINDOW_MS, subjectMatches, type Bus, type BusEvent, type Subscription } from './bus';

/**
 * The bus inside one process, with the same promises as JetStream: de-duplication by id within
 * the window, durable groups that start from the first unseen event and redeliver on failure.
 */
export function memoryBus(opts: { maxLog?: number; maxDeliver?: number } = {}): Bus {
  const maxLog = opts.maxLog ?? 10_000;
  const maxDeliver = opts.maxDeliver ?? 5;
  const log: BusEvent[] = [];
  let offset = 0; // absolute index of log[0]
  const seen = new Map<string, number>();
  type Sub = { pattern: string; handler: (e: BusEvent) => Promise<void> | void; group?: string; cursor: number; busy: boolean; stopped: boolean };
  const subs = new Set<Sub>();
  const groups = new Map<string, { cursor: number; members: Sub[]; next: number; busy: boolean }>();
  let closed = false;

  const runGroup = async (name: string) => {
    const g = groups.get(name);
    if (!g || g.busy) return;
    g.busy = true;
    try {
      while (!closed && g.cursor < offset + log.length && g.members.length) {
        const e = log[g.cursor - offset];
        g.cursor++;
        if (!e) continue;
        const members = g.members.filter((m) => subjectMatches(m.pattern, e.subject));
        if (!members.length) continue;
        for (let attempt = 1; attempt <= maxDeliver; attempt++) {
          const m = members[g.next++ % members.length]!;
          try {
            await consumeTraced(e.subject, e.trace, () => m.handler(e));
            break;
          } catch {
            await new Promise((r) => setTimeout(r, 10 * attempt));
          }
        }
      }
    } finally {
      g.busy = false;
    }
  };

  const runBroadcast = async (s: Sub) => {
    if (s.busy) return;
    s.busy = true;
    try {
      while (!closed && !s.stopped && s.cursor < offset + log.length) {
        const e = log[s.cursor - offset];
        s.cursor++;
        if (e && subjectMatches(s.pattern, e.subject)) {
          try {
            await consumeTraced(e.subject, e.trace, () => s.handler(e));
          } catch {
            // Broadcast listeners keep caches fresh; a failure there must not stop the stream.
          }
        }
      }
    } finally {
      s.busy = false;
    }
  };

  return {
    kind: 'memory',
    async publish(subject, data, { id, trace }) {
      if (closed) throw new Error('bus closed');
      const now = Date.now();
      // Ids are kept in the order they came, so the expired ones are at the front: stop at the first
      // that is not (walking all of them made each publish cost every id of the last two minutes).
      for (const [k, t] of seen) {
        if (now - t <= DEDUPE_WINDOW_MS) break;
        seen.delete(k);
      }
      if (seen.has(id)) return { duplicate: true };
      seen.set(id, now);
      // Deep copy: a consumer must not see a later mutation of the publisher's object.
      const carried = trace ?? traceHeaders();
      log.push({ subject, id, data: structuredClone(data), ...(carried ? { trace: carried } : {}) });
      if (log.length > maxLog) {
        log.shift();
        offset++;
      }
      for (const name of groups.keys()) void runGroup(name);
      for (const s of subs) if (!s.group) void runBroadcast(s);
      return { duplicate: false };
    },
    async subscribe<T>(pattern: string, handler: (e: BusEvent<T>) => Promise<void> | void, o: { group?: string } = {}): Promise<Subscription> {
      const s: Sub = { pattern, handler: handler as Sub['handler'], group: o.group, cursor: offset + log.length, busy: false, stopped: false };
      subs.add(s);
      if (o.group) {
        const g = groups.get(o.group) ?? { cursor: offset, members: [], next: 0, busy: false };
        g.members.push(s);
        groups.set(o.group, g);
        void runGroup(o.group);
      }
      return {
        async stop() {
          s.stopped = true;
          subs.delete(s);
          if (o.group) {
            const g = groups.get(o.group);
            if (g) g.members = g.members.filter((m) => m !== s);
          }
        },
      };
    },
    async close() {
      closed = true;
      subs.clear();
    },
  };
}
