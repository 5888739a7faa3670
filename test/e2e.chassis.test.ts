/**
 * Label, preservation and submissions over HTTP on the embedded system, with every log line
 * captured: nothing that leaves the service (responses, logs) may carry a chassis amount, a
 * processing or equipment note, or one of the canary tokens planted in them.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHASSIS_FILE, findLeaks, loadChassis } from '@svc/chassis';
import type { RunningSystem } from '../scripts/system';
import { systemForSuite } from './support/system';
import { expectError, get, send } from './walk';

const run = promisify(execFile);
const chassisFile = JSON.parse(readFileSync(DEFAULT_CHASSIS_FILE, 'utf8')) as { architectures: Record<string, { label: string; components: { n: string }[]; processing: string; equipment: string }> };
const CHASSIS = loadChassis(DEFAULT_CHASSIS_FILE);
const CANARY = /canary-[0-9a-f]{4,}/i;

const lines = [
  { n: 'AQUA', pct: 10 },
  { n: 'GLYCERIN', pct: 4 },
  { n: 'NIACINAMIDE', pct: 4 },
  { pct: 1, blend: [{ n: 'PHENOXYETHANOL', f: 0.9 }, { n: 'ETHYLHEXYLGLYCERIN', f: 0.1 }] },
  { n: 'PARFUM', pct: 0.5 },
  { n: 'LINALOOL', pct: 0.5 },
];
const formula = { variant: 'classic', nbPct: 80, lines };

describe('label, preservation and submissions over HTTP, with nothing secret leaving', () => {
  let sys: RunningSystem;
  const logs: string[] = [];
  const bodies: unknown[] = [];
  const post = async (path: string, body: unknown) => {
    const r = await send(sys, 'POST', path, JSON.stringify(body));
    bodies.push(r.body);
    return r;
  };

  const { dataDir } = systemForSuite('chassis', { logLevel: 'debug', memoryDb: true, ratePerSecond: 100_000, logDestination: { write: (l) => void logs.push(l) } }, (s) => (sys = s));

  it('builds the EU label: above 1 % by amount, allergens named, the chassis expanded by name only', async () => {
    const r = await post('/inci/label', formula);
    expect(r.status).toBe(200);
    expect(r.body.mode).toBe('label');
    expect(r.body.ordered[0]).toBe('AQUA');
    expect(r.body.ordered).toContain('PARFUM');
    expect(r.body.ordered).toContain('LINALOOL');
    expect(r.body.finished_inci).toBe(r.body.ordered.join(', '));
    expect(r.body.tail).toEqual(chassisFile.architectures.classic!.components.map((c) => c.n).sort());
    expect(r.body.finished_inci).not.toMatch(/%/);
    expect(r.body.usage.runsLimit).toBe(1500);
  });

  it('prints WATER and FRAGRANCE on a US label', async () => {
    const r = await post('/inci/label', { ...formula, market: 'us' });
    expect(r.status).toBe(200);
    expect(r.body.ordered[0]).toBe('WATER');
    expect(r.body.ordered).toContain('FRAGRANCE');
    expect(r.body.ordered).not.toContain('AQUA');
  });

  it('gives the composition with the chassis as one line in composition mode', async () => {
    const r = await post('/inci/label', { ...formula, mode: 'composition' });
    expect(r.status).toBe(200);
    expect(r.body.composition[0]).toEqual({ name: chassisFile.architectures.classic!.label, pct: 80 });
    expect(r.body.composition.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['PHENOXYETHANOL', 'ETHYLHEXYLGLYCERIN']));
    expect(r.body.composition_sheet).toContain('|');
  });

  it('counts the chassis\' own phenoxyethanol against the Annex V cap, without saying how much', async () => {
    const r = await post('/ai/preservation', { variant: 'classic', nbPct: 80, lines: [{ n: 'AQUA', pct: 19.2 }, { n: 'PHENOXYETHANOL', pct: 0.8 }], ph: 5.5 });
    expect(r.status).toBe(200);
    const cap = r.body.caps.find((c: { n: string }) => c.n === 'PHENOXYETHANOL');
    expect(cap.status).toBe('over_cap');
    expect(cap.limit).toMatch(/1(\.0)?\s*%/);
    expect(typeof r.body.selfPreserved).toBe('boolean');
    expect(Array.isArray(r.body.advice)).toBe(true);
    const within = await post('/ai/preservation', { variant: 'classic', nbPct: 80, lines: [{ n: 'AQUA', pct: 19.8 }, { n: 'PHENOXYETHANOL', pct: 0.2 }], ph: 5.5 });
    expect(within.body.caps.find((c: { n: string }) => c.n === 'PHENOXYETHANOL').status).toBe('within');
  });

  it.each([
    ['/inci/label', { ...formula, variant: 'deluxe' }, 'variant'],
    ['/inci/label', { ...formula, nbPct: 0 }, 'nbPct'],
    ['/inci/label', { ...formula, mode: 'sheet' }, 'mode'],
    ['/inci/label', { ...formula, market: 'fr' }, 'market'],
    ['/inci/label', { ...formula, productType: 'spray' }, 'productType'],
    ['/inci/label', { ...formula, lines: [{ n: 'AQUA', pct: 'ten' }] }, 'lines[0].pct'],
    ['/inci/label', { variant: 'classic', nbPct: 80 }, 'lines'],
    ['/ai/preservation', { ...formula, market: 'us' }, 'market'],
    ['/ai/preservation', { ...formula, ph: -1 }, 'ph'],
    ['/ai/preservation', { ...formula, variant: 7 }, 'variant'],
    ['/ai/preservation', { ...formula, colour: 'red' }, 'colour'],
  ])('rejects a bad %s body with 400 naming the field (%#)', async (path, body, field) => {
    const r = await post(path, body);
    expectError(r, 400, 'invalid_request');
    expect(r.body.error.field).toBe(field);
  });

  it('takes a submission, merges a repeat, and makes it searchable once an operator approves', async () => {
    const first = await post('/lib/submissions', { inci: 'Nanofictional Peptide-77', functions: ['skin conditioning'], note: 'supplier sample' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ inci: 'Nanofictional Peptide-77', status: 'pending', merged: false, functions: ['SKIN CONDITIONING'] });
    const again = await post('/lib/submissions', { inci: 'nanofictional  peptide-77', note: 'second batch' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, merged: true, times: 2, note: 'second batch' });
    expect((await get(sys, '/lib/search?q=nanofictional')).body.total).toBe(0);

    const listed = await get(sys, '/lib/submissions');
    expect(listed.body.submissions.map((s: { id: string }) => s.id)).toContain(first.body.id);

    const cli = await run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'submissions', 'approve', first.body.id, 'checked', 'with', 'supplier'], { env: { ...process.env, SVC_DATA_DIR: dataDir } });
    expect(cli.stdout).toContain('is now searchable');
    // The gateway drops its cached search answers when svc.library.updated reaches it, a moment
    // after the library committed the decision: searched until then, bounded. Under load a search
    // of this loop was once answered without results (not a 200; two clean-clone CI runs): such an
    // answer is waited through too, and the last one's status is asserted, so a failure names it.
    let found = await get(sys, '/lib/search?q=nanofictional');
    for (let i = 0; i < 200 && (found.status !== 200 || found.body.total === 0); i++) {
      await new Promise((r) => setTimeout(r, 100));
      found = await get(sys, '/lib/search?q=nanofictional');
    }
    expect({ status: found.status, code: found.body.error?.code }).toEqual({ status: 200, code: undefined });
    expect(found.body.results[0].n).toBe('NANOFICTIONAL PEPTIDE-77');
  }, 60_000);

  it('reports unknown names in one shape on every route: {n, suggestions}', async () => {
    const lines = [{ n: 'AQUA', pct: 16 }, { n: 'Glycerinn', pct: 4 }];
    // /check echoes the caller's amounts by design; it stays out of the chassis sweep below.
    const check = await send(sys, 'POST', '/check', JSON.stringify({ base: 'classic', basePct: 80, ph: 5.5, lines }));
    const label = await post('/inci/label', { variant: 'classic', nbPct: 80, lines });
    const pres = await post('/ai/preservation', { variant: 'classic', nbPct: 80, lines });
    for (const r of [check, label, pres]) {
      expect(r.status).toBe(200);
      expect(r.body.unmatched).toEqual([{ n: 'Glycerinn', suggestions: expect.arrayContaining(['GLYCERIN']) }]);
    }
  });

  it('pages GET /lib/submissions, and names a bad page parameter', async () => {
    await post('/lib/submissions', { inci: 'Pageable Extract One' });
    await post('/lib/submissions', { inci: 'Pageable Extract Two' });
    const first = await get(sys, '/lib/submissions?limit=1');
    expect(first.status).toBe(200);
    expect(first.body.submissions).toHaveLength(1);
    expect(first.body.total).toBeGreaterThanOrEqual(2);
    const next = await get(sys, `/lib/submissions?limit=1&cursor=${first.body.nextCursor}`);
    expect(next.body.submissions[0].id).not.toBe(first.body.submissions[0].id);
    for (const [q, field] of [['limit=0', 'limit'], ['limit=1000', 'limit'], ['cursor=abc', 'cursor'], ['limit=1&limit=2', 'limit']]) {
      const r = await get(sys, `/lib/submissions?${q}`);
      expectError(r, 400, 'invalid_request');
      expect(r.body.error.field).toBe(field);
    }
  });

  it.each([
    [{}, 'inci'],
    [{ inci: 'x'.repeat(201) }, 'inci'],
    [{ inci: 'OK NAME', note: 'n'.repeat(1001) }, 'note'],
    [{ inci: 'OK NAME', cas: 'not-a-cas' }, 'cas'],
    [{ inci: 'OK NAME', functions: Array.from({ length: 11 }, () => 'HUMECTANT') }, 'functions'],
    [{ inci: 'OK NAME', supplier: 'ACME' }, 'supplier'],
  ])('rejects a bad submission with 400 naming the field (%#)', async (body, field) => {
    const r = await post('/lib/submissions', body);
    expectError(r, 400, 'invalid_request');
    expect(r.body.error.field).toBe(field);
  });

  it('answers hostile search queries with the status the spec names, never 500', async () => {
    // Spec section 4, rule 1: q is 2 to 100 characters without control characters, else a 400 naming q.
    const expected: [string, number][] = [['', 400], ['a', 400], ['x'.repeat(10_000), 400], ['gly\u0000cerin', 400], ["' OR 1=1 --", 200], ['%_\\', 200], ['Glycérine', 200]];
    for (const [q, status] of expected) {
      const r = await get(sys, `/lib/search?q=${encodeURIComponent(q)}`);
      expect(r.status, JSON.stringify(q.slice(0, 20))).toBe(status);
      if (status === 400) expect(r.body.error.field).toBe('q');
    }
    expect((await get(sys, `/lib/search?q=${encodeURIComponent('Glycérine')}`)).body.results[0].n).toBe('GLYCERIN');
  });

  it('let no canary, note or chassis amount out in any response or log line', () => {
    const out = [...bodies.map((b) => JSON.stringify(b)), ...logs].join('\n');
    expect(logs.length).toBeGreaterThan(20);
    expect(out).not.toMatch(CANARY);
    for (const a of Object.values(chassisFile.architectures)) {
      expect(out).not.toContain(a.processing);
      expect(out).not.toContain(a.equipment);
    }
    // Composition mode legitimately shows the caller's own amounts; everything else must be clean.
    for (const b of bodies) {
      if ((b as { mode?: string }).mode === 'composition') continue;
      expect(findLeaks(b, CHASSIS)).toEqual([]);
    }
    expect(out).not.toContain(sys.key);
  });
});
