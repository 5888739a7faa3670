/**
 * The text classifier: which groups of the data pack a text uses, and the first row of the pack's
 * decision table those groups satisfy. Deterministic and pure: the same text always gets the same
 * answer, and nothing but the text and the pack is read (never the chassis).
 *
 * The table is the primer's published rule (docs/decisions.md, issue 30). A refusal needs two
 * things at once: something that names the chassis (or its supplier's side) and something that
 * seeks what is protected about it (composition, amounts, processing, equipment, a plan to copy it,
 * or an insider's role). The formulator's own process with the chassis ("can I homogenize my
 * finished serum") is an explicit allow row, read before the processing rows.
 */
import type { ScreeningModel } from './model';
import { SCREENING_MODEL } from './model-pack';
import { GROUPS, SCREENING_PACK, type Group, type Rule, type ScreeningPack } from './pack';
import { readText } from './text';

export type Decision = 'allow' | 'borderline' | 'refuse';

/** CJK ideographs, kana, Hangul and the per cent sign: such a term is matched as a substring of the text's dense string. */
const DENSE_TERM = /[%\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]/u;

export interface Verdict {
  decision: Decision;
  /** The rule that decided, or '' when allowed. */
  rule: string;
}

type Piece = { kind: 'exact' | 'prefix' | 'suffix' | 'infix'; s: string } | { kind: 'gap' };
interface Term {
  group: Group;
  pieces: Piece[];
}

const GAP_WORDS = 4;
/** Typos are corrected only in words of this length or more, and only in texts of FUZZY_WORDS words or more. */
const FUZZY_MIN = 6;
const FUZZY_WORDS = 4;
const FUZZY_GROUPS: readonly Group[] = ['target', 'composition', 'amount', 'ingredientWord'];

/** A word with one letter left out, at each place. */
function deletions(w: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < w.length; i++) out.push(w.slice(0, i) + w.slice(i + 1));
  return out;
}

/**
 * Where one question ends and the next begins inside one text: the end of a sentence (a full stop
 * before a space, so 62.5 stays whole), a colon or semicolon, a dash between spaces, or a comma before
 * "and" / "but" in each language (あと, 还有, 그리고 without the comma; あと right after a verb or noun is
 * "after", 乳化したあと, and ends nothing). "What pH for my serum, and
 * what's the glycerin % in the base?" is two questions: the first one's "my serum" must not vouch for
 * the second.
 */
const CLAUSE_END = /[?!;:。？！；：]+|\.\s|\s[—–]\s|,\s*(?:and|but|et|mais|und|aber|y|pero|e|ma|mas|en|maar|i|ale)\s|(?<![\u3040-\u30ff\u4e00-\u9fff])あと|还有|그리고/iu;
const CLAUSE_SPLIT = new RegExp(CLAUSE_END.source, 'giu');

/** The clauses of a text, when it has more than one (see CLAUSE_END). */
export function clausesOf(text: string): string[] {
  if (!CLAUSE_END.test(text)) return [text];
  return text.split(CLAUSE_SPLIT).map((c) => c.trim()).filter(Boolean);
}
/**
 * A blank left for the answer to fill: "___ %", "＿＿％", "?%", "x %", "… %". Read as the group
 * seekStrong (an amount of the chassis asked as a sentence to complete), whatever the words around.
 */
const BLANK = /_{2,}|\uff3f{2,}|\?\s*[%\uff05]|(?:^|\s)x{1,3}\s*[%\uff05]|(?:\.{3}|\u2026)\s*[%\uff05]/iu;
/**
 * A line of the caller's own formula that is the chassis itself ("15 % classic base", "base classic
 * 6 %", "18% bazy classic", "ラックスベース 8 %", "luxe 基质 10%", "with 15 % of the classic base"): an
 * item of a list (split at commas, colons, semicolons, plus signs, new lines, and an "and" between two
 * lines: "5 % et", "5 %와", "基质和 0.5%") that is the chassis' name and an amount and nothing else, or
 * that ends in an amount followed by the chassis' name and these small words. Read as the group
 * chassisShare: the chassis' share of the caller's formula, not an amount held in it ("5 % glycerin in
 * the base" has a word after its amount that is neither; no word for "in" is a small word, so "5 % in
 * the base" is no such line either); also chassisLine, which only this reading gives (chassisShare
 * has phrases of its own, "the base is"). A list of three amounts or more with such a line is the
 * caller's own formula (group ownFormula).
 */
