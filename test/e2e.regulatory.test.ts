/**
 * The regulatory screen through the gateway (issue 29): the product description reaches the
 * envelope, a prohibited substance is refused with its annex entry, repair comes back in the same
 * call, and a bad product description is a 400 naming its field.
 */
import { describe, expect, it } from 'vitest';
import { casCheckDigitOk } from '@svc/formula';
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

  it('screens a name the library does not hold by the pack itself: bithionol on us, a CAS number on eu', async () => {
    // The walkthrough's case: 21 CFR 700.11 by its own name; an Annex II entry with no INCI name by its CAS number.
    const bithionol = US_CFR.entries.find((e) => e.status === 'prohibited' && e.names.includes('BITHIONOL'));
    const innOnly = EU_ANNEXES.entries.find((e) => e.annex === 'II' && e.status === 'prohibited' && e.names.length === 0 && e.liftedBy.length === 0 && /\(INN\)$/.test(e.substance) && e.cas.length === 1 && casCheckDigitOk(e.cas[0] as string));
    // The number written "CAS <number>" or bare: a bare CAS or EC number is the one name without a letter accepted.
    for (const [market, name, ref] of [['us', 'BITHIONOL', bithionol?.ref], ['eu', `CAS ${innOnly?.cas[0]}`, innOnly?.ref], ['eu', innOnly?.cas[0] as string, innOnly?.ref]] as const) {
      expect(ref, market).toBeDefined();
      const body = { ...serum({ market }), lines: [{ n: 'AQUA', pct: 15.9 }, { n: 'GLYCERIN', pct: 4 }, { n: name, pct: 0.1 }] };
      const r = await send(sys, 'POST', '/check', JSON.stringify(body));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.verdict, market).toBe('adjust');
      expect(r.body.unmatched.map((u: { n: string }) => u.n), market).toEqual([name]);
      expect(r.body.remedies.filter((m: { ref?: string }) => m.ref === ref), market).toEqual([expect.objectContaining({ code: 'prohibited', action: 'remove', target: name, to: 0 })]);
    }
  });

  it('a bare CAS or EC number names a line: screened by the packs\' numbers; a wrong CAS check digit or any other bare number is a 400 naming the line', async () => {
    // On the US market, a prohibited section by its CAS number; on the EU market, an Annex II entry by its EC number.
    const us = US_CFR.entries.find((e) => e.status === 'prohibited' && e.cas.some((c) => casCheckDigitOk(c)));
    const eu = EU_ANNEXES.entries.find((e) => e.annex === 'II' && e.status === 'prohibited' && e.liftedBy.length === 0 && e.ec.length === 1 && /^\d{3}-\d{3}-\d$/.test(e.ec[0] as string));
    for (const [market, name, ref] of [['us', us?.cas.find((c) => casCheckDigitOk(c)), us?.ref], ['eu', eu?.ec[0], eu?.ref]] as const) {
      expect(name, market).toBeDefined();
      const r = await send(sys, 'POST', '/check', JSON.stringify({ ...serum({ market }), lines: [{ n: 'AQUA', pct: 15.9 }, { n: 'GLYCERIN', pct: 4 }, { n: name, pct: 0.1 }] }));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.verdict, market).toBe('adjust');
      expect(r.body.remedies.filter((m: { ref?: string }) => m.ref === ref), market).toEqual([expect.objectContaining({ action: 'remove', target: name, to: 0 })]);
    }
    // The same CAS number with its check digit changed: refused, naming the line, saying why.
    const good = us?.cas.find((c) => casCheckDigitOk(c)) as string;
    const wrong = `${good.slice(0, -1)}${(Number(good.slice(-1)) + 1) % 10}`;
    const bad = await send(sys, 'POST', '/check', JSON.stringify({ ...serum(), lines: [{ n: 'AQUA', pct: 19.9 }, { n: wrong, pct: 0.1 }] }));
    expectError(bad, 400, 'invalid_request');
    expect(bad.body.error.field).toBe('lines[1].n');
    expect(bad.body.error.message).toContain('check digit');
    // A bare number of no registry shape stays a 400 (issue 11).
    const bare = await send(sys, 'POST', '/check', JSON.stringify({ ...serum(), lines: [{ n: 'AQUA', pct: 19.9 }, { n: '1234', pct: 0.1 }] }));
    expectError(bare, 400, 'invalid_request');
    expect(bare.body.error.field).toBe('lines[1].n');
  });

  it('market us: colour additives by their listing, from the pack: refused in the eye area where the listing does not name it, reduced over a maximum, passed (certification asked) where listed', async () => {
    const colours = US_CFR.entries.filter((e) => e.kind === 'colour' && e.certification === true && e.uses.every((u) => u.unsettled === null));
    const ordinary = (e: (typeof colours)[number], area: string) => e.uses.find((u) => u.areas.includes(area as never) && u.special === null);
    const notEye = colours.find((e) => !e.uses.some((u) => u.areas.includes('eye')) && ordinary(e, 'face')?.max === null);
    const eye = colours.find((e) => ordinary(e, 'eye')?.max === null);
    const capped = colours.find((e) => e.uses.some((u) => u.special === null && u.max !== null && u.areas.includes('skin')));
    expect([notEye, eye, capped].every(Boolean)).toBe(true);
    const formula = (name: string, pct: number, area: string) => ({
      ...serum({ market: 'us', product: { area } }),
      lines: [{ n: 'AQUA', pct: 20 - pct }, { n: name, pct }],
    });
    const labelName = (e: (typeof colours)[number]) => e.names.find((n) => !n.startsWith('CI ') && !n.includes('&')) as string;
    // Outside its listing: the eye area for a colour whose listing does not name it.
    const refused = await send(sys, 'POST', '/check', JSON.stringify(formula(labelName(notEye!), 0.1, 'eye')));
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    expect(refused.body.verdict).toBe('adjust');
    expect(refused.body.remedies.filter((m: { ref?: string }) => m.ref === notEye!.ref)).toEqual([
      expect.objectContaining({ code: 'colour_additive_use', action: 'replace', changes: [{ line: 1, from: 0.1, to: 0 }], regulation: `${notEye!.ref}, ${notEye!.title}` }),
    ]);
    // Within it: the same amount on the face, and an eye-area colour in the eye area, ask only for the certified batch.
    for (const [e, area] of [[notEye!, 'face'], [eye!, 'eye']] as const) {
      const ok = await send(sys, 'POST', '/check', JSON.stringify(formula(labelName(e), 0.1, area)));
      expect(ok.status).toBe(200);
      expect(ok.body.verdict, `${e.ref} ${area}`).toBe('compatible_verify');
      expect(ok.body.remedies.filter((m: { ref?: string }) => m.ref === e.ref).map((m: { action: string }) => m.action)).toEqual(['verify']);
    }
    // Over a maximum the listing sets: reduced to it.
    const max = capped!.uses.find((u) => u.special === null && u.max !== null && u.areas.includes('skin'))!.max as number;
    const over = await send(sys, 'POST', '/check', JSON.stringify(formula(labelName(capped!), max * 3, 'skin')));
    expect(over.status).toBe(200);
    expect(over.body.verdict).toBe('adjust');
    expect(over.body.remedies.filter((m: { ref?: string }) => m.ref === capped!.ref)).toEqual([expect.objectContaining({ code: 'cfr_over_max', action: 'reduce', to: max })]);
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
