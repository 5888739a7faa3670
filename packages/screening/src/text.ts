/**
 * Text as the classifier reads it. Spelling noise is removed before any word is looked up, so the
 * word lists hold each word once, in its plain spelling:
 *
 * - full-width and compatibility forms become their plain letters (NFKC), zero-width and soft
 *   hyphen characters are dropped, accents are folded (and the letters that do not decompose:
 *   ß, ł, ø, æ, œ, đ);
 * - Cyrillic and Greek letters that look like Latin ones (the а of "whаt", the ο of "cοmpοsition")
 *   become those letters in a text that has Latin letters: none of the eleven languages is written
 *   in those scripts, so there they can only be a disguise;
 * - digits and symbols written for letters inside a word (c0mp0sition, ch4ssis, b@se) become the
 *   letters; a word of digits only (62.5, 40) is a number and stays one;
 * - a word spelt out letter by letter (c o m p o s i t i o n, c.o.m.p) is joined back;
 * - CJK and Hangul have no spaces: their characters are kept as one dense string, matched on
 *   substrings, next to the Latin words.
 */

export interface ReadText {
  /** Latin-script words: lower case, accents folded, letters and digits. */
  words: string[];
  /** Every CJK, kana and Hangul character of the text, in order, without spaces or punctuation. */
  dense: string;
  /** The other reading of words obfuscated with a 1 (sk1ad: sklad beside skiad), looked up as words too. */
  alts: string[];
}

const INVISIBLE = /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff]/g;
const FOLD: Record<string, string> = { ß: 'ss', ł: 'l', ø: 'o', æ: 'ae', œ: 'oe', đ: 'd', ı: 'i', þ: 'th' };
/** Cyrillic and Greek letters (lower case) that look like a Latin letter. */
const LOOKALIKE: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', ѕ: 's', і: 'i', ї: 'i', ј: 'j', ԁ: 'd', ԛ: 'q', ԝ: 'w', һ: 'h', ӏ: 'l',
  α: 'a', β: 'b', ε: 'e', η: 'n', ι: 'i', κ: 'k', μ: 'u', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', γ: 'y', ϲ: 'c',
};
const CYRILLIC_GREEK = /[\u0370-\u03ff\u0400-\u052f]/u;
const CYRILLIC_GREEK_ALL = new RegExp(CYRILLIC_GREEK.source, 'gu');
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '@': 'a', $: 's', '€': 'e', '!': 'i', '|': 'l' };
/** CJK ideographs, kana (full and half width), Hangul syllables and jamo. */
const DENSE = /[%\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f\uac00-\ud7af\u1100-\u11ff\u3130-\u318f]/u;
const DENSE_ALL = new RegExp(DENSE.source, 'gu');

/** Printable ASCII needs no Unicode folding: most texts (INCI names) take this short way. */
const PLAIN_ASCII = /^[\x20-\x7e]*$/;
const INNER_NOISE = /[.*·•_~^]/;

const HAS_LETTER = /[a-z]/;

function fold(text: string): string {
  if (PLAIN_ASCII.test(text)) return text.toLowerCase();
  const folded = text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    // Hangul syllables decompose into jamo: composed again so that they read as the pack writes them.
    .normalize('NFC')
    .toLowerCase()
    .replace(/[ßłøæœđıþ]/g, (c) => FOLD[c] ?? c)
    // A dash or bar written for the katakana long vowel mark (ベ―ス) is the mark.
    .replace(/(?<=[\u30a0-\u30ff])[\u2010-\u2015\u2212\uff0d-](?=[\u30a0-\u30ff])/g, 'ー');
  return CYRILLIC_GREEK.test(folded) && HAS_LETTER.test(folded) ? folded.replace(CYRILLIC_GREEK_ALL, (c) => LOOKALIKE[c] ?? c) : folded;
}

const HAS_SYMBOL = /[0-9@$€!|]/;

/** The words of one stretch of Latin text: symbols written for letters read as letters, numbers kept. */
function wordsIn(latin: string, out: string[], alts?: string[]): void {
  let single = false;
  const start = out.length;
  for (const token of latin.split(/[^a-z0-9@$€!|]+/)) {
    if (!token) continue;
    if (!HAS_SYMBOL.test(token)) {
      out.push(token);
      if (token.length === 1) single = true;
      continue;
    }
    const bare = token.replace(/[!|]+$/, '');
    const read = HAS_LETTER.test(bare) ? bare.replace(/[0-9@$€!|]/g, (c) => LEET[c] ?? c) : bare;
    for (const w of read.split(/[^a-z0-9]+/)) {
      if (!w) continue;
      out.push(w);
      if (w.length === 1) single = true;
    }
    // A 1 stands for an l as often as for an i (sk1ad, f0rmu1a): the other reading is kept too.
    if (alts && HAS_LETTER.test(bare) && bare.includes('1')) {
      for (const w of bare.replace(/1/g, 'l').replace(/[0-9@$€!|]/g, (c) => LEET[c] ?? c).split(/[^a-z0-9]+/)) if (w && !out.includes(w)) alts.push(w);
    }
  }
  if (!single) return;
  const mine = out.slice(start);
  // A stretch made only of single letters is one word spelt out ("i n" between double spaces).
  out.splice(start, out.length - start, ...(mine.length >= 2 && mine.every((w) => w.length === 1 && HAS_LETTER.test(w)) ? [mine.join('')] : joinSpelled(mine)));
}

/** Runs of three or more one-letter words (an obfuscated spelling) joined into one word. */
function joinSpelled(words: string[]): string[] {
  const out: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length >= 3) out.push(run.join(''));
    else out.push(...run);
    run = [];
  };
  for (const w of words) {
    if (w.length === 1 && HAS_LETTER.test(w)) run.push(w);
    else {
      flush();
      out.push(w);
    }
  }
  flush();
  return out;
}

export function readText(text: string): ReadText {
  const folded = fold(text);
  const ascii = PLAIN_ASCII.test(folded);
  // A middle dot between kana (シ・ャ・ー・シ) spells a word out: the dense string drops it.
  const dense = ascii ? (folded.includes('%') ? '%' : '') : (folded.match(DENSE_ALL) ?? []).join('').replace(/\u30fb/g, '');
  // Dots and stars inside a word (comp.osition, ch*ssis) are only noise and are dropped first.
  let latin = ascii ? folded : folded.replace(DENSE_ALL, ' ');
  if (INNER_NOISE.test(latin)) latin = latin.replace(/([a-z])[.*·•_~^](?=[a-z0-9])|([0-9])[.*·•_~^](?=[a-z])/g, '$1$2');
  const words: string[] = [];
  const alts: string[] = [];
  // Two or more spaces separate the words of a text spelt out letter by letter ("h o w  m u c h").
  if (/\s\s/.test(latin)) for (const part of latin.split(/\s{2,}/)) wordsIn(part, words, alts);
  else wordsIn(latin, words, alts);
  return { words, dense, alts };
}

/** The Latin-script words of a text (see readText). */
export function wordsOf(text: string): string[] {
  return readText(text).words;
}