const LIST_ITEM = /[,;:+\n\u3001\uff0c\uff1b\uff1a]|(?<=[%\uff05])\s*(?:와|과|和|と|および|及び|以及)|(?:和|と|及|加)(?=\s*\d)|(?<=[%\uff05])\s+(?:and|et|und|y|e|en|i|oraz|plus)\s|\s(?:and|et|und|y|e|en|i|oraz|plus)\s+(?:(?:a|an|un|una|une|um|uma|ein|eine|een)\s+)?(?=\d)/iu;
const PERCENT_ITEM = /\d\s*[%\uff05]/u;
const PERCENT_ALL = /\d\s*[%\uff05]/gu;
/** The small words of a formula's line for the chassis: articles, "of", possessives. */
const RUN_FILLER = new Set(['of', 'the', 'de', 'la', 'le', 'du', 'del', 'della', 'di', 'da', 'do', 'der', 'die', 'das', 'van', 'het', 'at', 'a', 'al', 'alla', 'op', 'mit', 'with', 'con', 'com', 'avec', 'z', 'ze', 'your', 'votre', 'vostra', 'vostro', 'vuestra', 'vuestro', 'vossa', 'vosso', 'eure', 'eurer', 'ihrer', 'uw', 'jullie', 'waszej', 'wasza']);
/** ... and, before its amount, the verbs of "the base is at 7 %" and of "I use the base at 25 %" ("uso la base luxe al 25 %"). */
const LINE_FILLER = new Set([...RUN_FILLER, 'y', 'est', 'is', 'ist', 'es', 'e', 'it', 'zit', 'jest', 'sta', 'esta', 'wird', 'dosiert', 'used', 'utilisee', 'utilizada', 'usata', 'gebruikt', 'uzyta', 'eingesetzt', 'i', 'we', 'use', 'j', 'utilise', 'utilisons', 'ich', 'wir', 'verwende', 'verwenden', 'uso', 'usamos', 'usiamo', 'utilizo', 'utilizzo', 'ik', 'gebruik', 'gebruiken', 'uzywam', 'uzywamy']);
const DIGITS = /^\d+$/;
/** The words that may follow a formula's line for the chassis within its item: prepositions ("in my serum", "bei einem Ansatz"). */
const LINE_END = new Set(['in', 'im', 'into', 'dans', 'en', 'nel', 'nella', 'no', 'na', 'em', 'w', 'bei', 'for', 'pour', 'fur', 'para', 'per', 'op', 'voor', 'do', 'to', 'a']);
/** The formula's own listing: at least this many amounts in per cent, the chassis' line among them. */
const LISTED_LINES = 3;
/**
 * A line of water, before or after its amount ("95 % water", "90 % d'eau florale", "精製水 95%"): with
 * the chassis' line as the only other amount, the caller's product is the chassis diluted, and any
 * amount in it is the chassis' own (group dilutedChassis).
 */
