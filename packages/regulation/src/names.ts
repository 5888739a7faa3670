/**
 * Recognising a line the ingredient library does not hold by what a regulatory pack itself holds
 * (issue 29): an entry's INCI names, the name variants of its substance, its CAS and EC numbers.
 *
 * Matching is on whole names only, as the library resolves them: the normalised name
 * (normaliseName: case, accents, spacing), else the same name with its punctuation ignored
 * (wordKey). Never a part of a name: "SODIUM" does not find "Sodium fluoride". The variants of a
 * substance are derived once, when the pack loads, from the annex wording: alternatives separated
 * by ";" or " / Name", a trailing parenthesised name ("1,4-Dihydroxybenzene (Hydroquinone)"), and
 * the name with its qualifiers taken off ("(INN)", "and its salts", ", when used as ...", footnote
 * numbers), because a chemist writes "Methotrexate", not "Methotrexate (INN)".
 */
import { normaliseName, wordKey } from '@svc/formula';

const CAS_RE = /\b\d{2,7}-\d{2}-\d\b/g;
const EC_RE = /\b\d{3}-\d{3}-\d\b/g;
const CAS_ONLY = /^\d{2,7}-\d{2}-\d$/;
const EC_ONLY = /^\d{3}-\d{3}-\d$/;

/** The CAS numbers written in the pack's CAS fields ("16083-14-0 [1] 3349-08-4 [2]" holds two). */
export const casNumbersIn = (fields: readonly string[]): string[] => [...new Set(fields.flatMap((f) => f.match(CAS_RE) ?? []))];
/** The EC numbers written in the pack's EC fields. */
export const ecNumbersIn = (fields: readonly string[]): string[] => [...new Set(fields.flatMap((f) => f.match(EC_RE) ?? []))];

/** A tag in parentheses that is no name: "(INN)", "(USAN)", "(nano)", a footnote "(8)", "(see note 17)". */
const TAG = /^((INN|INNM|ISO|INCI|USAN|BAN)([:/,]\s*)?)+$|^(nano|\d+|see note[^)]*)$/i;
/** A parenthesis that says which part or form ("(leaves, roots and galenical preparations)", "(monomer)"), not another name. */
const DESCRIPTOR = /^(e\.g\.|(leaves|roots|seeds|fruit|powder|essential oil|oil|galenical|monomer|polymeric|stabili[sz]ed|petroleum|coal|synthetic|natural|racemic)\b)/i;
/** Where the annex starts saying when or how the entry applies: the name ends before it. */
const QUALIFIER = /(,\s*|\s+)(when|if|with the exception|except|provided|other than|unless|used)\b.*$/i;
/** "and its salts", ", its salts and derivatives", "and their alkali metal salts" ...: the name ends before it. */
const FAMILY = /(,\s*|\s+)(and\s+)?(its|their)\s[^()]*$/i;
/** Between alternative names: ";", or " / " before a capital. Sticky: tried where splitTop stands. */
const ALTERNATIVE = /\s*;\s*|\s+\/\s*(?=[A-Z])/y;
/** A tag between two names of one substance: " (ISO) ". */
const TAG_BETWEEN = /\s+\((INN|INNM|ISO)\)\s+/iy;
/** The start of a qualifier or family clause, which names nothing by itself. */
const CLAUSE = /^(and|or|its|their|with|when|if|except|including|as|in|for)\b/i;

/** `s` cut at every match of `sep` (a sticky pattern) where no bracket is open. */
function splitTop(s: string, sep: RegExp): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i] as string;
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (ch === ' ' || ch === ';')) {
      sep.lastIndex = i;
      const m = sep.exec(s);
      if (m && m[0].length > 0) {
        out.push(s.slice(from, i));
        from = i + m[0].length;
        i = from - 1;
      }
    }
  }
  out.push(s.slice(from));
  return out.map((x) => x.trim()).filter((x) => x.length > 0);
}

const count = (s: string, ch: string): number => s.split(ch).length - 1;

/** Brackets the annex text leaves open or closed alone ("Octisalate)"), and a name wholly in brackets ("[MBM]"), undone. */
function tidy(raw: string): string {
  let s = raw.replace(/\[\d+\]/g, ' ').replace(/\s+/g, ' ').trim().replace(/[,.:;]+$/, '').trim();
  for (let again = true; again; ) {
    again = false;
    if (/^\[[^\[\]]*\]$/.test(s) || /^\([^()]*\)$/.test(s)) ((s = s.slice(1, -1).trim()), (again = true));
    if (s.endsWith(')') && count(s, ')') > count(s, '(')) ((s = s.slice(0, -1).trim()), (again = true));
    if (s.startsWith('(') && count(s, '(') > count(s, ')')) ((s = s.slice(1).trim()), (again = true));
  }
  return s;
}

