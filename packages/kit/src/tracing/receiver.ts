/**
 * An OTLP/HTTP trace receiver in the process (tests, the benchmark): POST /v1/traces, answered 200.
 * Bodies in the JSON encoding (OTEL_EXPORTER_OTLP_PROTOCOL=http/json) are decoded into spans;
 * protobuf bodies are only counted (the benchmark measures what exporting costs the sender).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, string | number | boolean>;
}

export interface OtlpReceiver {
  /** The value for OTEL_EXPORTER_OTLP_ENDPOINT. */
  endpoint: string;
  spans: ReceivedSpan[];
  /** Export requests received, of either encoding. */
  requests: number;
  close(): Promise<void>;
}

type AnyValue = { stringValue?: string; intValue?: string | number; doubleValue?: number; boolValue?: boolean };
type KeyValue = { key: string; value?: AnyValue };

/** Ids are hex in OTLP/JSON; a sender following the protobuf JSON mapping would send base64. */
const hexId = (id: string | undefined) => (!id ? '' : /^[0-9a-f]+$/i.test(id) ? id.toLowerCase() : Buffer.from(id, 'base64').toString('hex'));

const valueOf = (v: AnyValue | undefined) => v?.stringValue ?? (v?.intValue !== undefined ? Number(v.intValue) : undefined) ?? v?.doubleValue ?? v?.boolValue ?? '';

const attributesOf = (kvs: KeyValue[] | undefined) => Object.fromEntries((kvs ?? []).map((kv) => [kv.key, valueOf(kv.value)]));

export function decodeOtlpJson(body: unknown): ReceivedSpan[] {
  const out: ReceivedSpan[] = [];
  for (const rs of (body as { resourceSpans?: unknown[] }).resourceSpans ?? []) {
    const r = rs as { resource?: { attributes?: KeyValue[] }; scopeSpans?: { spans?: Record<string, unknown>[] }[] };
    const service = String(attributesOf(r.resource?.attributes)['service.name'] ?? '');
    for (const ss of r.scopeSpans ?? []) {
      for (const s of ss.spans ?? []) {
        out.push({
          service,
          traceId: hexId(s.traceId as string),
          spanId: hexId(s.spanId as string),
          parentSpanId: hexId(s.parentSpanId as string | undefined),
          name: String(s.name),
          kind: Number(s.kind ?? 0),
          attributes: attributesOf(s.attributes as KeyValue[] | undefined),
        });
      }
    }
  }
  return out;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const r: OtlpReceiver = { endpoint: '', spans: [], requests: 0, close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') return void res.writeHead(404).end();
      r.requests++;
      if ((req.headers['content-type'] ?? '').includes('json')) {
        try {
          r.spans.push(...decodeOtlpJson(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
        } catch {
          return void res.writeHead(400).end();
        }
        return void res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      }
      // An empty ExportTraceServiceResponse is an empty protobuf message.
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  r.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  r.close = () => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  return r;
}
