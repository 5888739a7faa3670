/**
 * Lines the ingredient library does not hold are screened by what the regulatory packs themselves
 * name (issue 29): an entry's INCI name, a variant of its substance's name, its CAS or EC number.
 * Every case is picked from the packs, never typed here; the catalogue check shows that no name the
 * library resolves is answered any differently.
 */
import { describe, expect, it } from 'vitest';
import { normaliseName, type CheckMarket, type CheckRequest, type Line } from '@svc/formula';
import { EU_ANNEXES, US_CFR, casNumbersIn, entriesNamed, ecNumbersIn, regulationOf, regulationOfUs, type Entry, type RegulatoryPack, type UsPack } from '@svc/regulation';
import { shippedCatalogue } from '../../../scripts/catalogue-fixture';
import { checkFormula } from '../src/engine/check';
import { DEFAULT_PACK } from '../src/engine/pack';
import { REPAIR_NAMES, repairFormula } from '../src/engine/repair';
import { indexOfCatalogue, resolveWithIndex } from '../../library/src/engine/resolve';
import { namesToResolve } from '../src/engine/check';

// Names resolved as the library resolves them (exact name, else punctuation ignored; never a CAS
// number), over the whole shipped catalogue: what is unmatched here is unmatched in the service.
const index = indexOfCatalogue(shippedCatalogue().entries);
const withRepair = (req: CheckRequest) => resolveWithIndex(index, namesToResolve({ lines: [...req.lines, ...REPAIR_NAMES.map((n) => ({ n, pct: 0 }))] }));
const check = (req: CheckRequest, eu: RegulatoryPack = EU_ANNEXES, us: UsPack = US_CFR) => checkFormula(req, withRepair(req), DEFAULT_PACK, eu, us);

/** A serum on the classic chassis, balanced with AQUA. */
function serum(lines: Line[], market: CheckMarket = 'eu'): CheckRequest {
  const sum = lines.reduce((s, l) => s + l.pct, 0);
  return { base: 'classic', basePct: 80, ph: 5.5, market, lines: [{ n: 'AQUA', pct: Math.round((20 - sum) * 1e4) / 1e4 }, ...lines] };
}

/** The same packs with nothing to recognise names by: the screen as it was for unmatched lines. */
const blind = <P extends RegulatoryPack | UsPack>(p: P): P => ({ ...p, nameIndex: { exact: new Map(), words: new Map(), numbers: new Map() } });

const unknown = (n: string): boolean => index.namesByKey(normaliseName(n)).length === 0 && resolveWithIndex(index, [n]).get(normaliseName(n))?.matched !== true;
/**
 * Annex II entries prohibited outright, lifted by no other entry, that no INCI name covers and whose
 * number no other entry shares: what a chemist can only write by substance name or number.
 */
const bare = EU_ANNEXES.entries.filter((e) => {
  if (e.annex !== 'II' || e.status !== 'prohibited' || e.liftedBy.length > 0 || e.names.length > 0) return false;
  const nums = [...casNumbersIn(e.cas), ...ecNumbersIn(e.ec)];
  return nums.length > 0 && nums.every((n) => EU_ANNEXES.entries.every((x) => x === e || ![...casNumbersIn(x.cas), ...ecNumbersIn(x.ec)].includes(n)));
});
/** Those named "<Name> (INN)": the chemist writes the name without the tag. */
const inn = bare.flatMap((e) => {
  const m = /^([A-Za-z][A-Za-z-]+) \(INN\)$/.exec(e.substance);
  return m && unknown(m[1] as string) ? [{ e, name: m[1] as string }] : [];
});

function expectRemoved(req: CheckRequest, name: string, ref: string, regulation: string): void {
  const r = check(req);
  expect(r.verdict, name).toBe('adjust');
  const removal = r.remedies.filter((m) => m.ref === ref);
  expect(removal, name).toEqual([expect.objectContaining({ code: 'prohibited', action: 'remove', target: name, to: 0, regulation })]);
  const line = req.lines.findIndex((l) => 'n' in l && l.n === name);
  expect(removal[0]?.changes).toEqual([{ line, from: req.lines[line]?.pct, to: 0 }]);
  // Still not in the library: listed as unmatched, with its verify remedy saying the screen saw it.
  expect(r.unmatched.map((u) => u.n)).toContain(name);
  expect(r.remedies.find((m) => m.code === 'unmatched' && m.target === name)?.message).toContain('regulatory screen recognised it');
  // Without the pack's names it was only "verify".
  expect(check(req, blind(EU_ANNEXES), blind(US_CFR)).verdict, name).toBe('compatible_verify');
}

