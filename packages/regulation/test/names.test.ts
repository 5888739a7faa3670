/**
 * The packs' whole-name index (names.ts): what a line the library does not hold is recognised by.
 * Every case is read from the packs; nothing regulatory is typed here.
 */
import { describe, expect, it } from 'vitest';
import { normaliseName, wordKey } from '@svc/formula';
import { EU_ANNEXES, US_CFR, casNumbersIn, ecNumbersIn, entriesNamed, lookupName, substanceVariants, usEntriesNamed, usEntriesOf } from '../src/index';

const refsOf = (list: readonly { ref: string }[]): string[] => list.map((e) => e.ref);

describe('the EU pack by name and number', () => {
  it('finds every entry by each of its CAS and EC numbers, written bare or with "CAS"/"EC" before it', () => {
    let n = 0;
    for (const e of EU_ANNEXES.entries) {
      for (const cas of casNumbersIn(e.cas)) {
        expect(refsOf(entriesNamed(EU_ANNEXES, cas)), cas).toContain(e.ref);
        expect(refsOf(entriesNamed(EU_ANNEXES, `CAS ${cas}`)), cas).toContain(e.ref);
        n++;
      }
      for (const ec of ecNumbersIn(e.ec)) expect(refsOf(entriesNamed(EU_ANNEXES, `EC No. ${ec}`)), ec).toContain(e.ref);
    }
    expect(n).toBeGreaterThan(1500);
  });

  it('finds an entry by its substance name without its tag, family or qualifier clauses', () => {
    // "Methotrexate (INN)", "Nitroxoline (INN) and its salts", "X, when used as a substance in hair dye products": the leading name.
    const cases = EU_ANNEXES.entries.flatMap((e) => {
      const m = /^([A-Za-z][A-Za-z-]+(?: [a-z][A-Za-z-]+)?) \((?:INN|ISO)\)(?:,? (?:and )?(?:its|their) [a-z ,]+)?$/.exec(e.substance);
      return m ? [{ e, name: m[1] as string }] : [];
    });
    expect(cases.length).toBeGreaterThan(100);
    for (const { e, name } of cases) {
      expect(refsOf(entriesNamed(EU_ANNEXES, name)), name).toContain(e.ref);
      expect(refsOf(entriesNamed(EU_ANNEXES, name.toUpperCase())), name).toContain(e.ref);
      expect(refsOf(entriesNamed(EU_ANNEXES, e.substance)), e.substance).toContain(e.ref);
    }
    const parenthesised = EU_ANNEXES.entries.flatMap((e) => {
      const m = /^[^()]+ \(([A-Z][a-z]{4,})\)$/.exec(e.substance);
      return m ? [{ e, name: m[1] as string }] : [];
    });
    expect(parenthesised.length).toBeGreaterThan(5);
    for (const { e, name } of parenthesised) expect(refsOf(entriesNamed(EU_ANNEXES, name)), name).toContain(e.ref);
  });

  it('finds an entry by each INCI name it lists, with the punctuation ignored as the library ignores it', () => {
    const e = EU_ANNEXES.entries.find((x) => x.names.some((n) => /-/.test(n) && n.includes(' ')));
    const name = e?.names.find((n) => /-/.test(n) && n.includes(' ')) as string;
    expect(refsOf(entriesNamed(EU_ANNEXES, name.replace(/-/g, ' ').toLowerCase()))).toContain(e?.ref);
  });

  it('never finds by a part of a name: a key shortened by a word finds nothing unless it is a name itself', () => {
    const idx = EU_ANNEXES.nameIndex;
    let tried = 0;
    for (const key of idx.exact.keys()) {
      const words = key.split(' ');
      if (words.length < 2) continue;
      for (const part of [words.slice(0, -1).join(' '), words.slice(1).join(' '), words[0] as string]) {
        if (idx.exact.has(part) || idx.words.has(wordKey(part)) || idx.numbers.has(part)) continue;
        expect(lookupName(idx, part), part).toEqual([]);
        tried++;
      }
    }
    expect(tried).toBeGreaterThan(1000);
  });

  it('keeps tags, footnotes and plant parts out of the variants', () => {
    for (const e of [...EU_ANNEXES.entries, ...US_CFR.entries]) {
      for (const v of substanceVariants(e.substance)) {
        expect(normaliseName(v), `${e.ref}: ${v}`).not.toMatch(/^\(?(INN|ISO|INCI|USAN|\d+|AND|ITS|THEIR|INCLUDING)\)?$/);
        expect(v, e.ref).not.toMatch(/^(leaves|roots|seeds|fruit|powder|oil|essential oil|synthetic|racemic|monomer)(,| and |$)/i);
      }
    }
  });

  it('does not recognise the pieces the annex file cut out of comma-separated INCI lists', () => {
    // A bare word listed as an INCI name of an entry with several names that its substance never uses.
    const pieces = EU_ANNEXES.entries.flatMap((e) =>
      e.names.length > 1 ? e.names.filter((n) => /^[A-Z]+$/.test(n) && !new RegExp(`\\b${n}\\b`, 'i').test(e.substance)).map((n) => ({ e, n })) : [],
    );
    expect(pieces.length).toBeGreaterThan(5);
    for (const { e, n } of pieces) expect(refsOf(entriesNamed(EU_ANNEXES, n)), `${e.ref}: ${n}`).not.toContain(e.ref);
  });
});

describe('the US pack by name and number', () => {
  it('finds every entry by each of its names, its substance and its CAS numbers', () => {
    for (const e of US_CFR.entries) {
      for (const n of [...e.names, e.substance, ...e.cas]) expect(refsOf(usEntriesNamed(US_CFR, n)), n).toContain(e.ref);
      for (const n of e.names) expect(refsOf(usEntriesNamed(US_CFR, n.toLowerCase())), n).toContain(e.ref);
    }
  });

  it('never by a class pattern, which usEntriesOf applies to library ingredients only', () => {
    for (const e of US_CFR.entries.filter((x) => x.pattern !== null)) {
      // The pattern's first word, completed as the pattern allows ("MERCUR(Y|IC|OUS)" -> "MERCURY").
      const word = /[A-Z]{4,}/.exec(e.pattern as string)?.[0] as string;
      const re = new RegExp(e.pattern as string, 'i');
      const name = ['', 'Y', 'IC'].map((s) => `${word}${s} TEST COMPOUND`).find((n) => re.test(n)) as string;
      expect(refsOf(usEntriesOf(US_CFR, name, null)), name).toContain(e.ref);
      expect(refsOf(usEntriesNamed(US_CFR, name)), name).not.toContain(e.ref);
    }
  });
});
