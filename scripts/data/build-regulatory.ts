/**
 * Builds packages/regulation/data/eu-annexes.json, the structured EU annexes the regulatory screen
 * reads, from cosing_annex_II.csv to cosing_annex_VI.csv. Run: npm run data:regulatory
 *
 * The annexes' conditions are free text. Each sub-condition is read by a small grammar (product
 * types, maxima, pH, professional use, children, sprays); an entry any part of which the grammar
 * does not read whole is kept `unstructured` with its text, and the screen answers a verify for it
 * instead of guessing. The coverage is printed and stored in the pack.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { normaliseName } from '@svc/formula';
// The product module only: the package's index loads (and validates) the pack this script replaces.
import { ALL_CELLS, AREAS, cellOf, type Area, type Cell, type ProductType } from '@svc/regulation/product';
import { splitFragment } from '@svc/regulation/fragments';
import type { Entry, Item } from '@svc/regulation';
import { clean, readAnnexAligned, type AnnexRow } from './cosing-csv';

const OUT = resolve(import.meta.dirname, '../../packages/regulation/data/eu-annexes.json');
/** The hand-reviewed Annex V limits the preservation guidance applies: /check applies the same ones. */
const ANNEX_V_REVIEWED = resolve(import.meta.dirname, '../../services/preservation/src/data/annex-v.json');

const FILES = { II: 'cosing_annex_II.csv', III: 'cosing_annex_III.csv', IV: 'cosing_annex_IV.csv', V: 'cosing_annex_V.csv', VI: 'cosing_annex_VI.csv' } as const;
type AnnexId = keyof typeof FILES;

const BOTH: ProductType[] = ['leave_on', 'rinse_off'];
const cells = (areas: readonly Area[], uses: readonly ProductType[] = BOTH): Cell[] => areas.flatMap((a) => uses.map((u) => cellOf(a, u)));
const without = (all: readonly Cell[], minus: readonly Cell[]): Cell[] => all.filter((c) => !minus.includes(c));
const HAIR: Area[] = ['hair', 'scalp'];
const SKIN: Area[] = ['skin', 'face', 'body'];

interface Scope {
  cells: Cell[];
  special: string | null;
  sprayOnly?: boolean;
  /** "Other products": the cells no other sub-condition of the entry covers. */
  other?: boolean;
  professional?: boolean;
}

/** Product words of the annexes that name a product class by where it goes. */
const PRODUCT_WORDS: Array<[RegExp, Cell[]]> = [
  [/^body lotions?$/, cells(['body', 'skin'], ['leave_on'])],
  [/^(?:eye shadows?|mascaras?|eyeliners?)$/, cells(['eye'], ['leave_on'])],
  [/^lipsticks?$/, cells(['lip'], ['leave_on'])],
  [/^roll-on deodorants?$/, cells(['body'], ['leave_on'])],
];

function words(list: string): Cell[] | null {
  const out: Cell[] = [];
  for (const w of list.split(/\s*,\s*|\s+and\s+/)) {
    const hit = PRODUCT_WORDS.find(([re]) => re.test(w.trim()));
    if (!hit) return null;
    for (const c of hit[1]) if (!out.includes(c)) out.push(c);
  }
  return out;
}

function norm(text: string): string {
  return clean(text)
    .toLowerCase()
    .replace(/[\u2018\u2019\u201c\u201d]/g, "'")
    .replace(/hair (?:day|due) /g, 'hair dye ')
    .replace(/subtance/g, 'substance')
    .replace(/oxidatie\b/g, 'oxidative')
    .replace(/non- oxidative/g, 'non-oxidative')
    .replace(/intented/g, 'intended')
    .replace(/produts/g, 'products')
    .replace(/ ?\.$/, '')
    .trim();
}

/** One product-type text → the products it covers, or null when the grammar does not read it whole. */
export function scopeOf(raw: string): Scope | null {
  let t = norm(raw);
  let noOral = false;
  let noSpray = false;
  const notOral = /\s*,?\s*(?:not to be used in oral products|with the exception of oral (?:care )?products)$/;
  if (notOral.test(t)) { noOral = true; t = t.replace(notOral, ''); }
  const sprays = /\s*,?\s*(?:with the exception of propell?ent spray products|excluding propellant and pump spray products)$/;
  if (sprays.test(t)) { noSpray = true; t = t.replace(sprays, ''); }
  const s = scopeCore(t);
  if (!s) return null;
  if (noOral) s.cells = s.cells.filter((c) => !c.startsWith('oral:'));
  if (noSpray) s.special = s.special ? `${s.special}, not sprays` : 'not propellant or pump sprays';
  return s;
}