describe('unmatched lines on the EU market', () => {
  it('has Annex II substances known only by their INN name, CAS and EC number to test with', () => {
    expect(inn.length).toBeGreaterThan(20);
  });

  it('refuses an Annex II substance written by its name without "(INN)", citing the entry', () => {
    for (const { e, name } of inn.slice(0, 25)) expectRemoved(serum([{ n: name, pct: 0.1 }]), name, e.ref, regulationOf(e, EU_ANNEXES));
  });

  it('refuses it written as its CAS or EC number, and in any case and spacing', () => {
    for (const { e, name } of inn.slice(0, 10)) {
      for (const n of [...casNumbersIn(e.cas), ...ecNumbersIn(e.ec)]) expectRemoved(serum([{ n, pct: 0.1 }]), n, e.ref, regulationOf(e, EU_ANNEXES));
      const sloppy = `  ${name.toLowerCase()}  (inn) `;
      const r = check(serum([{ n: sloppy, pct: 0.2 }]));
      expect(r.remedies.filter((m) => m.ref === e.ref && m.action === 'remove'), sloppy).toHaveLength(1);
    }
  });

  it('screens a blend component the library does not hold, and repair takes its line out', () => {
    const { e, name } = inn[0] as { e: Entry; name: string };
    const req: CheckRequest = { ...serum([{ n: 'GLYCERIN', pct: 3 }, { pct: 1, blend: [{ n: 'GLYCERIN', f: 0.5 }, { n: name, f: 0.5 }] }]), repair: true };
    const first = check(req);
    expect(first.verdict).toBe('adjust');
    expect(first.remedies.find((m) => m.ref === e.ref)).toMatchObject({ action: 'remove', from: 0.5, changes: [{ line: 2, from: 1, to: 0 }] });
    const rep = repairFormula(req, first, withRepair(req), DEFAULT_PACK, EU_ANNEXES, US_CFR);
    expect(rep.verdict).not.toBe('adjust');
    expect(JSON.stringify(rep.request.lines)).not.toContain(name);
    expect(check(rep.request).verdict).toBe(rep.verdict);
  });

  it('answers a CAS number as the library ingredient of that number with the same annex entries (lifting included)', () => {
    // Catalogue ingredients whose annex references are exactly the entries their CAS number finds in the pack.
    const byCas = new Map<string, { inci: string; refs: readonly string[] }>();
    for (const { facts: f } of shippedCatalogue().entries) {
      if (!f.cas || f.refs.length === 0 || f.prohibited || byCas.has(f.cas)) continue;
      // As the library resolves the name (a curated entry may answer to it first).
      const r = resolveWithIndex(index, [f.inci]).get(normaliseName(f.inci));
      if (r?.matched && r.facts.inci === f.inci && r.facts.refs.join() === f.refs.join()) byCas.set(f.cas, { inci: f.inci, refs: f.refs });
    }
    const same = [...byCas].filter(([cas, f]) => {
      const found = entriesNamed(EU_ANNEXES, cas).map((e) => e.ref);
      // A number alone tells neither a salt's or ester's factor to the acid nor what the ingredient is
      // used for (counted as it is, and as a preservative, which can only overstate): entries calculated
      // as another substance, Annex V entries with other purposes and Annex II entries for one use are
      // left out of the comparison.
      const converted = found.some((r) => {
        const e = EU_ANNEXES.byRef.get(r);
        return e !== undefined && (e.items.some((i) => i.basis !== null || i.otherPurposes === true) || /fragrance ingredient/i.test(e.raw ?? ''));
      });
      return unknown(cas) && found.length > 0 && !converted && [...found].sort().join() === [...f.refs].sort().join();
    });
    expect(same.length).toBeGreaterThan(30);
    const lifted = same.filter(([, f]) => f.refs.some((r) => (EU_ANNEXES.byRef.get(r)?.liftedBy.length ?? 0) > 0));
    expect(lifted.length).toBeGreaterThan(0);
    // The regulatory remedies, in any order (the library lists an ingredient's references in its own order).
    const shape = (r: ReturnType<typeof check>) => r.remedies.filter((m) => m.ref !== undefined).map((m) => JSON.stringify([m.code, m.action, m.ref, m.to, m.changes])).sort();
    for (const [cas, f] of same) {
      for (const pct of [0.001, 0.5]) {
        const byName = check(serum([{ n: f.inci, pct }]));
        const byNumber = check(serum([{ n: cas, pct }]));
        expect(shape(byNumber), `${cas} / ${f.inci} at ${pct} %`).toEqual(shape(byName));
      }
    }
  });
});

