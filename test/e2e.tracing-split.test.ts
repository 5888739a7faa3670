/**
 * One trace per request across the split start's processes: the gateway's server span, the
 * envelope's and metering's gRPC server spans and the ledger's SQL all under the trace id the
 * gateway answers in `traceparent`, exported over OTLP to a receiver in this process, and that id
 * on the log lines the request wrote.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '@svc/kit/testing';
import type { RunningSplit } from '../scripts/split';
import { splitForSuite } from './support/split-system';
import { send } from './walk';

const SERVER = 2;

describe('tracing across the split start', () => {
  let receiver: OtlpReceiver;
  const OTEL = ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_PROTOCOL', 'OTEL_BSP_SCHEDULE_DELAY', 'OTEL_TRACES_SAMPLER'];
  const split = splitForSuite('trace', {
    async before() {
      receiver = await startOtlpReceiver();
      // The children inherit this process' environment (startSplit).
      Object.assign(process.env, { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_BSP_SCHEDULE_DELAY: '100', OTEL_TRACES_SAMPLER: 'parentbased_always_on' });
    },
    async after() {
      for (const k of OTEL) delete process.env[k];
      await receiver?.close();
    },
  });
  const output = split.output;
  let sys: RunningSplit;
  beforeAll(() => void (sys = split.sys));

  it('puts a /check and everything it causes in one trace, named in the answer and the logs', async () => {
    const check = { base: 'classic', basePct: 80, ph: 5.5, lines: [{ n: 'AQUA', pct: 16 }, { n: 'GLYCERIN', pct: 4 }] };
    const r = await send(sys, 'POST', '/check', JSON.stringify(check));
    expect(r.status).toBe(200);
    const traceparent = r.headers.get('traceparent') ?? '';
    expect(traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
    const traceId = traceparent.split('-')[1]!;

    const inTrace = () => receiver.spans.filter((s) => s.traceId === traceId);
    const find = (what: (s: ReceivedSpan) => boolean) => inTrace().find(what);
    const gateway = (s: ReceivedSpan) => s.service === 'gateway' && s.kind === SERVER && s.name.startsWith('POST');
    const envelope = (s: ReceivedSpan) => s.service === 'envelope' && s.kind === SERVER && s.name.includes('Envelope/Check');
    const metering = (s: ReceivedSpan) => s.service === 'metering' && s.kind === SERVER && s.name.includes('Metering/Meter');
    const ledgerSql = (s: ReceivedSpan) => s.service === 'metering' && /INSERT INTO metering\.runs/.test(String(s.attributes['db.query.text'] ?? s.attributes['db.statement'] ?? ''));
    const end = Date.now() + 20_000;
    while (Date.now() < end && ![gateway, envelope, metering, ledgerSql].every((w) => find(w))) await new Promise((res) => setTimeout(res, 100));
    const spans = { gateway: find(gateway), envelope: find(envelope), metering: find(metering), sql: find(ledgerSql) };
    expect(spans, `spans of the trace: ${inTrace().map((s) => `${s.service}:${s.name}`).join(', ')}`).toEqual({
      gateway: expect.anything(), envelope: expect.anything(), metering: expect.anything(), sql: expect.anything(),
    });

    // One tree: the gateway's span is the root (the caller sent no context), the others descend from it.
    const byId = new Map(inTrace().map((s) => [s.spanId, s]));
    const rootOf = (s: ReceivedSpan): ReceivedSpan => (s.parentSpanId && byId.has(s.parentSpanId) ? rootOf(byId.get(s.parentSpanId)!) : s);
    expect(spans.gateway!.parentSpanId).toBe('');
    for (const s of [spans.envelope!, spans.metering!, spans.sql!]) expect(rootOf(s).spanId).toBe(spans.gateway!.spanId);
    // Only this request's spans carry its id (another trace's spans are not folded in).
    expect(new Set(receiver.spans.filter(gateway).map((s) => s.traceId)).size).toBe(receiver.spans.filter(gateway).length);

    // The request's access log line carries the trace id.
    const requestId = r.headers.get('x-request-id')!;
    const lines = output.filter((l) => l.includes(requestId));
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(JSON.parse(l.slice(l.indexOf('{'))).trace_id).toBe(traceId);
  }, 60_000);

  it('carries a caller\'s trace context through', async () => {
    const callerTrace = 'a'.repeat(31) + '1';
    const r = await fetch(`${sys.url}/account`, { headers: { 'x-svc-key': sys.key, traceparent: `00-${callerTrace}-${'b'.repeat(16)}-01` } });
    expect(r.status).toBe(200);
    expect(r.headers.get('traceparent')).toMatch(new RegExp(`^00-${callerTrace}-[0-9a-f]{16}-01$`));
    // A caller's unsampled context is followed too: not recorded, but named in the answer and the log.
    const quiet = 'c'.repeat(31) + '2';
    const q = await fetch(`${sys.url}/account`, { headers: { 'x-svc-key': sys.key, traceparent: `00-${quiet}-${'d'.repeat(16)}-00` } });
    expect(q.status).toBe(200);
    expect(q.headers.get('traceparent')).toMatch(new RegExp(`^00-${quiet}-[0-9a-f]{16}-00$`));
    const findLine = () => output.find((l) => l.includes(q.headers.get('x-request-id')!));
    for (let i = 0; i < 50 && !findLine(); i++) await new Promise((res) => setTimeout(res, 100));
    const line = findLine();
    expect(line && JSON.parse(line.slice(line.indexOf('{'))).trace_id).toBe(quiet);
    await new Promise((res) => setTimeout(res, 500));
    expect(receiver.spans.filter((s) => s.traceId === quiet)).toEqual([]);
  });
});
