/**
 * Two replicas of envelope behind one name, as a headless Service puts them: the split system on
 * real PostgreSQL, Redis and NATS, its envelope on 127.0.0.1:P and a second envelope on 127.0.0.2:P,
 * and a DNS server on loopback that answers the name with both addresses. The gateway is given the
 * name only (a `dns://` target, resolved by grpc-js' DNS resolver). Calls through the gateway reach
 * both replicas (round_robin, not pick_first), and go on without one failure while a replica is
 * killed under load.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDR_VAR, freePort, waitHealthy } from '@svc/kit';
import { dropNamespaceStream, freshDatabase, freshNamespace, realServer } from '@svc/kit/testing';
import { SERVICE_NAMES } from '@svc/protos';
import { startSplit, type RunningSplit } from '../scripts/split';
import { startDns, type DnsServer } from './support/dns';

const ROOT = resolve(import.meta.dirname, '..');
const NAME = 'envelope.replicas.test';

/** Calls envelope answered with OK, from a replica's own /metrics. */
async function handled(at: string): Promise<number> {
  const text = await (await fetch(`http://${at}/metrics`)).text();
  let n = 0;
  for (const m of text.matchAll(/^svc_grpc_server_handled_total\{([^}]*)\} (\d+)/gm)) if (m[1]!.includes('svc="envelope"') && m[1]!.includes('code="OK"')) n += Number(m[2]);
  return n;
}

describe('gRPC across replicas: two envelopes behind one DNS name', () => {
  let sys: RunningSplit;
  let dns: DnsServer;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let second: ChildProcess;
  const ns = freshNamespace('replicas');
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-replicas-'));
  const output: string[] = [];
  /** Where each replica's /metrics listens: beside its gRPC port, on its own address. */
  const metrics = { first: '', second: '' };
  let port = 0;

  // The same formula every time (the gateway caches no answer; a formula moved step by step would be
  // refused as a sweep for protected information).
  const check = () =>
    fetch(`${sys.url}/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-svc-key': sys.key },
      body: JSON.stringify({ base: 'classic', basePct: 80, ph: 5.5, lines: [{ n: 'AQUA', pct: 16 }, { n: 'GLYCERIN', pct: 4 }] }),
    }).then(async (r) => ({ status: r.status, body: await r.text() }));

  beforeAll(async () => {
    db = await freshDatabase('replicas', { catalogue: true });
    port = await freePort();
    const metricsPorts = [await freePort(), await freePort()];
    metrics.first = `127.0.0.1:${metricsPorts[0]}`;
    metrics.second = `127.0.0.2:${metricsPorts[1]}`;
    dns = await startDns({ [NAME]: ['127.0.0.1', '127.0.0.2'] });
    const common = { databaseUrl: db.url, redisUrl: await realServer('redis'), natsUrl: await realServer('nats'), namespace: ns, dataDir };
    sys = await startSplit({
      ...common,
      logLevel: 'warn',
      output: (name, line) => void output.push(`${name}: ${line}`),
      ports: { envelope: port },
      // Every caller knows envelope by its name only; grpc-js resolves it with the DNS server named in the target.
      env: { [ADDR_VAR.envelope]: `dns://${dns.address}/${NAME}:${port}`, GRPC_NODE_USE_ALTERNATIVE_RESOLVER: 'true' },
      componentEnv: { envelope: { SVC_METRICS_PORT: String(metricsPorts[0]) } },
    });
    // The second replica: the same component, the same port, the other loopback address.
    second = spawn(process.execPath, ['--import', 'tsx', 'services/envelope/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        SVC_DATABASE_URL: common.databaseUrl,
        SVC_REDIS_URL: common.redisUrl,
        SVC_NATS_URL: common.natsUrl,
        SVC_NAMESPACE: ns,
        SVC_DATA_DIR: dataDir,
        SVC_LOG_LEVEL: 'warn',
        ...Object.fromEntries(SERVICE_NAMES.map((n) => [ADDR_VAR[n], sys.addresses[n]])),
        SVC_GRPC_HOST: '127.0.0.2',
        SVC_GRPC_PORT: String(port),
        SVC_METRICS_PORT: String(metricsPorts[1]),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const s of [second.stdout!, second.stderr!]) s.on('data', (d: Buffer) => void output.push(`envelope#2: ${d.toString().trim()}`));
    await waitHealthy(`127.0.0.2:${port}`, 60_000);
  }, 240_000);

  afterAll(async () => {
    if (second && second.exitCode === null && second.signalCode === null) second.kill('SIGKILL');
    await sys?.stop();
    await dns?.close();
    await db?.drop();
    await dropNamespaceStream(ns);
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('spreads the gateway\'s calls over both replicas', async () => {
    // The gateway's channel tried 127.0.0.2 before the second replica listened: it reconnects within
    // its back-off (2 s at most). Calls until the second replica has answered one, bounded.
    let i = 0;
    while ((await handled(metrics.second)) === 0 && i++ < 400) expect((await check()).status).toBe(200);
    const before = { first: await handled(metrics.first), second: await handled(metrics.second) };
    expect(before.second).toBeGreaterThan(0);
    const n = 40;
    const answers = await Promise.all(Array.from({ length: n }, check));
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    const got = { first: (await handled(metrics.first)) - before.first, second: (await handled(metrics.second)) - before.second };
    expect(got.first + got.second).toBe(n);
    // round_robin: turn by turn, so neither replica is left idle (pick_first would give one all 40).
    expect(got.first).toBeGreaterThanOrEqual(n / 4);
    expect(got.second).toBeGreaterThanOrEqual(n / 4);
    expect(dns.queries.get(NAME)).toBeGreaterThan(0);
  }, 120_000);

  it('goes on without a failed call while a replica is killed under load', async () => {
    const results: Array<{ status: number; body: string }> = [];
    let afterKill = 0;
    let killed = false;
    // Four callers at a time, as a gateway under load has; the kill comes in the middle of their calls.
    const worker = async () => {
      while (afterKill < 80) {
        // Only a call that starts after the kill must reach the replica left: one answered by the
        // second replica just before it died may still arrive after the kill is seen.
        const startedAfter = killed;
        const r = await check();
        results.push(r);
        if (startedAfter) afterKill++;
      }
    };
    const workers = Array.from({ length: 4 }, worker);
    while (results.length < 40) await new Promise((r) => setTimeout(r, 20));
    const firstBefore = await handled(metrics.first);
    // A crash, not a drain: the replica's connections reset with calls on them.
    const exited = new Promise((r) => second.once('exit', r));
    second.kill('SIGKILL');
    await exited;
    killed = true;
    await Promise.all(workers);
    expect(results.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.body.slice(0, 200)}`)).toEqual([]);
    // Everything after the kill was answered by the replica left.
    expect((await handled(metrics.first)) - firstBefore).toBeGreaterThanOrEqual(afterKill);
    expect(output.filter((l) => /envelope.*(?:error|failed)/i.test(l))).toEqual([]);
  }, 120_000);
});