const WATER_LINE = /\d\s*[%\uff05]\s*(?:(?:of|d['\u2019]|de|di|do|da|van|z)\s*)?(?:floral\s+|florale?\s+)?(?:water|eau|wasser|agua|acqua|água|woda|aqua|hydrolat|hydrosol|水|물)|(?:water|eau|wasser|agua|acqua|água|woda|aqua|水|정제수|물)\s*\d+(?:[.,]\d+)?\s*[%\uff05]/iu;

/** The groups of phrases read before all others, and what stands in the text for their words once read. */
const READ_FIRST: readonly Group[] = ['duration', 'property', 'noAmount', 'reformulate'];
const TAKEN = '\u0000';
/**
 * The pH asked for its value in the languages whose "what is" is an amount word (pH是多少, pH值为多少,
 * pH는 얼마, pH 값은 몇, pHはいくつ / どのくらい): the amount word right after "pH" is no amount.
 */
const PH_VALUE = /\bph\s*(?:值|値|값|-?wert|-?waarde)?\s*(?:是|为|為|は|은|는|이|가)?\s*(?:大概|大约|大約)?\s*(?:是|为)?\s*(?:多少|几|幾|どのくらい|どれくらい|どれぐらい|いくつ|얼마|몇)/iu;
const PH_VALUE_ALL = new RegExp(PH_VALUE.source, 'giu');
/** PH_VALUE always ends in a CJK or Hangul amount word: a text in printable ASCII (most names) is never read for it. */
const PLAIN_ASCII = /^[\x20-\x7e]*$/;
/** Groups of a clause that no context reads as the caller's own: the making of the chassis and the supplier's side. */
const CONTEXT_NEVER: readonly Group[] = ['supplierSide', 'extraction'];
const ALLOW: Verdict = Object.freeze({ decision: 'allow', rule: '' });

/** A borderline answer the learnt model turned into a refusal. */
export const MODEL_RULE = 'screen.model';
/** A refusal of the table the learnt model is sure was a formulator's question: answered borderline, no strike. */
export const VETO_RULE = 'screen.model_veto';
/** The groups that name the chassis or its supplier's side: the borderline gate reads a text only with one. */
const MODEL_SUBJECT_GROUPS: readonly Group[] = ['target', 'supplierSide', 'supplierName', 'supplierOf'];

const namesChassis = (groups: ReadonlySet<Group>) => MODEL_SUBJECT_GROUPS.some((g) => groups.has(g));
/** What a question about a maker's product asks: its contents, amounts, process or equipment. */
const ASPECT_GROUPS: readonly Group[] = ['composition', 'amount', 'byMass', 'holds', 'exactEach', 'fullRecipe', 'seekStrong', 'processing', 'processingWeak', 'processDetail', 'equipment', 'madeWord', 'extraction'];
/**
 * A supplier named only as the caller's own raw material's ("from a local supplier", "our supplier's
 * propolis extract", in a submission's note): neither the chassis, nor its supplier addressed, nor a
 * role claimed at one, nor anything asked of a maker ("our supplier wants to know what the
 * manufacturer puts in it" asks contents). "It is" beside it (selfIs: 입니다, です) is no claim of a
 * role: "제주산 녹차수(공급사 원료)입니다" is a raw material from the caller's own supplier.
 */
const ownSupplierOnly = (g: ReadonlySet<Group>): boolean =>
  g.has('ownSupplier') && !g.has('target') && !g.has('supplierSide') && !g.has('roleClaim') && !ASPECT_GROUPS.some((a) => g.has(a));

/** A question, not a name: 4 words, or 6 CJK or Hangul characters. */
const questionShaped = (words: number, dense: number): boolean => words >= 4 || dense >= 6;

export function isQuestion(text: string): boolean {
  const { words, dense } = readText(text);
  return questionShaped(words.length, dense.length);
}

/**
 * Whether the learnt model reads a text. Gate `borderline` (model packs up to 2026.11.8): only what the
 * table answered borderline (the chassis named with a protected aspect, no row sure it is sought),
 * naming the chassis or its supplier's side. Gate `question`: also the table's refusals of the rows in
 * `vetoRows` (every row when null), which it may answer borderline instead (its veto). Gate `subject`
 * (model packs from 2026.11.12): also what no row decided, when it names the chassis as written. These
 * gates never read a text an allow row of the table decided (the published exceptions keep
 * precedence; readsAllowed is the gate for the few a pack names), nor a line name (too short).
 */
export function modelReads(t: TableReading, gate: ScreeningModel['gate'] = 'borderline', vetoRows: ReadonlySet<string> | null = null): boolean {
  if (t.allowRow || !t.question) return false;
  const open = t.verdict.decision === 'borderline' || (gate === 'subject' && t.verdict.decision === 'allow' && t.namedPlainly && !ownSupplierOnly(t.groups));
  const mayRefuse = open && namesChassis(t.groups);
  const mayVeto = gate !== 'borderline' && t.verdict.decision === 'refuse' && (!vetoRows || vetoRows.has(t.verdict.rule));
  return mayRefuse || mayVeto;
}

/** A question mark, Latin or full-width: what tells a question from an ingredient's name, however long. */
const QUESTION_MARK = /[?\uff1f]/u;

/**
 * Whether the model reads a question that does not name the chassis as written (the base you sell,
 * that liposomal premix): one with a question mark that the table neither refused nor gave an allow
 * row, and that the subject gate does not read (the chassis is not named, or only after a typo is
 * corrected). The mark keeps every name out, in any case: without it, a thousand CosIng names of four
 * words or more scored like attacks; a text in CJK or Hangul of `dense` characters or more (the
 * pack's unnamedDense) is read without it. Read only when the model pack sets `unnamedThreshold`
 * (with gate `subject`).
 */
export function readsUnnamed(text: string, t: TableReading, dense: number | null = null): boolean {
  if (t.allowRow || !t.question || t.verdict.decision === 'refuse') return false;
  if (!QUESTION_MARK.test(text) && (dense === null || t.dense < dense)) return false;
  return !(namesChassis(t.groups) && (t.verdict.decision === 'borderline' || t.namedPlainly));
}

/**
 * Whether the model reads a question one of these allow rows decided (ScreeningModel.allowRead). Only
 * an answer that is still an allow: a clause refused on its own stays refused, and the veto never
 * reaches it.
 */
export function readsAllowed(t: TableReading, rows: ReadonlySet<string>): boolean {
  return t.allowRow && t.question && t.verdict.decision === 'allow' && rows.has(t.row);
}

/**
 * The model's answer on a text the table read: a borderline answer about the chassis becomes a
 * refusal (MODEL_RULE) at its threshold, a question not naming it and a question an allow row of
 * `allowRead` decided at theirs; a refusal of the table becomes a borderline answer (VETO_RULE:
 * logged, no strike) below its veto, where the model is sure a formulator asked; any other answer
 * stays the table's.
 */
export function withModel(model: ScreeningModel, text: string, t: TableReading): Verdict {
  let threshold = model.threshold;
  if (!modelReads(t, model.gate, model.vetoRows)) {
    if (model.unnamedThreshold !== null && readsUnnamed(text, t, model.unnamedDense)) threshold = model.unnamedThreshold;
    else if (model.allowRead && readsAllowed(t, model.allowRead.rows)) threshold = model.allowRead.threshold;
    else return t.verdict;
  }
  const s = model.score(text, t.groups, t.row);
  if (t.verdict.decision === 'refuse') return s < model.veto ? { decision: 'borderline', rule: VETO_RULE } : t.verdict;
  return s >= threshold ? { decision: 'refuse', rule: MODEL_RULE } : t.verdict;
}

/** The table's reading of a text: its verdict, its groups, and the row that decided the whole text ('' for none). */
export interface TableReading {
  verdict: Verdict;
  groups: ReadonlySet<Group>;
  row: string;
  /** Whether an allow row of the table (the formulator's own process or label) decided the whole text. */
  allowRow: boolean;
  /** A question, not a name (isQuestion): read once, for every gate. */
  question: boolean;
  /** How many CJK or Hangul characters the text holds (readText's dense string). */
  dense: number;
  /**
   * Whether the text names the chassis or its supplier's side as written, before any typo is
   * corrected ("cassia" is one correction from "chassi"): the subject gate reads an answer the table
   * allowed only then, so that no ingredient's name is read as a question about the chassis.
   */
  namedPlainly: boolean;
}

function pieceOf(word: string): Piece {
  if (word === '...') return { kind: 'gap' };
  if (word.length > 2 && word.startsWith('*') && word.endsWith('*')) return { kind: 'infix', s: word.slice(1, -1) };
  if (word.endsWith('*')) return { kind: 'prefix', s: word.slice(0, -1) };
  if (word.length > 1 && word.startsWith('*')) return { kind: 'suffix', s: word.slice(1) };
  return { kind: 'exact', s: word };
}

function pieceMatches(p: Piece, w: string): boolean {
  if (p.kind === 'exact') return w === p.s;
  if (p.kind === 'prefix') return w.startsWith(p.s);
  if (p.kind === 'infix') return w.includes(p.s);
  if (p.kind === 'suffix') return w.endsWith(p.s);
  return false;
}

/** Whether the term's pieces match the words from index i on (a gap spans 0 to GAP_WORDS words). */
function matchesAt(pieces: Piece[], k: number, words: string[], i: number): boolean {
  if (k === pieces.length) return true;
  const p = pieces[k]!;
  if (p.kind === 'gap') {
    for (let skip = 0; skip <= GAP_WORDS && i + skip <= words.length; skip++) if (matchesAt(pieces, k + 1, words, i + skip)) return true;
    return false;
  }
  const w = words[i];
  return w !== undefined && pieceMatches(p, w) && matchesAt(pieces, k + 1, words, i + 1);
}

/** Whether a row of the decision table applies to the groups a text uses. */
export function applies(r: Rule, groups: ReadonlySet<Group>): boolean {
  return (r.all ?? []).every((g) => groups.has(g)) && (!r.any || r.any.some((g) => groups.has(g))) && !(r.none ?? []).some((g) => groups.has(g));
}

export class Classifier {
  readonly version: string;
  private readonly byExact = new Map<string, Term[]>();
  /** Prefix terms keyed by the first `prefixKey` letters of their prefix: one lookup per word. */
  private readonly byPrefix = new Map<string, Term[]>();
  private readonly prefixKey: number;
  private readonly infix: Term[] = [];
  private readonly dense: Array<{ group: Group; s: string }> = [];
  /** The phrases of time and of a property's value (READ_FIRST groups), read before every other group: see `withoutReadFirst`. */
  private readonly firstTerms = new Map<string, Array<{ group: Group; pieces: Piece[] }>>();
  private readonly firstDense: Array<{ group: Group; s: string }> = [];
  private readonly rules: readonly Rule[];
  private readonly contextRows: readonly Rule[];
  private readonly readings: ReadonlyArray<{ markers: ReadonlySet<string>; words: ReadonlyMap<string, string> }>;
  // Names and queries repeat heavily (every check re-sends its lines): a bounded memo keeps the hot
  // path to one map lookup per text.
  private readonly memo = new Map<string, { verdict: Verdict; groups: ReadonlySet<Group> }>();
  /**
   * Typos (compostion, clasic, percnt): every word of 6 letters or more that the pack spells out,
   * under each of its one-letter deletions. A word of a question one edit away from such a word
   * (a letter missing, added, changed or two swapped) is read as that word too.
   */
  private readonly near = new Map<string, string[]>();
  /** The chassis' names that are one whole word (base, chassis, luxe, bazy): what a formula's line for the chassis is made of. */
  private readonly nameWords: ReadonlySet<string>;
  /** The chassis' names in CJK and Hangul (ベース, 基质, 럭스), longest first. */
  private readonly denseNames: readonly string[];
  /**
   * A CJK or Hangul item that ends in the chassis' line, the name then its amount ("…ラックスベース 10 %",
   * "럭스 베이스 9 %입니다") or the amount then the name ("…5% classic 基质"), read without spaces.
   */
  private readonly denseLine: readonly RegExp[];

  /**
   * @param model the learnt model that may turn a borderline answer into a refusal
   *   (data/screening-model.json by default); null for the decision table alone.
   */
  constructor(
    pack: ScreeningPack = SCREENING_PACK,
    private readonly memoSize = 20_000,
    readonly model: ScreeningModel | null = SCREENING_MODEL,
  ) {
    this.version = model ? `${pack.version}+model.${model.version}` : pack.version;
    this.rules = pack.rules;
    this.contextRows = pack.rules.filter((r) => r.context && r.decision === 'allow');
    // A model that reads an allow row's questions must name rows this table allows by.
    for (const id of model?.allowRead?.rows ?? [])
      if (!pack.rules.some((r) => r.id === id && r.decision === 'allow')) throw new Error(`screening model: allowRead names ${id}, which is no allow row of pack ${pack.version}`);
    this.readings = (pack.readings ?? []).map((r) => ({ markers: new Set(r.markers), words: new Map(Object.entries(r.words)) }));
    const prefixes: Array<{ s: string; term: Term }> = [];
    for (const group of GROUPS) {
      for (const raw of pack.groups[group]) {
        if (READ_FIRST.includes(group)) {
          if (DENSE_TERM.test(raw)) this.firstDense.push({ group, s: raw.replace(/\s+/g, '').toLowerCase() });
          else {
            const pieces = raw.split(' ').filter(Boolean).map(pieceOf);
            const first = pieces[0]!;
            // Keyed by their first word, which is written out whole: one lookup per word of a text.
            if (first.kind !== 'exact') throw new Error(`a phrase read first must begin with a whole word: ${raw}`);
            const list = this.firstTerms.get(first.s);
            if (list) list.push({ group, pieces });
            else this.firstTerms.set(first.s, [{ group, pieces }]);
          }
          continue;
        }
        if (DENSE_TERM.test(raw)) {
          this.dense.push({ group, s: raw.replace(/\s+/g, '').toLowerCase() });
          continue;
        }
        const pieces = raw.split(' ').filter(Boolean).map(pieceOf);
        const first = pieces[0]!;
        const term = { group, pieces };
        if (first.kind === 'exact') this.add(this.byExact, first.s, term);
        else if (first.kind === 'prefix') prefixes.push({ s: first.s, term });
        else this.infix.push(term);
      }
    }
    this.prefixKey = Math.max(1, Math.min(...prefixes.map((p) => p.s.length)));
    const names = [...pack.groups.target, ...pack.groups.architecture];
    this.nameWords = new Set(names.filter((t) => /^[a-z]+$/.test(t)));
    this.denseNames = names.filter((t) => DENSE_TERM.test(t) && !t.includes('%')).map((t) => t.replace(/\s+/g, '').toLowerCase()).sort((a, b) => b.length - a.length);
    const alt = this.denseNames.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
    this.denseLine = [new RegExp(`(?:${alt})[a-z]*[\\d.,]+[%\\uff05](?:です|입니다|이다|임)?$`, 'u'), new RegExp(`[\\d.,]+[%\\uff05][a-z]*(?:你们的|贵司的|贵公司的|御社の|貴社の|귀사의|귀사)?[a-z]*(?:${alt})$`, 'u')];
    // Only the nouns of the subject and of what is asked of it are corrected: verbs and function
    // words of other languages lie one edit from too many real words (emulsione, limite).
    for (const group of FUZZY_GROUPS)
      for (const raw of pack.groups[group])
        for (const w of raw.split(' ')) if (w.length >= FUZZY_MIN && /^[a-z]+$/.test(w)) for (const d of [w, ...deletions(w)]) this.addNear(d, w);
    for (const p of prefixes) this.add(this.byPrefix, p.s.slice(0, this.prefixKey), p.term);
  }

  private addNear(k: string, word: string): void {
    const list = this.near.get(k);
    if (!list) this.near.set(k, [word]);
    else if (!list.includes(word)) list.push(word);
  }

  /** The pack's words one edit away from the words of a question (never of a name: four words or more). */
  private corrections(words: string[]): string[] {
    if (words.length < FUZZY_WORDS) return [];
    const out: string[] = [];
    for (const w of words) {
      if (w.length < FUZZY_MIN || this.byExact.has(w) || !/^[a-z]+$/.test(w)) continue;
      for (const d of [w, ...deletions(w)]) for (const hit of this.near.get(d) ?? []) if (hit !== w && !out.includes(hit)) out.push(hit);
    }
    return out;
  }

  private add(m: Map<string, Term[]>, k: string, t: Term): void {
    const list = m.get(k);
    if (list) list.push(t);
    else m.set(k, [t]);
  }

  /**
   * A phrase of time ("how much time", "combien de temps", "ile czasu", どれくらいの期間, 多长时间,
   * 얼마 동안) is one word of time, and a property asked for its value (粘度是多少, 점도는 얼마) one
   * word of that property: their words are taken out of the text before any other group is looked
   * up, so their "how much" is no amount of the chassis. Each phrase is words without gaps.
   */
  private withoutReadFirst(words: string[], dense: string, found: Set<Group>): { words: string[]; dense: string } {
    let out = words;
    for (let i = 0; i < out.length; i++)
      for (const t of this.firstTerms.get(out[i]!) ?? [])
        if (matchesAt(t.pieces, 0, out, i)) {
          if (out === words) out = out.slice();
          found.add(t.group);
          out.fill(TAKEN, i, i + t.pieces.length);
        }
    if (dense)
      for (const t of this.firstDense)
        if (dense.includes(t.s)) {
          found.add(t.group);
          dense = dense.split(t.s).join(TAKEN);
        }
    return { words: out, dense };
  }

  /** Whether some item of a listed formula is the chassis' own line (see LIST_ITEM). */
  private listsChassisLine(text: string): boolean {
    const isName = (w: string) => this.nameWords.has(w);
    const isSmall = (w: string) => isName(w) || LINE_FILLER.has(w);
    for (const item of text.split(LIST_ITEM)) {
      if (!PERCENT_ITEM.test(item)) continue;
      const { words, dense } = readText(item);
      const letters = dense.replace(/%/g, '');
      if (letters) {
        // CJK or Hangul: the item is names and its amount, nothing else, or ends in the chassis' line.
        let rest = letters;
        for (const n of this.denseNames) if (rest.includes(n)) rest = rest.split(n).join('');
        if (!rest && rest !== letters && words.every((w) => DIGITS.test(w) || isSmall(w))) return true;
        const bare = item.normalize('NFKC').toLowerCase().replace(/[\s。.!?！？]+$/u, '').replace(/\s+/g, '');
        if (this.denseLine.some((r) => r.test(bare))) return true;
        continue;
      }
      // "15 % classic base", "with 15 % of the classic base", "12 % Basis bei einem Ansatz von 1,5 kg":
      // an amount, then the name with only these small words, then the item's end or a preposition.
      for (let i = 0; i < words.length; i++) {
        if (!DIGITS.test(words[i]!)) continue;
        let k = i + 1;
        while (k < words.length && DIGITS.test(words[k]!)) k++;
        let named = false;
        for (; k < words.length && (isName(words[k]!) || RUN_FILLER.has(words[k]!)); k++) named ||= isName(words[k]!);
        if (named && (k === words.length || LINE_END.has(words[k]!))) return true;
      }
      // "base classic 6 %": the name, then the amount, and nothing else.
      let first = 0;
      while (first < words.length && !DIGITS.test(words[first]!)) first++;
      const before = words.slice(0, first);
      if (first < words.length && before.some(isName) && before.every(isSmall) && words.slice(first).every((w) => DIGITS.test(w))) return true;
    }
    return false;
  }

  /** The groups a text uses. */
  groupsOf(text: string): Set<Group> {
    return this.readGroups(text).groups;
  }

  /** The groups a text uses, and whether it names the chassis before any typo is corrected (TableReading.namedPlainly). */
  private readGroups(text: string): { groups: Set<Group>; namedPlainly: boolean; words: number; dense: number } {
    const found = new Set<Group>();
    // "pH是多少", "pH는 얼마", "pHはいくつ": the value of the pH, asked with an amount word after it.
    if (!PLAIN_ASCII.test(text) && PH_VALUE.test(text)) {
      found.add('property');
      text = text.replace(PH_VALUE_ALL, 'pH ');
    }
    const read = readText(text);
    const alts = read.alts;
    const { words, dense } = this.withoutReadFirst(this.inLanguage(read.words), read.dense, found);
    if (BLANK.test(text)) found.add('seekStrong');
    if (PERCENT_ITEM.test(text) && this.listsChassisLine(text)) {
      found.add('chassisShare');
      found.add('chassisLine');
      const amounts = (text.match(PERCENT_ALL) ?? []).length;
      if (amounts >= LISTED_LINES) found.add('ownFormula');
      else if (amounts === 2 && WATER_LINE.test(text)) found.add('dilutedChassis');
    }
    if (dense) for (const t of this.dense) if (!found.has(t.group) && dense.includes(t.s)) found.add(t.group);
    const scan = (ws: string[]) => {
      for (let i = 0; i < ws.length; i++) {
        const w = ws[i]!;
        const at = (terms: Term[] | undefined) => {
          if (terms) for (const t of terms) if (!found.has(t.group) && matchesAt(t.pieces, 0, ws, i)) found.add(t.group);
        };
        at(this.byExact.get(w));
        if (w.length >= this.prefixKey) at(this.byPrefix.get(w.slice(0, this.prefixKey)));
        if (this.infix.length) at(this.infix);
      }
    };
    scan(words);
    if (alts.length) scan(alts);
    const namedPlainly = namesChassis(found);
    const fixed = this.corrections(words);
    if (fixed.length) scan(fixed);
    return { groups: found, namedPlainly, words: read.words.length, dense: read.dense.length };
  }

  /** The words as their language means them, when the text is plainly in a language with false friends. */
  private inLanguage(words: string[]): string[] {
    for (const r of this.readings) {
      let seen = 0;
      for (const w of words) if (r.markers.has(w) && ++seen >= 2) break;
      if (seen >= 2) return words.map((w) => r.words.get(w) ?? w);
    }
    return words;
  }

  classify(text: string): Verdict {
    return this.read(text).verdict;
  }

  /** The groups of a text and its verdict, remembered. */
  read(text: string): { verdict: Verdict; groups: ReadonlySet<Group> } {
    const known = this.memo.get(text);
    if (known) return known;
    const t = this.table(text);
    const r = { verdict: this.model ? withModel(this.model, text, t) : t.verdict, groups: t.groups };
    if (this.memo.size >= this.memoSize) this.memo.clear();
    this.memo.set(text, r);
    return r;
  }

  /**
   * The decision table on a text, with the row that decided the whole text and whether it was an
   * allow row: what the learnt model reads, and what it is fitted on (test/corpora/train-model.ts).
   */
  table(text: string): TableReading {
    const { groups, namedPlainly, words, dense } = this.readGroups(text);
    const rule = this.rowOf(groups);
    let verdict: Verdict = !rule || rule.decision === 'allow' ? ALLOW : { decision: rule.decision, rule: rule.id };
    // A refusal of any one clause is the text's: a question about the chassis after one about the
    // caller's own serum is still a question about the chassis.
    if (verdict.decision !== 'refuse') {
      const clauses = clausesOf(text);
      if (clauses.length > 1)
        for (const c of clauses) {
          const clause = this.groupsOf(c);
          const v = this.decide(clause);
          if (v.decision === 'refuse' && !this.allowedInContext(clause, groups)) {
            verdict = v;
            break;
          }
        }
    }
    return { verdict, groups, row: rule?.id ?? '', allowRow: rule?.decision === 'allow', namedPlainly, question: questionShaped(words, dense), dense };
  }

  /**
   * Whether an allow row that reads clauses in context (Rule.context) decides a clause with those
   * groups of the whole text. A clause with an amount held in the chassis ("what % of glycerin is in
   * the base") is read in context only when it quotes a published band itself: no label, envelope or
   * own formula beside it makes it the caller's own question.
   */
  private allowedInContext(clause: ReadonlySet<Group>, whole: ReadonlySet<Group>): boolean {
    const heldAmount = (clause.has('share') || clause.has('amount') || clause.has('byMass')) && (clause.has('inChassis') || clause.has('holds'));
    if (heldAmount && !clause.has('published')) return false;
    // Nor one about the making of the chassis or the supplier's side ("which homogenizer is used to
    // produce the base", "what pressure does your homogenizer use"): the caller's own process beside
    // it does not make it theirs.
    if (CONTEXT_NEVER.some((g) => clause.has(g))) return false;
    for (const r of this.contextRows) {
      const read = new Set(clause);
      for (const g of r.context!) if (whole.has(g)) read.add(g);
      if (read.size > clause.size && this.rowOf(read) === r) return true;
    }
    return false;
  }

  /** The first row of the decision table that applies to a set of groups, allow rows included. */
  private rowOf(groups: ReadonlySet<Group>): Rule | undefined {
    if (!groups.size) return undefined;
    return this.rules.find((r) => applies(r, groups));
  }

  /** The first row of the decision table that applies to a set of groups. */
  decide(groups: ReadonlySet<Group>): Verdict {
    const r = this.rowOf(groups);
    return !r || r.decision === 'allow' ? ALLOW : { decision: r.decision, rule: r.id };
  }

  /** The strongest verdict over several texts: a refusal wins, then a borderline. */
  classifyAll(texts: Iterable<string>): Verdict {
    let worst = ALLOW;
    for (const t of texts) {
      const v = this.classify(t);
      if (v.decision === 'refuse') return v;
      if (v.decision === 'borderline' && worst.decision === 'allow') worst = v;
    }
    return worst;
  }
}
