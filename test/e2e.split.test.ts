import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, freshNamespace, realServer } from '@svc/kit/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startSplit, type RunningSplit } from '../scripts/split';
import { splitForSuite } from './support/split-system';
import { expectError, get, send, walk } from './walk';

describe('split start: seven processes against real PostgreSQL, Redis and NATS', () => {
  const split = splitForSuite('split');
  const output = split.output;
  let sys: RunningSplit;
  beforeAll(() => void (sys = split.sys));

  it('serves the four skeleton endpoints and their errors over HTTP', async () => {
    await walk(sys);
  });

  it('restarts a crashed process with back-off and says so', async () => {
    const formula = { variant: 'classic', nbPct: 80, lines: [{ n: 'AQUA', pct: 16 }, { n: 'GLYCERIN', pct: 4 }] };
    expect((await send(sys, 'POST', '/inci/label', JSON.stringify(formula))).status).toBe(200);
    await sys.crash('label');
    let status = 0;
    const end = Date.now() + 30_000;
    while (Date.now() < end && (status = (await send(sys, 'POST', '/inci/label', JSON.stringify(formula))).status) !== 200) await new Promise((r) => setTimeout(r, 200));
    expect(status).toBe(200);
    expect(output.join('\n')).toMatch(/supervisor: label exited \(SIGKILL\); restarting in 0\.5 s/);
  }, 60_000);

  it('answers 503 while a service is paused, and recovers when it resumes', async () => {
    const check = { base: 'classic', basePct: 80, ph: 5.5, lines: [{ n: 'AQUA', pct: 16 }, { n: 'GLYCERIN', pct: 4 }] };
    sys.procs.envelope.kill('SIGSTOP');
    try {
      const r = await send(sys, 'POST', '/check', JSON.stringify(check));
      expectError(r, 503, 'service_unavailable');
      expect(r.headers.get('retry-after')).toBeTruthy();
      expect((await get(sys, '/account')).status).toBe(200);
    } finally {
      sys.procs.envelope.kill('SIGCONT');
    }
    expect((await send(sys, 'POST', '/check', JSON.stringify(check))).status).toBe(200);
  }, 30_000);

  it('/check takes the chassis bands from label: 503 for an architecture not yet asked while label is paused, the others kept', async () => {
    const body = (base: string) => JSON.stringify({ base, basePct: 80, ph: 5.5, lines: [{ n: 'AQUA', pct: 16 }, { n: 'GLYCERIN', pct: 4 }] });
    // classic was answered above: its bands are kept by the envelope; clinical was never asked.
    expect((await send(sys, 'POST', '/check', body('classic'))).status).toBe(200);
    sys.procs.label.kill('SIGSTOP');
    try {
      const r = await send(sys, 'POST', '/check', body('clinical'));
      expectError(r, 503, 'service_unavailable');
      expect((await send(sys, 'POST', '/check', body('classic'))).status).toBe(200);
    } finally {
      sys.procs.label.kill('SIGCONT');
    }
    // The failure was not kept: asked again, and answered.
    expect((await send(sys, 'POST', '/check', body('clinical'))).status).toBe(200);
  }, 30_000);

  it('answers 503 for each killed service within the deadline while the others keep working', async () => {
    const post = (path: string, body: unknown) => send(sys, 'POST', path, JSON.stringify(body));
    const formula = { variant: 'classic', nbPct: 80, lines: [{ n: 'AQUA', pct: 16 }, { n: 'GLYCERIN', pct: 4 }] };
    const check = { base: 'classic', basePct: 80, ph: 5.5, lines: formula.lines };
    const routes = {
      check: () => post('/check', check),
      label: () => post('/inci/label', formula),
      preservation: () => post('/ai/preservation', formula),
    };
    for (const r of Object.values(routes)) expect((await r()).status).toBe(200);

    // Each compute service in turn: only its own route fails, quickly, with the stable code.
    const down: string[] = [];
    for (const [name, route] of Object.entries(routes) as [keyof typeof routes, () => Promise<{ status: number; body: any; headers: Headers }>][]) {
      await sys.kill(name === 'check' ? 'envelope' : name);
      down.push(name);
      expectError(await route(), 503, 'service_unavailable');
      for (const [other, r] of Object.entries(routes)) if (!down.includes(other)) expect((await r()).status).toBe(200);
      expect((await get(sys, '/account')).status).toBe(200);
    }

    await sys.kill('library');
    expectError(await get(sys, '/lib/search?q=niacinamide'), 503, 'service_unavailable');
    // Answered before the library went away: still served from the gateway's cache.
    expect((await get(sys, '/lib/search?q=glycerin')).status).toBe(200);
    expect((await get(sys, '/account')).status).toBe(200);

    await sys.kill('metering');
    expectError(await get(sys, '/account'), 503, 'service_unavailable');
    expect((await fetch(`${sys.url}/ai/primer`)).status).toBe(200);
  }, 60_000);

  it('stops every process on SIGTERM and leaks no key into the logs', async () => {
    // Keys every way a caller sends them, right or wrong: none may reach a log line.
    const wrong = `${sys.key.slice(0, -4)}AAAA`;
    await get(sys, '/account');
    await get({ url: sys.url, key: wrong }, '/account');
    await fetch(`${sys.url}/mcp/${sys.key}`);
    // MCP with the key in the path, right and wrong, through the SDK's client: a tool call, a refusal.
    for (const k of [sys.key, wrong]) {
      const mcp = new Client({ name: 'split', version: '1' });
      await mcp.connect(new StreamableHTTPClientTransport(new URL(`${sys.url}/mcp/${k}`)));
      const r = await mcp.callTool({ name: 'check_formula', arguments: { base: 'classic', basePct: 80, ph: 'x', lines: [] } });
      expect(r.isError).toBe(true);
      expect(JSON.stringify(r)).not.toContain(k.slice('svc_live_'.length, 'svc_live_'.length + 20));
      await mcp.close();
    }
    await fetch(`${sys.url}/x/${encodeURIComponent(sys.key).replace('_', '%5F')}`);
    await fetch(`${sys.url}/ai/primer`, { headers: { 'x-request-id': sys.key.slice('svc_live_'.length) } });
    await sys.stop();
    for (const p of Object.values(sys.procs)) expect(p.exitCode !== null || p.signalCode !== null).toBe(true);
    const logs = output.join('\n');
    expect(logs).toMatch(/\/mcp\/\*rest/);
    for (const k of [sys.key, wrong]) expect(logs).not.toContain(k.slice('svc_live_'.length, 'svc_live_'.length + 20));
  });
});

describe('split start against a dependency that never answers', () => {
  it('fails within seconds, naming the service and the variable', async () => {
    const net = await import('node:net');
    const silent = net.createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as import('node:net').AddressInfo).port;
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-split-bad-'));
    const db = await freshDatabase('splitbad');
    try {
      // The start's own deadline ends it (the message names the variable); how soon is the
      // deadline's business (STARTUP_DEADLINE_MS), not a wall clock's here.
      const err = await startSplit({ databaseUrl: db.url, redisUrl: `redis://127.0.0.1:${port}`, natsUrl: await realServer('nats'), namespace: freshNamespace('splitbad'), dataDir, logLevel: 'warn', output: () => {} }).then(
        () => null,
        (e: Error) => e,
      );
      expect(err?.message).toMatch(/^(library|metering|compliance|envelope|preservation|label) exited during start: .*SVC_REDIS_URL/);
    } finally {
      silent.close();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
