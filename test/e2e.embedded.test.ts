import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THREADS, type RunningSystem } from '../scripts/system';
import { systemForSuite } from './support/system';
import { expectError, get, send, walk } from './walk';

const SERUM = { base: 'classic', basePct: 80, ph: 5.5, lines: [{ n: 'AQUA', pct: 12.45 }, { n: 'GLYCERIN', pct: 3 }, { n: 'NIACINAMIDE', pct: 4 }, { n: 'PHENOXYETHANOL', pct: 0.45 }] };

/** A formula checked, labelled and given preservation guidance, each answer metered in the subject's run. */
async function formulaCalls(sys: RunningSystem): Promise<void> {
  const check = await send(sys, 'POST', '/check', JSON.stringify(SERUM), { 'content-type': 'application/json' });
  expect(check.status).toBe(200);
  expect(check.body.verdict).toEqual(expect.any(String));
  expect(check.body.categories.length).toBeGreaterThan(0);
  const label = await send(sys, 'POST', '/inci/label', JSON.stringify({ variant: 'classic', nbPct: 80, lines: SERUM.lines }), { 'content-type': 'application/json' });
  expect(label.status).toBe(200);
  expect(label.body.usage.run.id).toBe(check.body.usage.run.id);
  expect(label.body.usage.run.calls).toBe(check.body.usage.run.calls + 1);
  const advice = await send(sys, 'POST', '/ai/preservation', JSON.stringify({ variant: 'classic', nbPct: 80, lines: SERUM.lines }), { 'content-type': 'application/json' });
  expect(advice.status).toBe(200);
}

describe('embedded start: the whole service in one process', () => {
  let sys: RunningSystem;
  const { dataDir } = systemForSuite('e2e', { logLevel: 'silent', threads: DEFAULT_THREADS }, (s) => (sys = s));

  it('runs every service on a thread of its own, each a different one', () => {
    const names = ['envelope', 'label', 'preservation', 'metering', 'library', 'compliance'] as const;
    for (const name of names) expect(sys.services[name].thread, name).toBeGreaterThan(0);
    expect(new Set(names.map((n) => sys.services[n].thread)).size).toBe(names.length);
  });

  it('answers formula calls from the services on their threads, metered in one run', async () => {
    await formulaCalls(sys);
  });

  it('writes the development key it prints', () => {
    expect(readFileSync(join(dataDir, 'dev-key'), 'utf8').trim()).toBe(sys.key);
  });

  it('serves the four skeleton endpoints and their errors over HTTP', async () => {
    await walk(sys);
  });

  it('answers 503 service_unavailable for routes whose service is down, and keeps the others', async () => {
    await sys.services.library.stop();
    const r = await get(sys, '/lib/search?q=niacinamide');
    expectError(r, 503, 'service_unavailable');
    // A search answered before the library went away is still served from the gateway's cache.
    expect((await get(sys, '/lib/search?q=glycerin')).status).toBe(200);
    expect(r.headers.get('retry-after')).toBe('1');
    expect((await get(sys, '/account')).status).toBe(200);
    // The primer does not need the library to answer.
    expect((await fetch(`${sys.url}/ai/primer`)).status).toBe(200);
  });
});

describe('embedded start with every service on the main thread (SVC_THREADS=none)', () => {
  let sys: RunningSystem;
  systemForSuite('e2e-one-thread', { logLevel: 'silent', threads: [] }, (s) => (sys = s));

  it('serves the same endpoints, metered the same way', async () => {
    expect(Object.values(sys.services).every((s) => s.thread === undefined)).toBe(true);
    await walk(sys);
    await formulaCalls(sys);
  });
});