function scopeCore(t: string): Scope | null {
  let m: RegExpExecArray | null;
  if ((m = /^(?:hair dye substance |hair dye |solvent )?(?:in )?(non-oxidative|oxidative) hair dyes? products?$/.exec(t))) {
    return { cells: cells(HAIR), special: `${m[1]} hair dye products` };
  }
  if ((m = /^(oxidising|non-oxidising) colouring agents for hair dyeing$/.exec(t))) return { cells: cells(HAIR), special: `${m[1] === 'oxidising' ? 'oxidative' : 'non-oxidative'} hair dye products` };
  if (/^solvent in hair dye products$/.test(t)) return { cells: cells(HAIR), special: 'hair dye products' };
  if (/^(?:products intended for colouring eyelashes|only for colouring eyelashes and eyebrows)$/.test(t)) return { cells: cells(['eye']), special: 'products for colouring eyelashes' };
  if (/^products intended for eyelash waving$/.test(t)) return { cells: cells(['eye']), special: 'eyelash waving products' };
  if (/^(?:hair waving or straightening products|hair straighten(?:er|ing products))$/.test(t)) return { cells: cells(HAIR), special: 'hair waving or straightening products' };
  if (/^(?:oral (?:care )?products|toothpaste)$/.test(t)) return { cells: cells(['oral']), special: t === 'toothpaste' ? 'toothpaste' : null };
  if (/^propellant spray products$/.test(t)) return { cells: [...ALL_CELLS], special: null, sprayOnly: true };
  if (/^others? products$/.test(t)) return { cells: [...ALL_CELLS], special: null, other: true };
  if (/^all cosmetic products$/.test(t)) return { cells: [...ALL_CELLS], special: null };
  if ((m = /^(leave-on|rinse-off) products$/.exec(t))) return { cells: cells(AREAS, [m[1] === 'leave-on' ? 'leave_on' : 'rinse_off']), special: null };
  if ((m = /^(?:(rinse-off|leave-on) hair (?:\(head\) )?products|hair (rinse-off|leave-on) products)$/.exec(t))) {
    const use = (m[1] ?? m[2]) === 'leave-on' ? 'leave_on' : 'rinse_off';
    return { cells: cells(HAIR, [use]), special: null };
  }
  if (/^hair products?$/.test(t)) return { cells: cells(HAIR), special: null };
  if (/^nail products$/.test(t)) return { cells: cells(['nail']), special: null };
  if (/^artificial nail systems$/.test(t)) return { cells: cells(['nail']), special: 'artificial nail systems' };
  if (/^nail hardening products$/.test(t)) return { cells: cells(['nail']), special: 'nail hardening products' };
  if (/^face products$/.test(t)) return { cells: cells(['face']), special: null };
  if (/^leave-on face products$/.test(t)) return { cells: cells(['face'], ['leave_on']), special: null };
  if (/^body leave-on products$/.test(t)) return { cells: cells(['body', 'skin'], ['leave_on']), special: null };
  if (/^skin products$/.test(t)) return { cells: cells(SKIN), special: null };
  if (/^depilatories$/.test(t)) return { cells: cells(SKIN), special: 'depilatories' };
  if (/^(?:anti-perspirants|deodorants, antiperspirants and astringent lotions)$/.test(t)) return { cells: cells(['body', 'skin']), special: t };
  if (/^(?:anti-? ?dandruff shampoos)$/.test(t)) return { cells: cells(HAIR, ['rinse_off']), special: 'anti-dandruff shampoos' };
  if ((m = /^other products except (.+)$/.exec(t))) {
    const minus = words(m[1] as string);
    return minus ? { cells: without(ALL_CELLS, minus), special: null, other: true } : null;
  }
  const listed = words(t);
  if (listed) return { cells: listed, special: null };
  return null;
}