/** The last parenthesised group of `s` when `s` ends with it: [before, inside], or null. */
function trailingGroup(s: string): [string, string] | null {
  if (!s.endsWith(')')) return null;
  let depth = 0;
  for (let i = s.length - 1; i >= 0; i--) {
    if (s[i] === ')') depth++;
    else if (s[i] === '(' && --depth === 0) {
      // "(2-Acetoxyethyl)trimethylammonium" opens the name: a group that starts it is part of it.
      if (i === 0 || !/\s/.test(s[i - 1] as string)) return null;
      return [s.slice(0, i).trim(), s.slice(i + 1, -1).trim()];
    }
  }
  return null;
}

/** The names a substance's wording gives, as written (not yet normalised). */
export function substanceVariants(substance: string): string[] {
  const out = new Set<string>();
  const visit = (raw: string, depth: number): void => {
    const s = tidy(raw);
    if (s.length === 0 || depth > 5 || out.has(s) || CLAUSE.test(s)) return;
    out.add(s);
    // Alternatives: "captan (ISO); 1,2,3,6-tetrahydro-...", "Hydroquinone methylether / Mequinol"
    // (a "/" before a capital only: "Cymbopogon citratus / schoenanthus" is one botanical name).
    const alternatives = splitTop(s, ALTERNATIVE);
    if (alternatives.length > 1) for (const a of alternatives) visit(a, depth + 1);
    // "Myclobutanil (ISO) 2-(4-chlorophenyl)-...": a tag between two names of the substance.
    const tagged = splitTop(s, TAG_BETWEEN);
    if (tagged.length > 1) for (const a of tagged) visit(a, depth + 1);
    const qualified = s.replace(QUALIFIER, '');
    if (qualified !== s) visit(qualified, depth + 1);
    const family = s.replace(FAMILY, '');
    if (family !== s) visit(family, depth + 1);
    const group = trailingGroup(s);
    if (group) {
      visit(group[0], depth + 1);
      // "(Hydroquinone)", "(Solvent Red 3; CI 12010)", "(LSD)" name the substance; "(fruit)", "(monomer)", "(synthetic)" say which part or form.
      if (!TAG.test(group[1]) && !DESCRIPTOR.test(group[1])) visit(group[1], depth + 1);
    }
  };
  visit(substance, 0);
  // A variant must name something: letters, not only a number or a tag.
  return [...out].filter((v) => /[A-Za-z].*[A-Za-z]/.test(v) && !TAG.test(v) && !/^(moved|deleted)\b/i.test(v));
}

/** Whole-name lookup tables over a pack's entries, built once when the pack loads. */
export interface NameIndex {
  /** normaliseName of a name or variant -> entry keys (refs), in pack order. */
  exact: ReadonlyMap<string, readonly string[]>;
  /** wordKey of the same -> entry keys, for names written with other punctuation. */
  words: ReadonlyMap<string, readonly string[]>;
  /** CAS and EC numbers -> entry keys. */
  numbers: ReadonlyMap<string, readonly string[]>;
}

export interface Indexed {
  key: string;
  /** INCI and other names the entry names itself. */
  names: readonly string[];
  substance: string;
  numbers: readonly string[];
}

export function buildNameIndex(items: readonly Indexed[]): NameIndex {
  const exact = new Map<string, string[]>();
  const words = new Map<string, string[]>();
  const numbers = new Map<string, string[]>();
  const put = (m: Map<string, string[]>, k: string, v: string): void => {
    if (k.length === 0) return;
    const list = m.get(k);
    if (!list) m.set(k, [v]);
    else if (!list.includes(v)) list.push(v);
  };
  for (const it of items) {
    for (const n of [...it.names, ...substanceVariants(it.substance)]) {
      put(exact, normaliseName(n), it.key);
      put(words, wordKey(n), it.key);
    }
    for (const num of it.numbers) put(numbers, num, it.key);
  }
  return { exact, words, numbers };
}

/**
 * The entry keys a line name stands for: a CAS or EC number given as the name, else the name
 * itself, else the name with its punctuation ignored. Empty when nothing in the pack is named so.
 */
export function lookupName(index: NameIndex, raw: string): readonly string[] {
  const name = normaliseName(raw);
  // "CAS 59-05-2", "EC No. 200-362-1": the number is what names the substance.
  const number = name.replace(/^(CAS|EC)(\s*NO\.?)?[\s:#]*(?=\d)/, '');
  if (CAS_ONLY.test(number) || EC_ONLY.test(number)) return index.numbers.get(number) ?? [];
  return index.exact.get(name) ?? index.words.get(wordKey(name)) ?? [];
}
