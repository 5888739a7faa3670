/**
 * One trace per request in the embedded start too, where the services run on threads of the
 * gateway's process: `npm start`'s command with tracing on, against a fresh PostgreSQL database
 * (so the ledger's statements are instrumented SQL) and the in-process bus and store.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '@svc/kit';
import { freshDatabase, startOtlpReceiver, type ReceivedSpan } from '@svc/kit/testing';
import { TRACING_REGISTER } from '../scripts/split';

const SERVER = 2;
// npm start as shipped: its services on threads (the tests' SVC_THREADS=none is not its setting).
const { SVC_THREADS: _threads, ...shipped } = process.env;

describe('tracing in the embedded start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-trace-embedded-'));
  const cleanup: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('follows a /check from the gateway into the service threads and their SQL', async () => {
    const receiver = await startOtlpReceiver();
    cleanup.push(() => receiver.close());
    const db = await freshDatabase('trace_embedded', { catalogue: true });
    cleanup.push(() => db.drop());
    const port = await freePort();
    const env = { ...shipped, SVC_DATA_DIR: dataDir, SVC_PORT: String(port), SVC_DATABASE_URL: db.url, SVC_LOG_LEVEL: 'info', OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_BSP_SCHEDULE_DELAY: '100', OTEL_TRACES_SAMPLER: 'parentbased_always_on' };
    // npm start's command (package.json), run directly so that the test owns the process.
    const child = spawn(process.execPath, ['--v8-pool-size=1', '--import', 'tsx', '--import', TRACING_REGISTER, 'scripts/start.ts'], { cwd: resolve(import.meta.dirname, '..'), env, stdio: ['ignore', 'pipe', 'pipe'] });
    cleanup.push(async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const started = Date.now() + 150_000;
    while (!/API key:\s+svc_live_/.test(out) && Date.now() < started && child.exitCode === null) await new Promise((r) => setTimeout(r, 200));
    const key = /API key:\s+(svc_live_\S+)/.exec(out)?.[1];
    expect(key, out).toBeTruthy();

    const check = { base: 'classic', basePct: 80, ph: 5.5, lines: [{ n: 'AQUA', pct: 16 }, { n: 'GLYCERIN', pct: 4 }] };
    const r = await fetch(`http://127.0.0.1:${port}/check`, { method: 'POST', body: JSON.stringify(check), headers: { 'x-svc-key': key!, 'content-type': 'application/json' } });
    expect(r.status).toBe(200);
    const traceId = (r.headers.get('traceparent') ?? '').split('-')[1];
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);

    const find = (what: (s: ReceivedSpan) => boolean) => receiver.spans.find((s) => s.traceId === traceId && what(s));
    const wanted = {
      gateway: (s: ReceivedSpan) => s.service === 'gateway' && s.kind === SERVER && s.name.startsWith('POST'),
      envelope: (s: ReceivedSpan) => s.service === 'envelope' && s.kind === SERVER && s.name.includes('Envelope/Check'),
      metering: (s: ReceivedSpan) => s.service === 'metering' && s.kind === SERVER && s.name.includes('Metering/Meter'),
      sql: (s: ReceivedSpan) => s.service === 'metering' && /INSERT INTO metering\.runs/.test(String(s.attributes['db.query.text'] ?? s.attributes['db.statement'] ?? '')),
    };
    const end = Date.now() + 20_000;
    while (Date.now() < end && !Object.values(wanted).every((w) => find(w))) await new Promise((res) => setTimeout(res, 100));
    const names = receiver.spans.filter((s) => s.traceId === traceId).map((s) => `${s.service}:${s.name}`).join(', ');
    for (const [what, w] of Object.entries(wanted)) expect(find(w), `${what} in ${names}`).toBeTruthy();
  }, 240_000);
});
