import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapters, createLogger, exposition, prepareServiceThread, startServiceOnThread, type Adapters, type RunningService } from '../src/index';

const entry = new URL('./fixtures/thread-service.ts', import.meta.url);
const until = async (cond: () => boolean | Promise<boolean>, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!(await cond()) && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return cond();
};

describe('a service on a thread of its own', () => {
  let adapters: Adapters;
  let service: RunningService;
  const lines: string[] = [];
  const progress: string[] = [];
  const logTo = { write: (line: string) => void lines.push(line) };
  const log = createLogger('', 'info', logTo);
  const get = async (path: string) => {
    const r = await fetch(`http://127.0.0.1:${service.port}${path}`);
    expect(r.status, await r.clone().text()).toBe(200);
    return r.json() as Promise<unknown>;
  };
  const start = (env: NodeJS.ProcessEnv = {}) =>
    startServiceOnThread({ name: 'metering', entry, adapters, log, logTo, listen: '127.0.0.1:0', peers: {} as never, env, progress: (m) => void progress.push(m) });

  beforeAll(async () => {
    adapters = await createAdapters({ SVC_DATA_DIR: '', SVC_NAMESPACE: 'thread' });
    await adapters.sql.exec("CREATE TABLE seen (id text PRIMARY KEY, n int); INSERT INTO seen VALUES ('main', 42)");
    service = await start();
  }, 60_000);
  afterAll(async () => {
    await service?.stop();
    await adapters?.close();
  });

  it('runs on another thread, and its log lines and progress come back to this one', async () => {
    expect(await get('/')).toEqual({ threadId: expect.any(Number) });
    expect(((await get('/')) as { threadId: number }).threadId).toBeGreaterThan(0);
    expect(progress).toContain('fixture ready');
    expect(await until(() => lines.some((l) => l.includes('"msg":"fixture asked"') && l.includes('"svc":"metering"')))).toBe(true);
  });

  it("reaches this process' embedded database, bus and store", async () => {
    expect(await get('/sql')).toBe(42);
    await adapters.kv.set('from-main', 'yes');
    expect(await get('/kv')).toBe('yes');
    // This thread's bus hears what the service publishes there...
    const heard: unknown[] = [];
    const sub = await adapters.bus.subscribe('fixture.pong', (e) => void heard.push(e.data));
    expect(await get('/publish')).toEqual({ duplicate: false });
    expect(await get('/publish')).toEqual({ duplicate: true });
    expect(await until(() => heard.length === 1)).toBe(true);
    await sub.stop();
    // ...and its durable group hears what is published here, once per event id.
    await adapters.bus.publish('fixture.ping', { n: 7 }, { id: 'ping-1' });
    await adapters.bus.publish('fixture.ping', { n: 7 }, { id: 'ping-1' });
    await adapters.bus.publish('fixture.ping', { n: 8 }, { id: 'ping-2' });
    const rows = async () => (await adapters.sql.query<{ id: string; n: number }>('SELECT id, n FROM heard ORDER BY id')).rows;
    expect(await until(async () => (await rows()).length === 2)).toBe(true);
    expect(await rows()).toEqual([{ id: 'ping-1', n: 7 }, { id: 'ping-2', n: 8 }]);
  });

  it("adds its metrics to this process' exposition", async () => {
    await get('/');
    expect(await exposition()).toMatch(/^svc_fixture_calls_total [1-9]/m);
  });

  it('says why it did not start, and leaves nothing running', async () => {
    await expect(start({ FIXTURE_FAIL: 'start' })).rejects.toThrow('the fixture refused to start');
  });

  it('says so in the log when its thread dies, and stops without harm afterwards', async () => {
    const other = await start();
    const r = await fetch(`http://127.0.0.1:${other.port}/crash`);
    expect(r.status).toBe(200);
    expect(await until(() => lines.some((l) => l.includes('"level":"fatal"') && l.includes('the fixture crashed')))).toBe(true);
    await expect(fetch(`http://127.0.0.1:${other.port}/`)).rejects.toThrow();
    await other.stop();
  });

  it('stops: its port closes, and a second stop is harmless', async () => {
    const other = await start();
    expect(await fetch(`http://127.0.0.1:${other.port}/`).then((r) => r.status)).toBe(200);
    await other.stop();
    await other.stop();
    await expect(fetch(`http://127.0.0.1:${other.port}/`)).rejects.toThrow();
    // The database is still this process', and still answers.
    expect((await adapters.sql.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('spawns a thread ahead of its start, and ends it unstarted when the start is abandoned', async () => {
    const prepared = await prepareServiceThread({ name: 'metering', entry, adapters, log, logTo, env: {} });
    await prepared.discard();
    await prepared.discard();
    await expect(prepared.start({ listen: '127.0.0.1:0', peers: {} as never })).rejects.toThrow();
  });
});
