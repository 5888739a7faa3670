/**
 * The text classifier: which groups of the data pack a text uses, and the first rule of the pack
 * those groups satisfy. Deterministic and pure: the same text always gets the same answer, and
 * nothing but the text and the pack is read (never the chassis).
 *
 * High confidence needs two things at once: something that names the chassis (target) and
 * something that seeks what is protected about it (composition, processing, equipment, or a plan
 * to copy it). Amount words alone are ambiguous ("how much glycerin can I add to luxe" asks about
 * the caller's own formula), so they count only without a first-person word of formulating.
 */
import { GROUPS, SCREENING_PACK, type Group, type Rule, type ScreeningPack } from './pack';
import { wordsOf } from './text';

export type Decision = 'allow' | 'borderline' | 'refuse';

export interface Verdict {
  decision: Decision;
  /** The rule that decided, or '' when allowed. */
  rule: string;
}

type Piece = { kind: 'exact' | 'prefix' | 'infix'; s: string } | { kind: 'gap' };
interface Term {
  group: Group;
  pieces: Piece[];
}

const GAP_WORDS = 4;
const ALLOW: Verdict = Object.freeze({ decision: 'allow', rule: '' });

function pieceOf(word: string): Piece {
  if (word === '...') return { kind: 'gap' };
  if (word.length > 2 && word.startsWith('*') && word.endsWith('*')) return { kind: 'infix', s: word.slice(1, -1) };
  if (word.endsWith('*')) return { kind: 'prefix', s: word.slice(0, -1) };
  return { kind: 'exact', s: word };
}

function pieceMatches(p: Piece, w: string): boolean {
  if (p.kind === 'exact') return w === p.s;
  if (p.kind === 'prefix') return w.startsWith(p.s);
  if (p.kind === 'infix') return w.includes(p.s);
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

export class Classifier {
  readonly version: string;
  private readonly byExact = new Map<string, Term[]>();
  private readonly byPrefix = new Map<string, Term[]>();
  private readonly prefixLengths: number[];
  private readonly infix: Term[] = [];
  private readonly rules: readonly Rule[];
  // Names and queries repeat heavily (every check re-sends its lines): a bounded memo keeps the hot
  // path to one map lookup per text.
  private readonly memo = new Map<string, Verdict>();

  constructor(pack: ScreeningPack = SCREENING_PACK, private readonly memoSize = 20_000) {
    this.version = pack.version;
    this.rules = pack.rules;
    const lengths = new Set<number>();
    for (const group of GROUPS) {
      for (const raw of pack.groups[group]) {
        const pieces = raw.split(' ').filter(Boolean).map(pieceOf);
        const first = pieces[0]!;
        const term = { group, pieces };
        if (first.kind === 'exact') this.add(this.byExact, first.s, term);
        else if (first.kind === 'prefix') {
          this.add(this.byPrefix, first.s, term);
          lengths.add(first.s.length);
        } else this.infix.push(term);
      }
    }
    this.prefixLengths = [...lengths].sort((a, b) => a - b);
  }

  private add(m: Map<string, Term[]>, k: string, t: Term): void {
    const list = m.get(k);
    if (list) list.push(t);
    else m.set(k, [t]);
  }

  /** The groups a text uses. */
  groupsOf(text: string): Set<Group> {
    const words = wordsOf(text);
    const found = new Set<Group>();
    const tryTerms = (terms: Term[] | undefined, i: number) => {
      if (!terms) return;
      for (const t of terms) if (!found.has(t.group) && matchesAt(t.pieces, 0, words, i)) found.add(t.group);
    };
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      tryTerms(this.byExact.get(w), i);
      for (const n of this.prefixLengths) {
        if (n > w.length) break;
        tryTerms(this.byPrefix.get(w.slice(0, n)), i);
      }
      if (this.infix.length) tryTerms(this.infix, i);
    }
    return found;
  }

  classify(text: string): Verdict {
    const known = this.memo.get(text);
    if (known) return known;
    const groups = this.groupsOf(text);
    let verdict = ALLOW;
    if (groups.size) {
      for (const r of this.rules) {
        if (r.all.every((g) => groups.has(g)) && !(r.none ?? []).some((g) => groups.has(g))) {
          verdict = { decision: r.decision, rule: r.id };
          break;
        }
      }
    }
    if (this.memo.size >= this.memoSize) this.memo.clear();
    this.memo.set(text, verdict);
    return verdict;
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
