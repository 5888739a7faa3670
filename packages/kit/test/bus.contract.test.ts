import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryBus, natsBus, type Bus, type BusEvent } from '../src/index';
import { dropNamespaceStream, freshNamespace, memoryThroughPort, realServer } from '../src/testing';

const natsNs = freshNamespace('bus');
const impls: [string, () => Promise<Bus>, () => Promise<void>][] = [
  ['memory', async () => memoryBus(), async () => {}],
  ['nats', async () => natsBus(await realServer('nats'), natsNs), () => dropNamespaceStream(natsNs)],
  // What a service on a thread of its own is given: the main thread's bus, through a port.
  ['memory, through a port', async () => {
    const p = memoryThroughPort('bus');
    return { ...p.bus, close: p.close };
  }, async () => {}],
];

const until = async (cond: () => boolean, ms = 3_000) => {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
};

describe.each(impls)('Bus contract: %s', (_name, make, cleanUp) => {
  let bus: Bus;
  beforeAll(async () => { bus = await make(); });
  afterAll(async () => {
    await bus.close();
    await cleanUp();
  });

  it('delivers to broadcast subscribers, matching wildcards', async () => {
    const got: BusEvent[] = [];
    const sub = await bus.subscribe('library.*', (e) => void got.push(e));
    await bus.publish('library.updated', { v: 1 }, { id: 'b-1' });
    await bus.publish('usage.recorded', { v: 2 }, { id: 'b-2' });
    await until(() => got.length >= 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(got.map((e) => [e.subject, e.id, e.data])).toEqual([['library.updated', 'b-1', { v: 1 }]]);
    await sub.stop();
  });

  it('de-duplicates a publish retried with the same id', async () => {
    const got: BusEvent[] = [];
    const sub = await bus.subscribe('account.*', (e) => void got.push(e));
    expect((await bus.publish('account.key_rotated', { a: 1 }, { id: 'same' })).duplicate).toBe(false);
    expect((await bus.publish('account.key_rotated', { a: 1 }, { id: 'same' })).duplicate).toBe(true);
    await until(() => got.length >= 1);
    await new Promise((r) => setTimeout(r, 150));
    expect(got).toHaveLength(1);
    await sub.stop();
  });

  it('gives a durable group the events published before it joined, each once', async () => {
    await bus.publish('meter.call', { n: 1 }, { id: 'g-1' });
    await bus.publish('meter.call', { n: 2 }, { id: 'g-2' });
    const got: number[] = [];
    const a = await bus.subscribe<{ n: number }>('meter.*', (e) => void got.push(e.data.n), { group: 'metering' });
    const b = await bus.subscribe<{ n: number }>('meter.*', (e) => void got.push(e.data.n), { group: 'metering' });
    await bus.publish('meter.call', { n: 3 }, { id: 'g-3' });
    await until(() => got.length >= 3);
    await new Promise((r) => setTimeout(r, 150));
    expect(got.sort()).toEqual([1, 2, 3]);
    await a.stop();
    await b.stop();
  });

  it('redelivers to a group when the handler fails', async () => {
    let attempts = 0;
    const ok: string[] = [];
    const sub = await bus.subscribe('compliance.*', (e) => {
      attempts++;
      if (attempts === 1) throw new Error('transient');
      ok.push(e.id);
    }, { group: 'retry-test' });
    await bus.publish('compliance.refused', {}, { id: 'r-1' });
    await until(() => ok.length >= 1, 5_000);
    expect(ok).toEqual(['r-1']);
    expect(attempts).toBe(2);
    await sub.stop();
  });
});
