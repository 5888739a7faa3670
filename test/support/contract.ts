/**
 * Every response held to the API reference: status, headers, media type and body are checked
 * against the service's own /openapi.json. `checkResponses` puts the check in front of `fetch` for
 * a suite, so every request a test makes to the system under test is checked, whichever helper
 * made it; a response the reference does not describe makes that fetch throw, failing the test.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import { afterAll, beforeAll } from 'vitest';

type Json = Record<string, any>;

interface Documented {
  template: string;
  match: RegExp;
  methods: Record<string, Json>;
}

export interface ResponseFacts {
  method: string;
  path: string;
  status: number;
  headers: Headers;
  body: string;
}

export class Contract {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  private readonly compiled = new Map<unknown, ValidateFunction>();
  private readonly paths: Documented[];

  constructor(readonly doc: Json) {
    this.paths = Object.entries(doc.paths as Json).map(([template, methods]) => ({
      template,
      // A path parameter may hold slashes: the MCP address is /mcp/*rest, any depth below the key.
      match: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '.+')}/?$`, 'i'),
      methods: methods as Json,
    }));
  }

  /** A schema of the document, compiled once, its `#/components/...` references resolved in the document. */
  validator(schema: Json): ValidateFunction {
    let v = this.compiled.get(schema);
    if (!v) {
      v = this.ajv.compile({ ...schema, components: this.doc.components });
      this.compiled.set(schema, v);
    }
    return v;
  }

  private deref<T extends Json>(o: T): T {
    if (typeof o?.$ref !== 'string') return o;
    const [, kind, name] = /^#\/components\/(\w+)\/(.+)$/.exec(o.$ref) ?? [];
    return this.doc.components[kind!][name!] as T;
  }

  /** What is wrong with a response, or [] when the reference describes it. */
  problems(r: ResponseFacts): string[] {
    const out: string[] = [];
    const doc = this.paths.find((p) => p.match.test(r.path));
    const method = r.method === 'HEAD' ? 'get' : r.method.toLowerCase();
    const op = doc?.methods[method];
    const type = (r.headers.get('content-type') ?? '').split(';')[0]!.trim();
    const json = /json$/.test(type);
    const parsed = (): unknown => {
      try {
        return JSON.parse(r.body);
      } catch {
        out.push(`the body is not JSON though the content-type is ${type}`);
        return undefined;
      }
    };
    if (!op) {
      // Not an operation of the reference: only a refusal in the error envelope may answer.
      if (r.status < 400) return [`${r.method} ${r.path} answered ${r.status}, but the reference has no such operation`];
      if (r.status === 405 && !r.headers.get('allow')) out.push('a 405 without an Allow header');
      if (json && r.body) this.check(this.doc.components.schemas.Error, parsed(), 'the error envelope', out);
      return out;
    }
    const response = op.responses[String(r.status)] ?? op.responses.default;
    if (!response) return [`${op.operationId}: the status ${r.status} is not documented (documented: ${Object.keys(op.responses).join(', ')})`];
    for (const [name, h] of Object.entries((response.headers ?? {}) as Json)) {
      const header = this.deref(h as Json);
      const value = r.headers.get(name);
      if (value === null) {
        if (header.required) out.push(`${op.operationId} ${r.status}: the header ${name} is missing`);
        continue;
      }
      if (header.schema) this.check(header.schema, value, `the header ${name}`, out);
    }
    if (!response.content) return out;
    if (r.method === 'HEAD') return out;
    const media = response.content[type];
    if (!media) return [...out, `${op.operationId} ${r.status}: the content-type ${type || '(none)'} is not documented (documented: ${Object.keys(response.content).join(', ')})`];
    if (json && media.schema) this.check(media.schema, parsed(), `${op.operationId} ${r.status} body`, out);
    return out;
  }

  private check(schema: Json, value: unknown, what: string, out: string[]): void {
    const v = this.validator(schema);
    if (!v(value)) out.push(`${what}: ${this.ajv.errorsText(v.errors, { separator: '; ' })}`);
  }
}

/** The reference of a running system, read once with the fetch the suite started with. */
export async function contractOf(baseUrl: string, f: typeof fetch = fetch): Promise<Contract> {
  const res = await f(`${baseUrl}/openapi.json`);
  if (res.status !== 200) throw new Error(`/openapi.json answered ${res.status}`);
  return new Contract((await res.json()) as Json);
}

/**
 * For the suite this is called in: every response from the system at `baseUrl()` is checked
 * against its reference. Responses to other addresses (a proxy in front, another system) pass as
 * they are.
 */
export function checkResponses(baseUrl: () => string | undefined): void {
  const original = globalThis.fetch;
  let contract: Contract | undefined;
  beforeAll(async () => {
    const base = baseUrl();
    if (!base) return;
    contract = await contractOf(base, original);
    globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
      const res = await original(input, init);
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (!contract || !url.href.startsWith(base)) return res;
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      // An event stream is read as it comes by the test; only its headers are checked.
      const streaming = (res.headers.get('content-type') ?? '').startsWith('text/event-stream');
      const body = streaming ? '' : await res.clone().text();
      const problems = contract.problems({ method, path: url.pathname, status: res.status, headers: res.headers, body: streaming ? '' : body });
      if (problems.length > 0) throw new Error(`the response to ${method} ${url.pathname} does not match /openapi.json:\n- ${problems.join('\n- ')}`);
      return res;
    };
  }, 60_000);
  afterAll(() => {
    globalThis.fetch = original;
  });
}