/** Text split at its letters: "(a) x (b) y" → {a: "x", b: "y"}; text before any letter under "". */
export function byLetter(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const t = text.replace(/\u00ad/g, '');
  const re = /(?<=^|\s)\(?([a-h])\)\s*/g;
  let at = 0;
  let key = '';
  for (let m = re.exec(t); m; m = re.exec(t)) {
    const before = t.slice(at, m.index).trim();
    if (before) out.set(key, [out.get(key), before].filter(Boolean).join('\n'));
    key = m[1] as string;
    if (!out.has(key)) out.set(key, '');
    at = m.index + m[0].length;
  }
  const rest = t.slice(at).trim();
  if (rest || !out.has(key)) out.set(key, [out.get(key), rest].filter(Boolean).join('\n'));
  // "(a) (b) (c) text": letters written together share the text that follows them.
  const keys = [...out.keys()];
  for (let i = keys.length - 2; i >= 0; i--) {
    const k = keys[i] as string;
    if (k !== '' && out.get(k) === '') out.set(k, out.get(keys[i + 1] as string) ?? '');
  }
  return out;
}

const NUM = String.raw`(\d+(?:[.,]\d+)?)`;
const num = (s: string): number => Number(s.replace(',', '.'));

/** One maximum text → {max, basis, afterMixing}, or null when it holds more than one figure or prose the reader does not know. */
function readMax(raw: string): { max: number | null; basis: string | null; afterMixing: boolean } | null {
  let t = clean(raw)
    .replace(/^as from \d+ \w+ \d{4}:?\s*/i, '')
    .replace(/\s*footnote\b.*$/i, '')
    .replace(/\s*-?\s*in case of combined use .*$/i, '')
    .replace(/^-\s*/, '');
  if (!t) return { max: null, basis: null, afterMixing: false };
  const afterMixing = /after mixing/i.test(t);
  t = t.replace(/\(?after mixing for use\)?/i, '').trim();
  const values = [...t.matchAll(new RegExp(`${NUM}\\s*%`, 'g'))];
  if (values.length !== 1) return null;
  let basis: string | null = null;
  const b = /\((?:as |calculated as )?(?!after)([^)%]+)\)|calculated as ([A-Za-z][\w -]*)/i.exec(t);
  if (b) basis = clean(b[1] ?? b[2]).replace(/\.$/, '');
  // Anything but the figure, its basis and a group total is prose the screen cannot apply.
  const rest = t
    .replace(new RegExp(`${NUM}\\s*%`), '')
    .replace(/\((?:as |calculated as )?[^)]*\)/gi, '')
    .replace(/calculated as [A-Za-z][\w -]*\.?/i, '')
    .replace(/when mixed with other .* must not exceed .*$/i, '')
    .replace(/the abovementioned percentages are calculated as [\w ]+/i, '')
    .replace(/[.;,\s]+/g, '');
  if (rest.length > 0) return null;
  if (!basis) {
    const above = /calculated as ([\w ]+)/i.exec(raw);
    if (above) basis = clean(above[1]);
  }
  return { max: num(values[0]![1]!), basis, afterMixing };
}

interface OtherFacts {
  ph: { min: number | null; max: number | null } | null;
  professional: boolean;
  general: boolean;
  noChildrenUnder3: boolean;
  noSpray: boolean;
  noOral: boolean;
  conditions: string[];
}

const LABELLING = /indicated in the list of ingredients/i;

