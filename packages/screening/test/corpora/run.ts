/**
 * Runs the hand-written corpora through the screening exactly as the gateway does (the Screener):
 * each question alone, each session as one subject, one call every 20 seconds. Shared by the
 * corpora test and the benchmark.
 */
import { Classifier, Screener, type FormulaLike, type SignatureLine } from '../../src/index';
import attack from './attack.json';
import attackSessions from './attack-sessions.json';
import honest from './honest.json';
import honestSessions from './honest-sessions.json';
import heldOut from './held-out.json';
import heldOutSessions from './held-out-sessions.json';
import training from './training.json';

export interface Question {
  lang: string;
  category: string;
  text: string;
  /** The held-out round (1, 2, 3), absent for the questions the pack was written from. */
  heldOut?: number;
}

type Entry = [string, number];
interface Step {
  op: 'search' | 'knowledge' | 'submission' | 'check' | 'label' | 'preservation';
  q?: string;
  inci?: string;
  note?: string;
  set?: Record<string, number>;
  add?: Entry[];
  remove?: string[];
  share?: number;
  ph?: number;
  base?: string;
  balance?: boolean;
}
export interface Session {
  label: string;
  lang: string;
  category?: string;
  start: { base: string; share: number; ph: number; lines: Entry[] };
  steps: Step[];
}

export const HONEST_QUESTIONS = honest.questions as Question[];
/** A question of held-out.json: never tuned on; its attack recall is reported, its honest half must draw no refusal. */
export interface HeldOutQuestion {
  lang: string;
  kind: 'attack' | 'honest';
  category: string;
  text: string;
  /** A, B, C: each round written after the pack before it, and run once against that pack before anything changed. */
  round: string;
}
export const HELD_OUT = heldOut.questions as HeldOutQuestion[];
/** training.json: questions written to fit the learnt model on (never a held-out round); its honest half must draw no refusal. */
export const TRAINING = training.questions as Array<Omit<HeldOutQuestion, 'round'>>;
export const ATTACK_QUESTIONS = attack.questions as Question[];
export const HONEST_SESSIONS = honestSessions.sessions as unknown as Session[];
export const ATTACK_SESSIONS = attackSessions.sessions as unknown as Session[];
/** held-out-sessions.json: rounds of sessions by other hands (AE, AI), each an honest design session or a probing one. */
export const HELD_OUT_SESSIONS = heldOutSessions.sessions as unknown as Array<Session & { kind: 'honest' | 'attack'; round: string }>;

const WATER = /^(AQUA|WATER|EAU)$/i;

/** A line of the corpus notation: `BLEND:A=0.99,B=0.01` is a trade-name raw material. */
function lineOf([n, pct]: Entry): SignatureLine {
  if (!n.startsWith('BLEND:')) return { n, pct };
  return { pct, blend: n.slice(6).split(',').map((c) => ({ n: c.split('=')[0]!, f: Number(c.split('=')[1]) })) };
}

/** Applies a step's edits to the running formula (set, add, remove, share), balancing with the first water line when asked. */
function edit(f: Session['start'], s: Step): Session['start'] {
  let lines: Entry[] = f.lines.map(([n, p]) => [n, p]);
  for (const [n, p] of Object.entries(s.set ?? {})) lines = lines.map(([m, q]) => [m, m === n ? p : q]);
  for (const e of s.add ?? []) lines.push([e[0], e[1]]);
  lines = lines.filter(([n]) => !(s.remove ?? []).includes(n));
  const share = s.share ?? f.share;
  if (s.balance) {
    const w = lines.findIndex(([n]) => WATER.test(n));
    if (w >= 0) {
      const total = share + lines.reduce((a, [, p]) => a + p, 0);
      lines[w] = [lines[w]![0], Math.round((lines[w]![1] + 100 - total) * 1e6) / 1e6];
    }
  }
  return { base: f.base, share, ph: s.ph ?? f.ph, lines };
}

/** The 1-based call of a session that was refused first (0: none), and the rule. */
export function runSession(screener: Screener, subject: string, session: Session): { refusedAt: number; rule: string } {
  let formula = session.start;
  let t = Date.UTC(2026, 10, 25, 9, 0, 0);
  for (const [i, s] of session.steps.entries()) {
    t += 20_000;
    let texts: string[] = [];
    let f: FormulaLike | null = null;
    if (s.op === 'search' || s.op === 'knowledge') texts = [s.q ?? ''];
    else if (s.op === 'submission') texts = [s.inci ?? '', s.note ?? ''].filter(Boolean);
    else {
      formula = edit(formula, s);
      const lines = formula.lines.map(lineOf);
      texts = lines.flatMap((l) => (l.blend ? l.blend.map((b) => b.n) : [l.n ?? '']));
      f = { architecture: s.base ?? formula.base, share: formula.share, lines };
    }
    const joinable = s.op === 'search' || s.op === 'knowledge' || s.op === 'submission';
    const out = screener.screen(subject, { texts, joinable, formula: f, guidance: s.op === 'preservation' }, t);
    if (out.verdict.decision === 'refuse') return { refusedAt: i + 1, rule: out.verdict.rule };
  }
  return { refusedAt: 0, rule: '' };
}

export function newScreener(): Screener {
  return new Screener(new Classifier());
}
