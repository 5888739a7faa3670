/**
 * The disclosure guarantee through the whole running service: two embedded systems, one on the
 * example chassis and one on a twin whose shares were moved inside their published bands (the five
 * cases that once told them apart), answer the same HTTP requests with the same bodies: the label,
 * the composition sheet, the preservation guidance and every refusal.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DISCLOSURE_BANDS, bandOf, sameBand } from '@svc/chassis';
import type { RunningSystem } from '../scripts/system';
import { BAND_EDGES, EXAMPLE_RAW, type RawChassis } from './support/band-twins';
import { systemForSuite } from './support/system';
import { sendRetrying as send } from './walk';

/** The five moves, each inside its band; the sum of 100 kept by components that stay in theirs. */
const MOVES: Record<string, Record<string, number>> = {
  classic: { GLYCERIN: 6.85, AQUA: 72.85 },
  luxe: { AQUA: 60.98, 'BUTYLENE GLYCOL': 3.57, 'POLYGLYCERYL-10 OLEATE': 3.45 },
  clinical: { 'HYDROGENATED LECITHIN': 2.45, AQUA: 75.55, GLYCERIN: 6.0, 'CAPRYLIC/CAPRIC TRIGLYCERIDE': 3.6 },
};

function movedTwin(): RawChassis {
  const raw = structuredClone(EXAMPLE_RAW);
  for (const [variant, moves] of Object.entries(MOVES)) {
    const a = raw.architectures[variant as keyof RawChassis['architectures']];
    for (const c of a.components) {
      const to = moves[c.n];
      if (to === undefined) continue;
      if (!sameBand(bandOf(to, DISCLOSURE_BANDS), bandOf(c.pct, DISCLOSURE_BANDS))) throw new Error(`${variant} ${c.n} leaves its band`);
      c.pct = to;
    }
    const sum = a.components.reduce((s, c) => s + c.pct, 0);
    if (Math.abs(sum - 100) > 1e-9) throw new Error(`${variant} adds up to ${sum}`);
    a.processing = 'canary-d15c10 twin processing notes';
    a.equipment = 'canary-d15c11 twin equipment notes';
  }
  return { ...raw, version: 'moved-twin' };
}

const twinFile = join(mkdtempSync(join(tmpdir(), 'svc-twin-')), 'chassis.twin.json');
writeFileSync(twinFile, JSON.stringify(movedTwin()));

const CASES: Array<[string, number, string]> = [
  ['classic', 0.13, 'GLYCERIN'],
  ['luxe', 0.049, 'AQUA'],
  ['luxe', 0.302, 'BUTYLENE GLYCOL'],
  ['clinical', 0.406, 'HYDROGENATED LECITHIN'],
  ['clinical', 0.066, 'AQUA'],
];

/** The body without what legitimately differs between two deployments: usage and request ids. */
function comparable(body: any): unknown {
  if (!body || typeof body !== 'object') return body;
  const { usage: _usage, request_id: _rid, ...rest } = body;
  return rest;
}

describe('two deployments whose chassis agree on every published band', () => {
  let example: RunningSystem;
  let twin: RunningSystem;
  const opts = { logLevel: 'silent', memoryDb: true, ratePerSecond: 100_000 };
  systemForSuite('disclosure-example', opts, (s) => (example = s));
  systemForSuite('disclosure-twin', { ...opts, env: { ...process.env, SVC_CHASSIS_FILE: twinFile } }, (s) => (twin = s));

  it.each(CASES)('answer the %s probe ladder at nbPct %s around %s identically', async (variant, nbPct, name) => {
    let compared = 0;
    const edges = BAND_EDGES.filter((e) => 2 + e <= 100);
    for (const [i, e] of edges.entries()) {
      // Each step of the ladder as its own end user: the ladder is a probe, and one subject running
      // it would be refused (probe detection); this test is about the answers, not the tripwire.
      const user = { 'x-svc-user': `ladder.${variant}.${nbPct}.${name.replace(/[^A-Za-z0-9]/g, '')}.${i}` };
      const lines = [{ n: name, pct: 2 }, { n: 'NIACINAMIDE', pct: 2 + e }];
      const requests: Array<[string, unknown]> = [
        ['/inci/label', { variant, nbPct, lines }],
        ['/inci/label', { variant, nbPct, lines, market: 'us' }],
        ['/inci/label', { variant, nbPct, lines, mode: 'composition' }],
        ['/ai/preservation', { variant, nbPct, lines, ph: 5 }],
      ];
      for (const [path, body] of requests) {
        const [a, b] = await Promise.all([send(example, 'POST', path, JSON.stringify(body), user), send(twin, 'POST', path, JSON.stringify(body), user)]);
        expect(a.status, `${path} ${JSON.stringify(a.body)}`).toBe(200);
        expect(b.status).toBe(a.status);
        expect(JSON.stringify(comparable(b.body))).toBe(JSON.stringify(comparable(a.body)));
        compared++;
      }
    }
    expect(compared).toBe(edges.length * 4);
  }, 60_000);

  it('refuse a canary-shaped name with the same 400 whichever deployment holds the token', async () => {
    for (const token of ['canary-7f3a91', 'canary-d15c10', 'canary-alt7f3a91']) {
      const body = JSON.stringify({ variant: 'classic', nbPct: 80, lines: [{ n: `AQUA ${token}`, pct: 20 }] });
      const [a, b] = await Promise.all([send(example, 'POST', '/inci/label', body), send(twin, 'POST', '/inci/label', body)]);
      expect(a.status).toBe(400);
      expect(a.body.error.field).toBe('lines[0].n');
      expect(JSON.stringify(comparable(b.body))).toBe(JSON.stringify(comparable(a.body)));
      expect(JSON.stringify(a.body)).not.toContain(token);
    }
  });

  it.each(['NIACINAMIDE 5%', '5 FOO', 'FOO (5)', 'LOT 12.'])('answer 200 when a caller name carries a number: %s', async (n) => {
    for (const variant of ['classic', 'luxe', 'clinical']) {
      const lines = [{ n: 'AQUA', pct: 12 }, { n, pct: 4 }, { n: 'GLYCERIN', pct: 3 }];
      for (const [path, body] of [
        ['/inci/label', { variant, nbPct: 80, lines }],
        ['/inci/label', { variant, nbPct: 80, lines, market: 'us' }],
        ['/ai/preservation', { variant, nbPct: 80, lines }],
      ] as const) {
        const r = await send(example, 'POST', path, JSON.stringify(body));
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      }
    }
  });
});