/** The "other" text of one sub-condition: settled flags, and what is left as conditions to verify. */
function readOther(raw: string): OtherFacts {
  const f: OtherFacts = { ph: null, professional: false, general: false, noChildrenUnder3: false, noSpray: false, noOral: false, conditions: [] };
  let t = clean(raw);
  let m: RegExpExecArray | null;
  if ((m = new RegExp(`pH\\s*${NUM}\\s*to\\s*${NUM}`, 'i').exec(t))) f.ph = { min: num(m[1]!), max: num(m[2]!) };
  else if ((m = new RegExp(`(?:pH\\s*<|up to pH)\\s*${NUM}`, 'i').exec(t))) f.ph = { min: null, max: num(m[1]!) };
  t = t.replace(new RegExp(`(?:ready for use\\s*)?pH\\s*${NUM}\\s*to\\s*${NUM}|(?:pH\\s*<|up to pH)\\s*${NUM}`, 'gi'), '');
  if (/professional use/i.test(t)) f.professional = true;
  if (/general use/i.test(t)) f.general = true;
  t = t.replace(/(?:for )?professional use(?: only)?|general use/gi, '');
  if (/children under (?:3|three)|under 3 years/i.test(t)) f.noChildrenUnder3 = true;
  if (/inhalation|spray/i.test(t)) f.noSpray = true;
  if (/not to be used in oral products/i.test(t)) f.noOral = true;
  for (const sentence of t.split(/(?<=\.)\s+|\n/)) {
    const s = clean(sentence).replace(/^[-—\s]+/, '');
    if (!s || /^[().,\d\s]*$/.test(s)) continue;
    if (/children under (?:3|three)|under 3 years|inhalation|spray|not to be used in oral products|these levels are inclusive/i.test(s)) continue;
    f.conditions.push(s);
  }
  return f;
}

/**
 * The wording column, attributed to sub-conditions: a line of letters alone ("(a)(i) (b) (c)")
 * says which ones the following lines are for; a line opening with a letter is for that one.
 */
