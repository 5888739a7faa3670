/**
 * Every worked case of every engine, through the embedded system with its real library: the
 * expectations the engine tests hold against the generated fixture must hold against the catalogue
 * the product serves. One system for all cases; the formula calls fit in one run.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyRemedies, CheckRequestSchema } from '@svc/formula';
import type { RunningSystem } from '../scripts/system';
import { CASE_DIRS, shippedCatalogue } from '../scripts/catalogue-fixture';
import { expectPreservation, type PreservationAnswer, type PreservationExpected } from '../services/preservation/test/expected';
import { DATA_VERSION } from './support/catalogue';
import { systemForSuite } from './support/system';
import { expectError, get, send } from './walk';

interface EnvelopeCase {
  title: string;
  request: Record<string, unknown>;
  expect: {
    verdict: string;
    remedies: { code: string; action: string; target?: string }[];
    categories?: Record<string, string>;
    unmatched?: string[];
    afterRemedies?: string;
  };
}
interface LabelCase {
  name: string;
  request: Record<string, unknown>;
  expected: { eu: string; us: string; unmatched?: string[] };
}
interface PreservationCase {
  name: string;
  request: Record<string, unknown>;
  expected: PreservationExpected;
}

const [ENVELOPE_DIR, LABEL_DIR, PRESERVATION_DIR] = CASE_DIRS as [string, string, string];
function load<T>(dir: string): { file: string; c: T }[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, c: JSON.parse(readFileSync(join(dir, file), 'utf8')) as T }));
}
const envelope = load<EnvelopeCase>(ENVELOPE_DIR);
const label = load<LabelCase>(LABEL_DIR);
const preservation = load<PreservationCase>(PRESERVATION_DIR);

type Body = Record<string, unknown> & { error?: unknown };

describe('worked cases through the running system', () => {
  let sys: RunningSystem;
  systemForSuite('cases', { logLevel: 'silent', memoryDb: true, ratePerSecond: 100_000 }, (s) => (sys = s));
  const post = async (path: string, body: unknown): Promise<Body> => {
    const r = await send(sys, 'POST', path, JSON.stringify(body));
    expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
    return r.body as Body;
  };

  let served = '';
  beforeAll(async () => {
    const r = await fetch(`${sys.url}/lib/meta`, { headers: { 'x-svc-key': sys.key } });
    served = ((await r.json()) as { dataVersion: string }).dataVersion;
  });

  it('serves the catalogue version the cases were checked against', () => {
    expect(served).toBe(DATA_VERSION);
    expect([envelope.length, label.length * 2, preservation.length]).toEqual([31, 44, 21]);
  });

  describe('envelope', () => {
    for (const { file, c } of envelope) {
      it(`${file}: ${c.title}`, async () => {
        const r = (await post('/check', c.request)) as unknown as {
          verdict: string;
          remedies: { code: string; action: string; target: string }[];
          categories: { code: string; status: string }[];
          unmatched: { n: string }[];
        };
        expect(r.verdict).toBe(c.expect.verdict);
        expect(r.remedies.map((m) => ({ code: m.code, action: m.action, target: m.target }))).toEqual(
          c.expect.remedies.map((m) => ({ code: m.code, action: m.action, target: m.target ?? expect.any(String) })),
        );
        for (const [code, status] of Object.entries(c.expect.categories ?? {})) expect(r.categories.find((x) => x.code === code)?.status, code).toBe(status);
        if (c.expect.unmatched) expect(r.unmatched.map((u) => u.n)).toEqual(c.expect.unmatched);
        if (c.expect.afterRemedies) {
          const next = applyRemedies(CheckRequestSchema.parse(c.request), r.remedies as never);
          const after = (await post('/check', next)) as unknown as { verdict: string };
          expect(after.verdict).toBe(c.expect.afterRemedies);
        }
      });
    }
  });

  describe('label', () => {
    for (const { file, c } of label) {
      for (const market of ['eu', 'us'] as const) {
        it(`${file} ${market.toUpperCase()}`, async () => {
          const r = (await post('/inci/label', { ...c.request, market })) as unknown as { finished_inci: string; unmatched: { n: string }[] };
          expect(r.finished_inci).toBe(c.expected[market]);
          if (c.expected.unmatched) expect(r.unmatched.map((u) => u.n)).toEqual(c.expected.unmatched);
        });
      }
    }
  });

  describe('preservation', () => {
    for (const { file, c } of preservation) {
      it(file, async () => {
        expectPreservation((await post('/ai/preservation', c.request)) as unknown as PreservationAnswer, c.expected);
      });
    }
  });

  describe('colourants', () => {
    const colourants = shippedCatalogue().entries.filter((e) => e.facts.colourant).map((e) => e.facts);
    const chunks: (typeof colourants)[] = [];
    for (let i = 0; i < colourants.length; i += 40) chunks.push(colourants.slice(i, i + 40));
    for (const market of ['eu', 'us'] as const) {
      it(`every colourant of the catalogue, given by its CI number, is last on the ${market.toUpperCase()} label under its ${market === 'us' ? 'US name' : 'CI number'}`, async () => {
        for (const chunk of chunks) {
          const lines = [{ n: 'GLYCERIN', pct: 2 }, ...chunk.map((f) => ({ n: f.inci, pct: 0.01 })), { n: 'AQUA', pct: 28 - chunk.length * 0.01 }];
          const r = (await post('/inci/label', { variant: 'classic', nbPct: 70, market, lines })) as unknown as { ordered: string[]; unmatched: unknown[] };
          const printed = new Set(chunk.map((f) => (market === 'us' ? (f.usName ?? f.inci) : f.inci)));
          expect(r.unmatched).toEqual([]);
          expect(new Set(r.ordered.slice(r.ordered.length - printed.size))).toEqual(printed);
        }
      });
    }
  });

  describe('library search bounds (spec section 4, rule 1)', () => {
    it.each([
      ['no q at all', '/lib/search'],
      ['an empty q', '/lib/search?q='],
      ['a q of spaces only', `/lib/search?q=${encodeURIComponent('   ')}`],
      ['a q of one character', '/lib/search?q=a'],
      ['a q of one character among spaces', `/lib/search?q=${encodeURIComponent(' a ')}`],
      ['a q of 101 characters', `/lib/search?q=${'a'.repeat(101)}`],
    ])('%s is a 400 naming q', async (_what, path) => {
      const r = await get(sys, path);
      expectError(r, 400, 'invalid_request');
      expect(r.body.error.field).toBe('q');
      expect(r.body.error.fields.map((f: { field: string }) => f.field)).toEqual(['q']);
    });

    it('accepts 2 and 100 characters', async () => {
      expect((await get(sys, '/lib/search?q=ci')).status).toBe(200);
      expect((await get(sys, `/lib/search?q=${'a'.repeat(100)}`)).status).toBe(200);
    });
  });
});
