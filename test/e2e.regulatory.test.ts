/**
 * The regulatory screen through the gateway (issue 29): the product description reaches the
 * envelope, a prohibited substance is refused with its annex entry, repair comes back in the same
 * call, and a bad product description is a 400 naming its field.
 */
import { describe, expect, it } from 'vitest';
import { EU_ANNEXES, US_CFR, usEntriesOf } from '@svc/regulation';
import type { RunningSystem } from '../scripts/system';
import { systemForSuite } from './support/system';
import { expectError, send } from './walk';

// Hydroquinone's Annex II entry, found in the pack by the substance it names, not typed in.
const hydroquinoneII = EU_ANNEXES.entries.find((e) => e.annex === 'II' && e.names.includes('HYDROQUINONE'));

const serum = (extra: object = {}) => ({
  base: 'classic',
  basePct: 80,
  ph: 5.5,
  lines: [
    { n: 'AQUA', pct: 15.9 },
    { n: 'GLYCERIN', pct: 4 },
    { n: 'HYDROQUINONE', pct: 0.1 },
  ],
  ...extra,
});

describe('POST /check: the EU annexes', () => {
  let sys: RunningSystem;
  systemForSuite('regulatory', { logLevel: 'silent', memoryDb: true, ratePerSecond: 100_000 }, (s) => (sys = s));

  it('refuses hydroquinone in a leave-on serum: adjust, remove, citing its Annex II entry', async () => {
    expect(hydroquinoneII).toBeDefined();
    const r = await send(sys, 'POST', '/check', JSON.stringify(serum()));
    expect(r.status).toBe(200);
    expect(r.body.verdict).toBe('adjust');
    expect(r.body.market).toBe('eu');
    expect(r.body.assumed).toEqual(['productType', 'product.area', 'product.spray', 'product.childrenUnder3', 'product.professional']);
    const remove = r.body.remedies.find((m: { action: string }) => m.action === 'remove');
    expect(remove).toMatchObject({ action: 'remove', target: 'HYDROQUINONE', to: 0, ref: hydroquinoneII?.ref });
    expect(remove.regulation).toContain('1223/2009');
  });

  it('repairs it in the same call: the repaired formula checks as reported', async () => {
    const r = await send(sys, 'POST', '/check', JSON.stringify(serum({ repair: true, product: { area: 'face' } })));
    expect(r.status).toBe(200);
    expect(r.body.repaired.lines.map((l: { n: string }) => l.n)).not.toContain('HYDROQUINONE');
    expect(r.body.repairSteps[0].applied.map((m: { action: string }) => m.action)).toContain('remove');
    const { verdict, ...again } = r.body.repaired;
    const checked = await send(sys, 'POST', '/check', JSON.stringify(again));
    expect(checked.status).toBe(200);
    expect(checked.body.verdict).toBe(verdict);
    expect(checked.body.product.area).toBe('face');
  });

  it('market us screens the US pack only: chloroform removed citing its section, no EU annex cited', async () => {
    const chloroform = usEntriesOf(US_CFR, 'CHLOROFORM', null)[0];
    const body = { ...serum({ market: 'us' }), lines: [{ n: 'AQUA', pct: 15.5 }, { n: 'GLYCERIN', pct: 4 }, { n: 'HYDROQUINONE', pct: 0.1 }, { n: 'CHLOROFORM', pct: 0.4 }] };
    const r = await send(sys, 'POST', '/check', JSON.stringify(body));
    expect(r.status).toBe(200);
    expect(r.body.market).toBe('us');
    expect(r.body.regulatoryVersion).toBe(US_CFR.version);
    expect(r.body.verdict).toBe('adjust');
    const cited = r.body.remedies.filter((m: { ref?: string }) => m.ref !== undefined);
    expect(cited).toEqual([expect.objectContaining({ action: 'remove', target: 'CHLOROFORM', ref: chloroform?.ref, regulation: `${chloroform?.ref}, ${chloroform?.title}` })]);
  });

  it.each([
    [serum({ product: { area: 'elbow' } }), 'product.area'],
    [serum({ product: { spray: 'yes' } }), 'product.spray'],
    [serum({ product: { area: 'face', colour: 'red' } }), 'product.colour'],
    [serum({ product: 'face' }), 'product'],
    [serum({ productType: 'wash_off' }), 'productType'],
    [serum({ market: 'uk' }), 'market'],
    [serum({ repair: 'please' }), 'repair'],
  ])('rejects a bad product description with 400 naming the field (%#)', async (body, field) => {
    const r = await send(sys, 'POST', '/check', JSON.stringify(body));
    expectError(r, 400, 'invalid_request');
    expect(r.body.error.field).toBe(field);
  });
});