function readWording(raw: string, letters: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>(letters.map((l) => [l, []]));
  let current: string[] = [...letters];
  for (const rawLine of raw.replace(/\u00ad/g, '').split(/\n+/)) {
    let line = rawLine.trim();
    if (!line) continue;
    if (/^(?:conditions of use|warnings(?: to be printed on the label)?|to be printed on the label)\s*:?$/i.test(line)) continue;
    const lead = /^((?:\(?[a-h]\)\s*(?:\((?:i|ii|iii)\))?\s*)+)/i.exec(line);
    if (lead) {
      const ls = [...(lead[1] as string).matchAll(/\(?([a-h])\)/gi)].map((x) => (x[1] as string).toLowerCase()).filter((l) => out.has(l));
      if (ls.length) current = ls;
      line = line.slice((lead[1] as string).length).trim();
      if (!line) continue;
    }
    line = line.replace(/^(?:as from [\w ]+, )?to be printed on the label\s*:\s*/i, '').replace(/^[-—]\s*/, '').replace(/[’']$/, '').trim();
    if (!line || /this limit applies to the substance/i.test(line)) continue;
    for (const l of current) out.get(l)?.push(line);
  }
  return out;
}

function splitList(v: string | undefined): string[] {
  return clean(v)
    .split(/\s*\/\s*|\s*;\s*|\s*,\s*(?=\d)/)
    .map((s) => s.trim())
    .filter((s) => s && s !== '-' && /\d/.test(s));
}

function namesOf(row: AnnexRow, annex: AnnexId): string[] {
  const texts = [row.identified_ingredients ?? '', annex === 'IV' ? (row.colour_index_number ?? '') : (row.common_ingredients ?? '')];
  const out = new Set<string>();
  for (const t of texts) {
    for (const part of t.replace(/\u00ad/g, '').split(/\s*[,;/]\s*(?![^(]*\))|\n/)) {
      const k = normaliseName(part.replace(/\(nano\)/i, ''));
      if (k.length >= 2 && k !== '-') out.add(k);
    }
  }
  return [...out];
}

function base(annex: AnnexId, row: AnnexRow): Omit<Entry, 'status' | 'items' | 'liftedBy' | 'field' | 'raw'> {
  const colour = annex === 'IV' ? clean(row.colour) : '';
  const reg = clean(row.regulation);
  return {
    ref: `${annex}/${clean(row.reference_number)}`,
    annex,
    substance: clean(row.inn) || clean(row.chemical_name),
    cas: splitList(row.cas_number),
    ec: splitList(row.ec_number),
    names: namesOf(row, annex),
    amendedBy: reg && reg !== '(EC) 2009/1223' ? reg : null,
    colour: colour || null,
  };
}

const rawOf = (row: AnnexRow): string =>
  ['product_type', 'maximum_concentration', 'other', 'wording_of_conditions']
    .map((k) => (clean(row[k]) ? `${k}: ${clean(row[k])}` : ''))
    .filter(Boolean)
    .join(' | ');

/** An Annex III or VI row → its entry, structured when every part reads whole. */
function restricted(annex: 'III' | 'V' | 'VI', row: AnnexRow): Entry {
  const e = base(annex, row);
  const pt = clean(row.product_type) ? row.product_type! : '';
  const mx = row.maximum_concentration ?? '';
  const ot = row.other ?? '';
  const wd = row.wording_of_conditions ?? '';
  const unstructured = (): Entry => ({ ...e, status: 'unstructured', items: [], liftedBy: [], field: null, raw: rawOf(row) });
  const nano = /\(nano\)/i.test(`${row.inn ?? ''} ${row.common_ingredients ?? ''}`);
  const reviewed = REVIEWED[e.ref];
  if (reviewed) return { ...e, status: 'structured', items: reviewed.map((r) => checkedAgainst(e.ref, r, rawOf(row), nano)), liftedBy: [], field: null, raw: null };
  if (annex === 'III' && LABELLING.test(ot) && !clean(pt) && !clean(mx)) {
    return { ...e, status: 'labelling', items: [], liftedBy: [], field: null, raw: null };
  }
  // Roman sub-items ("(a) (i) 8% (ii) 11%") and numbered ones split a letter further: not read.
  if (/\((?:i|ii)\)|^\s*[12]\.\s/m.test(`${mx}\n${ot}\n${pt}`)) return unstructured();
  const types = byLetter(pt);
  const letters = [...types.keys()].filter((k) => k !== '');
  if (letters.length > 0 && clean(types.get('') ?? '')) return unstructured();
  const ids = letters.length > 0 ? letters : [''];
  const maxes = byLetter(mx);
  const others = byLetter(ot);
  const wording = readWording(wd, ids);
  const common = readOther(others.get('') ?? '');
  const items: Item[] = [];
  for (const id of ids) {
    const scope = clean(types.get(id) ?? '') ? scopeOf(types.get(id)!) : { cells: [...ALL_CELLS], special: null };
    if (!scope) return unstructured();
    const maxText = id && maxes.has(id) ? maxes.get(id)! : maxes.size === 1 && maxes.has('') ? maxes.get('')! : id && [...maxes.keys()].some((k) => k !== '') ? '' : (maxes.get('') ?? '');
    if (id && [...maxes.keys()].some((k) => k !== '') && clean(maxes.get('') ?? '') && !maxes.has(id)) return unstructured();
    const max = readMax(maxText);
    if (!max) return unstructured();
    const own = id ? readOther(others.get(id) ?? '') : { ...common, conditions: [] };
    const ph = own.ph ?? common.ph;
    const cellsHere = common.noOral || own.noOral ? scope.cells.filter((c) => !c.startsWith('oral:')) : scope.cells;
    const footnote = /footnote[^:]*:\s*(.*)$/i.exec(clean(maxText));
    items.push({
      id,
      text: clean(types.get(id) ?? '') || 'all cosmetic products',
      cells: cellsHere,
      special: scope.special,
      max: max.max,
      basis: max.basis,
      afterMixing: max.afterMixing || /after mixing/i.test(`${others.get(id) ?? ''} ${others.get('') ?? ''}`),
      ph,
      professional: (own.professional && !own.general) || (common.professional && !common.general && ids.length === 1),
      noChildrenUnder3: own.noChildrenUnder3 || common.noChildrenUnder3,
      noSpray: own.noSpray || common.noSpray || (scope.special?.includes('not ') ?? false) || /inhalation/i.test(wd),
      sprayOnly: scope.sprayOnly === true,
      nano,
      conditions: [...own.conditions, ...common.conditions.filter((c) => !LABELLING.test(c)), ...(footnote?.[1] ? [footnote[1]] : [])],
      warnings: (wording.get(id) ?? []).filter((w) => !/inhalation/i.test(w)),
    });
    (items[items.length - 1] as Item & { other?: boolean }).other = scope.other;
  }
  // "Other products" takes what the entry's other sub-conditions leave: their cells, or, beside a
  // sub-condition for sprays, every product that is not a spray.
  for (const it of items as (Item & { other?: boolean })[]) {
    if (it.other) {
      const rest = items.filter((x) => !(x as { other?: boolean }).other);
      const taken = new Set(rest.filter((x) => !x.sprayOnly).flatMap((x) => x.cells));
      it.cells = it.cells.filter((c) => !taken.has(c));
      if (rest.some((x) => x.sprayOnly)) it.noSpray = true;
    }
    delete it.other;
  }
  return { ...e, status: 'structured', items, liftedBy: [], field: null, raw: null };
}

/** Annex IV: the field of application is written in one of the condition columns. */
function colourant(row: AnnexRow): Entry {
  const e = base('IV', row);
  const text = ['product_type', 'maximum_concentration', 'other', 'wording_of_conditions'].map((k) => clean(row[k])).filter(Boolean);
  let field: NonNullable<Entry['field']> = 'all';
  let noSpray = false;
  const conditions: string[] = [];
  const rest: string[] = [];
  for (const t of text) {
    if (/^rinse-off products?$/i.test(t)) field = 'rinse_off';
    else if (/^not to be used in eye products$/i.test(t)) field = 'not_eye';
    else if (/^not to be used in products applied on (?:the )?mucous membranes$/i.test(t)) field = 'not_mucous';
    else if (/^not to be used in applications that may lead to exposure of the end-user.s lungs by inhalation\.?$/i.test(t)) noSpray = true;
    else if (/^purity criteria as set out in/i.test(t)) conditions.push(t);
    else rest.push(t);
  }
  const mucous: Area[] = ['eye', 'lip', 'oral'];
  const fieldCells: Cell[] =
    field === 'rinse_off' ? cells(AREAS, ['rinse_off']) : field === 'not_eye' ? without(ALL_CELLS, cells(['eye'])) : field === 'not_mucous' ? without(ALL_CELLS, cells(mucous)) : [...ALL_CELLS];
  let max: number | null = null;
  if (rest.length > 0) {
    const m = rest.length === 1 ? readMax(rest[0]!) : null;
    if (!m) return { ...e, status: 'unstructured', items: [], liftedBy: [], field, raw: rest.join(' | ') };
    max = m.max;
  }
  const item: Item = {
    id: '',
    text: { all: 'all cosmetic products', rinse_off: 'rinse-off products only', not_eye: 'not in eye products', not_mucous: 'not in products applied on mucous membranes' }[field],
    cells: fieldCells,
    special: null,
    max,
    basis: null,
    afterMixing: false,
    ph: null,
    professional: false,
    noChildrenUnder3: false,
    noSpray,
    sprayOnly: false,
    nano: /\(nano\)/i.test(row.inn ?? ''),
    conditions,
    warnings: [],
  };
  return { ...e, status: 'structured', items: [item], liftedBy: [], field, raw: null };
}

/**
 * Entries the grammar cannot read (numbered sub-items) that formulas meet every day, reviewed by
 * hand. Each figure must appear in the entry's own text, or the build fails.
 */
type Reviewed = Pick<Item, 'id' | 'text' | 'cells' | 'special' | 'max'> & Partial<Pick<Item, 'ph' | 'professional' | 'warnings'>>;
const ALKALI = ['Contains alkali', 'Avoid contact with eyes', 'Keep out of reach of children'];
const REVIEWED: Record<string, Reviewed[]> = {
  'III/15a': [
    { id: 'a', text: 'Nail cuticle solvent', cells: cells(['nail']), special: 'nail cuticle solvents', max: 5, warnings: [...ALKALI, 'Can cause blindness'] },
    { id: 'b', text: 'Hair straightener (general use)', cells: cells(HAIR), special: 'hair straighteners', max: 2, warnings: [...ALKALI, 'Can cause blindness'] },
    { id: 'b', text: 'Hair straightener (professional use)', cells: cells(HAIR), special: 'hair straighteners', max: 4.5, professional: true, warnings: ['For professional use only', 'Avoid contact with eyes', 'Can cause blindness'] },
    { id: 'c', text: 'pH adjuster for depilatories', cells: cells(SKIN), special: 'depilatories', max: null, ph: { min: null, max: 12.7 }, warnings: ['Keep out of reach of children', 'Avoid contact with eyes'] },
    { id: 'd', text: 'Other uses as pH adjuster', cells: [...ALL_CELLS], special: null, max: null, ph: { min: null, max: 11 } },
  ],
};

function checkedAgainst(ref: string, r: Reviewed, raw: string, nano: boolean): Item {
  const figures = [r.max, r.ph?.min, r.ph?.max].filter((v): v is number => typeof v === 'number');
  const text = raw.replace(/(\d),(\d)/g, '$1.$2');
  for (const v of figures) if (!new RegExp(`(?<![\\d.])${String(v).replace('.', '\\.')}(?![\\d])`).test(text)) throw new Error(`${ref}: reviewed figure ${v} is not in the annex text`);
  return {
    id: r.id, text: r.text, cells: r.cells, special: r.special, max: r.max, basis: null, afterMixing: false, ph: r.ph ?? null,
    professional: r.professional ?? false, noChildrenUnder3: false, noSpray: false, sprayOnly: false, nano, conditions: [], warnings: r.warnings ?? [],
  };
}

interface ReviewedPreservative {
  ref: string;
  basis: string | null;
  limits: Record<ProductType, { max: number | null; text: string }>;
  perEster?: number;
  dualUse: boolean;
}

/**
 * An Annex V row → its entry. Where the preservation guidance's reviewed pack holds the entry, its
 * limits per leave-on and rinse-off are the items (so /check and /ai/preservation apply the same
 * figures, each of which must be in the annex text); the row's other conditions and label wording are
 * read by the grammar. Rows the reviewed pack does not hold go through the grammar as Annex III does.
 */
function preservative(row: AnnexRow, reviewed: ReadonlyMap<string, ReviewedPreservative>): Entry {
  const e = base('V', row);
  const r = reviewed.get(e.ref);
  if (!r) return restricted('V', row);
  const raw = rawOf(row).replace(/(\d),(\d)/g, '$1.$2');
  const facts = readOther(row.other ?? '');
  // Headings ("Salicylic acid:"), footnotes ("**Solely for ...") and their markers are not wording to print.
  const wording = [...new Set((readWording(row.wording_of_conditions ?? '', ['']).get('') ?? []).filter((w) => !/:$|^\*/.test(w)).map((w) => w.replace(/^and [a-h]\)\s*/, '').replace(/\s*(?:\*+|\(\d+\))$/, '').trim()).filter(Boolean))];
  const items: Item[] = [];
  const lo = r.limits.leave_on.max;
  const ro = r.limits.rinse_off.max;
  const groups: Array<[string, Cell[], number]> =
    lo !== null && lo === ro ? [['all cosmetic products', [...ALL_CELLS], lo]] : [...(ro !== null ? [['rinse-off products', cells(AREAS, ['rinse_off']), ro] as [string, Cell[], number]] : []), ...(lo !== null ? [['leave-on products', cells(AREAS, ['leave_on']), lo] as [string, Cell[], number]] : [])];
  for (const [text, cs, max] of groups) {
    for (const v of [max, r.perEster].filter((x): x is number => typeof x === 'number')) {
      if (!new RegExp(`(?<![\\d.])${String(v).replace('.', '\\.')}0*(?![\\d])`).test(raw)) throw new Error(`${e.ref}: reviewed Annex V figure ${v} is not in the annex text`);
    }
    items.push({
      id: '', text, cells: facts.noOral ? cs.filter((c) => !c.startsWith('oral:')) : cs, special: null, max, basis: r.basis, afterMixing: false, ph: facts.ph,
      professional: false, noChildrenUnder3: facts.noChildrenUnder3, noSpray: facts.noSpray, sprayOnly: false, nano: false,
      conditions: facts.conditions.filter((c) => !LABELLING.test(c)), warnings: wording, ...(r.perEster ? { perMember: r.perEster } : {}), ...(r.dualUse ? { otherPurposes: true } : {}),
    });
  }
  return { ...e, status: 'structured', items, liftedBy: [], field: null, raw: null };
}

/** The entries of other annexes an Annex II entry's own wording excepts ("reference No 49 in Annex III"). */
function namedException(ii: Entry): string[] {
  const out: string[] = [];
  for (const m of (ii.raw ?? '').matchAll(/(?:reference (?:No\.?|number)|entry)\s*(\d+[a-z]?)\s+(?:in|of)\s+Annex\s+(III|IV|V|VI)\b/gi)) out.push(`${m[2]}/${m[1]}`);
  return out;
}

function main(): void {
  const annexV = JSON.parse(readFileSync(ANNEX_V_REVIEWED, 'utf8')) as { entries: ReviewedPreservative[] };
  const reviewedV = new Map(annexV.entries.map((r) => [r.ref, r]));
  const read = Object.fromEntries(Object.entries(FILES).map(([k, f]) => [k, readAnnexAligned(f)])) as Record<AnnexId, ReturnType<typeof readAnnexAligned>>;
  const entries: Entry[] = [];
  const seen = new Set<string>();
  const push = (x: Entry): void => {
    // A file can carry one number twice (an entry and its corrigendum): the first row is kept whole,
    // a later one only adds its names.
    if (seen.has(x.ref)) {
      const first = entries.find((y) => y.ref === x.ref)!;
      for (const n of x.names) if (!first.names.includes(n)) first.names.push(n);
      return;
    }
    seen.add(x.ref);
    entries.push(x);
  };
  for (const row of read.II.rows) {
    if (!clean(row.reference_number)) continue;
    const e = base('II', row);
    // "with the exception of entry 14 in Annex III": the exception is another annex's entry, which
    // liftedBy names; any other limitation (a use, a grade, natural content) is conditional.
    const inn = clean(row.inn);
    const toAnnex = /except(?:ion)?[^.]*(?:annex|entry|reference)/i.test(inn) && !/normal content|when used|unless/i.test(inn);
    const conditional = !toAnnex && /when used|except|\bif\b|unless|as a substance in|in concentrations? (?:above|exceeding)/i.test(inn);
    push({ ...e, status: conditional ? 'conditional' : 'prohibited', items: [], liftedBy: [], field: null, raw: conditional || toAnnex ? inn : null });
  }
  for (const row of read.III.rows) if (clean(row.reference_number)) push(restricted('III', row));
  for (const row of read.IV.rows) if (clean(row.reference_number)) push(colourant(row));
  for (const row of read.V.rows) {
    if (clean(row.reference_number)) push(preservative(row, reviewedV));
  }
  for (const row of read.VI.rows) if (clean(row.reference_number)) push(restricted('VI', row));

  // Annex II entries lifted by an entry of another annex for the same substance: the same CAS or EC
  // number, or the same whole INCI name (never a piece the files' comma lists cut from a longer name,
  // such as SACCHAROMYCES, which would let the zinc salts of III/24 lift the fluorides of II/191).
  const whole = (x: Entry): string[] => x.names.filter((n) => !splitFragment(x, n));
  const others = entries.filter((x) => x.annex !== 'II');
  for (const ii of entries.filter((x) => x.annex === 'II')) {
    const names = whole(ii);
    ii.liftedBy = others
      .filter((o) => o.cas.some((c) => ii.cas.includes(c)) || o.ec.some((c) => ii.ec.includes(c)) || whole(o).some((n) => names.includes(n)) || namedException(ii).includes(o.ref))
      .map((o) => o.ref);
  }

  const coverage: Record<string, Record<string, number>> = {};
  for (const x of entries) {
    const c = (coverage[x.annex] ??= {});
    c[x.status] = (c[x.status] ?? 0) + 1;
  }
  const vintage = Object.values(read).map((r) => r.vintage).sort().at(-1) ?? '';
  const pack = {
    version: `eu-annexes-${vintage}`,
    source: 'European Commission, CosIng: Annexes II to VI of Regulation (EC) No 1223/2009',
    regulation: 'Regulation (EC) No 1223/2009',
    vintage,
    files: Object.fromEntries(Object.entries(FILES).map(([k, f]) => [k, { file: f, sha256: read[k as AnnexId].sha256, vintage: read[k as AnnexId].vintage }])),
    note: 'Built by scripts/data/build-regulatory.ts. Maxima in % w/w of the ready-for-use preparation. Entries the builder could not read whole are `unstructured` with their text in `raw`; the screen answers a verify for them. Amendments after the vintage are missing.',
    coverage,
    entries,
  };
  writeFileSync(OUT, `${JSON.stringify(pack)}\n`);
  console.log(`wrote ${entries.length} entries to ${OUT}`);
  console.log(JSON.stringify(coverage));
}

main();
