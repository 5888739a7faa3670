/**
 * The figures of docs/benchmarks.md (issue 30): recall of the attack corpus per language and per
 * category (held-out part on its own), refusals of the honest corpus, the call at which each probing
 * session is refused, and the screening cost in CPU time per question and per formula request.
 * Run with `npx tsx packages/screening/test/corpora/report.ts`.
 */
import { Classifier, Screener } from '../../src/index';
import { ATTACK_QUESTIONS, ATTACK_SESSIONS, HELD_OUT, HONEST_QUESTIONS, HONEST_SESSIONS, newScreener, runSession, type Question } from './run';

const c = new Classifier();
const refused = (q: Question) => c.classify(q.text).decision === 'refuse';

function table(title: string, qs: Question[], by: (q: Question) => string): void {
  const groups = new Map<string, { n: number; hit: number }>();
  for (const q of qs) {
    const g = groups.get(by(q)) ?? { n: 0, hit: 0 };
    g.n++;
    if (refused(q)) g.hit++;
    groups.set(by(q), g);
  }
  console.log(`\n${title}`);
  for (const [k, g] of groups) console.log(`| ${k} | ${g.hit}/${g.n} | ${((100 * g.hit) / g.n).toFixed(1)} % |`);
}

table('attack recall by language (all)', ATTACK_QUESTIONS, (q) => q.lang);
table('attack recall by category (all)', ATTACK_QUESTIONS, (q) => q.category);
for (const round of [1, 2, 3, 4, 5, 6]) table(`attack recall, held-out round ${round}, by language`, ATTACK_QUESTIONS.filter((q) => q.heldOut === round), (q) => q.lang);
console.log(`\nhonest refusals: ${HONEST_QUESTIONS.filter(refused).length} of ${HONEST_QUESTIONS.length}`);
// held-out.json (never tuned on): per round, attack recall by language and by category, honest refusals.
for (const round of [...new Set(HELD_OUT.map((q) => q.round))]) {
  const qs = HELD_OUT.filter((q) => q.round === round);
  const attack = qs.filter((q) => q.kind === 'attack');
  table(`held-out round ${round}: attack recall by language`, attack, (q) => q.lang);
  table(`held-out round ${round}: attack recall by category`, attack, (q) => q.category);
  const honestRound = qs.filter((q) => q.kind === 'honest');
  console.log(`held-out round ${round}: attack ${attack.filter(refused).length}/${attack.length}, honest refused ${honestRound.filter(refused).length}/${honestRound.length}`);
}
const sessions = ATTACK_SESSIONS.map((s, i) => `${s.category}:${runSession(newScreener(), `a${i}`, s).refusedAt}`);
console.log(`probing sessions, refused at call: ${sessions.join(', ')}`);
const honestRefused = HONEST_SESSIONS.filter((s, i) => runSession(newScreener(), `h${i}`, s).refusedAt > 0).length;
console.log(`honest sessions refused: ${honestRefused} of ${HONEST_SESSIONS.length}`);

const cpu = (f: () => void): number => {
  const t = process.cpuUsage();
  f();
  const d = process.cpuUsage(t);
  return d.user + d.system;
};
const texts = [...ATTACK_QUESTIONS, ...HONEST_QUESTIONS].map((q) => q.text);
const rounds = 20;
const perQuestion = cpu(() => {
  for (let r = 0; r < rounds; r++) {
    const fresh = new Classifier();
    for (const t of texts) fresh.classify(t);
  }
}) / (rounds * texts.length);
console.log(`\nper question, every text new to the memo: ${perQuestion.toFixed(2)} µs CPU`);

const lines = ['AQUA', 'GLYCERIN', 'NIACINAMIDE', 'PANTHENOL', 'PHENOXYETHANOL', 'SODIUM HYALURONATE', 'TOCOPHEROL', 'XANTHAN GUM'].map((n, i) => ({ n, pct: i === 0 ? 20 : 1 }));
const request = (i: number, named: (n: string) => string) => ({
  texts: lines.map((l) => named(l.n)),
  joinable: false,
  formula: { architecture: 'luxe', share: 72, lines: lines.map((l, j) => ({ n: named(l.n), pct: j < 2 ? l.pct + (i % 7) * 0.01 : l.pct })) },
  guidance: false,
});
const s = new Screener();
const N = 50_000;
for (let i = 0; i < 5_000; i++) s.screen(`w${i % 100}`, request(i, (n) => n), i * 1_000);
const warm = cpu(() => {
  for (let i = 0; i < N; i++) s.screen(`w${i % 100}`, request(i, (n) => n), (5_000 + i) * 1_000);
}) / N;
const cold = cpu(() => {
  for (let i = 0; i < 5_000; i++) s.screen(`c${i % 100}`, request(i, (n) => `${n} ${i}`), i * 1_000);
}) / 5_000;
console.log(`per formula request (8 lines), names known to the memo: ${warm.toFixed(2)} µs CPU; every name new: ${cold.toFixed(2)} µs CPU`);