describe('an unmatched line the pack names without a finding', () => {
  it('is an ordinary unmatched line: an Annex V preservative by its CAS number gets no remedy and no "recognised" note', () => {
    const v = EU_ANNEXES.entries.find((e) => e.annex === 'V' && casNumbersIn(e.cas).some((c) => entriesNamed(EU_ANNEXES, c).every((x) => x.annex === 'V')));
    const cas = casNumbersIn(v?.cas ?? []).find((c) => entriesNamed(EU_ANNEXES, c).every((x) => x.annex === 'V')) as string;
    const r = check(serum([{ n: `CAS ${cas}`, pct: 0.1 }]));
    expect(r.verdict).toBe('compatible_verify');
    expect(r.remedies.filter((m) => m.ref !== undefined)).toEqual([]);
    expect(r.remedies.find((m) => m.code === 'unmatched')?.message).toContain('no rule');
  });
});

describe('unmatched lines on the US market', () => {
  const prohibited = US_CFR.entries.filter((e) => e.status === 'prohibited');

  it('refuses every prohibited section written by a name of its own the library does not hold, or its CAS number', () => {
    let names = 0;
    for (const e of prohibited) {
      for (const n of e.names.filter(unknown)) {
        expectRemoved(serum([{ n, pct: 0.1 }], 'us'), n, e.ref, regulationOfUs(e));
        names++;
      }
      for (const n of e.cas) expectRemoved(serum([{ n, pct: 0.1 }], 'us'), n, e.ref, regulationOfUs(e));
    }
    // BITHIONOL (21 CFR 700.11) among them: the walkthrough's case.
    expect(names).toBeGreaterThan(3);
    expect(prohibited.some((e) => e.names.some(unknown) && e.ref === '21 CFR 700.11')).toBe(true);
  });

  it('never judges an unmatched name by a class pattern: only whole names', () => {
    const byPattern = US_CFR.entries.filter((e) => e.pattern !== null && e.names.length === 0 && e.cas.length === 0);
    expect(byPattern.length).toBeGreaterThan(0);
    for (const e of byPattern) {
      // A made-up name the pattern matches, which no ingredient or entry is called.
      const n = `${(e.pattern as string).replace(/\\b|[()|^$]/g, ' ').trim().split(/\s+/)[0]} WIDGET COMPLEX`;
      const r = check({ ...serum([{ n, pct: 0.1 }], 'us'), product: { spray: true } });
      expect(new RegExp(e.pattern as string, 'i').test(n), n).toBe(true);
      expect(r.remedies.filter((m) => m.ref === e.ref), n).toEqual([]);
    }
  });
});

describe('the shipped catalogue', () => {
  it('answers every INCI name the library resolves exactly as before, on both markets', () => {
    const names = [...new Set(shippedCatalogue().entries.map((e) => e.facts.inci))].filter((n) => !unknown(n));
    expect(names.length).toBeGreaterThan(25_000);
    const eu = blind(EU_ANNEXES);
    const us = blind(US_CFR);
    const PER = 150;
    for (let i = 0; i < names.length; i += PER) {
      const lines = names.slice(i, i + PER).map((n) => ({ n, pct: 0.01 }));
      for (const market of ['eu', 'us'] as const) {
        const req = serum(lines, market);
        const res = withRepair(req);
        const now = checkFormula(req, res, DEFAULT_PACK, EU_ANNEXES, US_CFR);
        expect(now.unmatched).toEqual([]);
        expect(now).toEqual(checkFormula(req, res, DEFAULT_PACK, eu, us));
      }
    }
  });
});
