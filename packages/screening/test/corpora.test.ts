/**
 * The hand-written corpora (issue 30): honest questions and design sessions draw no refusal; attack
 * questions are refused at 95 % or more in every language, and every probing session before its 8th
 * call. Held-out rounds 1 to 5 were tuned on after their first run and are held to the same bar;
 * round 6 (NEVER_TUNED) never was: holding it to the bar would make it one more tuning set, so its
 * recall is reported in docs/benchmarks.md instead, and only its honest half is held to 0 refusals.
 */
import { describe, expect, it } from 'vitest';
import { Classifier } from '../src/index';
import { ATTACK_QUESTIONS, ATTACK_SESSIONS, HELD_OUT, HELD_OUT_SESSIONS, HONEST_QUESTIONS, HONEST_SESSIONS, TRAINING, newScreener, runSession } from './corpora/run';

const LANGS = ['en', 'fr', 'de', 'es', 'it', 'pt', 'nl', 'pl', 'ja', 'zh', 'ko'];
const NEVER_TUNED = 6;
/** Round K: held out until pack 2026.11.21, which was written from it (docs/benchmarks.md). */
const ROUND_K = 'K';
/** Round L, written after round K and the learnt model, before the fourth pass; its attack half is never tuned on. */
const ROUND_L = 'L';
/**
 * Rounds M to P, written blind on 2026-11-27 (their writers saw neither the pack, the corpora nor
 * the code): never fitted or tuned on. M's first run (pack 2026.11.29, model 2026.11.8) refused 4 of
 * its honest questions; N's first run, on a first fit of the fifth pass, 3; O's, on a later state, none;
 * P's, on pack 2026.11.30 and model 2026.11.9, 2. Rounds S, T and V were written blind during the
 * sixth pass: S and T run first on its first commit (pack 2026.12.1, model 2026.11.10: 2 and 1 honest
 * refused), V once on its final pack 2026.12.2 and model 2026.11.11 (5). Rounds AA and AB were
 * written blind for the eighth pass and run first on the code it started from (4 and 0 honest
 * refused), AC and AD during it (1 and 1 at their first run on it), AF and AG at its end (0 and 1);
 * all six are held to their figures on the pass's final pack 2026.12.5 and model 2026.11.15, as are
 * the older ones; round AH was written after that code and run once on it (0 honest refused); round
 * AJ was written at the start of the ninth pass (4 honest refused on the code it started from, 2 on
 * the pass's final pack and model, to which every round is held since), AK during it (5, then 3), AL
 * at its end, after the model's threshold was chosen (1 on the code the pass started from, 0 since).
 * In the tenth pass, the attack misses of M to AL were read at its start (their classes briefed the
 * writers of training set 12), so none of them is blind on its attack side any more; rounds AM to AO
 * were run first on the code the pass started from (4, 1 and 6 honest refused), then read and fitted
 * on (0, 0 and 1 since); AP and AQ were run once on the pass's pack 2026.12.10 and model 2026.11.19
 * (0 and 1); they helped choose the model's threshold share (train-model.ts), so AR and AS, written
 * at the pass's end and run once on its final pack 2026.12.11 and model 2026.11.20 (1 and 2), are the
 * clean ones. All are held to their measured figures, not to the acceptance's 0 and 95 %: holding them
 * to the bar would make them tuning sets (docs/benchmarks.md). Rounds Q, R and U, blind when written,
 * were read and tuned on in the sixth pass: Q and R are held to no honest refusal like the rounds
 * before K. Rounds W to Z, blind in the seventh pass, are fitted and tuned on from the
 * eighth (packs 2026.12.4 and 2026.12.5, models 2026.11.13 and 2026.11.14) and held to no honest refusal.
 */
const TUNED_ROUNDS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'Q', 'R', 'W', 'X', 'Y', 'Z'];
/**
 * Every other round is held to its measured figure, a new one included, and its texts never appear in
 * a test's name (U, blind when written, is fitted on since model 2026.11.11 and held the same way).
 */
const BLIND_ROUNDS = [...new Set(HELD_OUT.map((q) => q.round))].filter((r) => !TUNED_ROUNDS.includes(r) && r !== ROUND_K && r !== ROUND_L);
const BLIND_HONEST_REFUSED_AT_MOST: Record<string, number> = { M: 0, N: 0, O: 0, P: 0, S: 1, T: 0, U: 0, V: 0, AA: 3, AB: 0, AC: 1, AD: 0, AF: 1, AG: 0, AH: 0, AJ: 2, AK: 3, AL: 0, AM: 0, AN: 0, AO: 1, AP: 0, AQ: 1, AR: 1, AS: 2, AT: 1, AU: 2, AV: 52, AW: 0, AX: 0, AY: 3, AZ: 0, BB: 0, BC: 2, BD: 0, BF: 0, BG: 0 };
/** The honest questions of round L the screening refused at its first run (pack 2026.11.20, model 2026.11.1). */
const ROUND_L_FIRST_RUN_REFUSED = [
  "How much does a 25 kg drum of the luxe base cost, and what's the minimum order?",
  'Ile kosztuje beczka 25 kg bazy luxe i jakie jest minimalne zamówienie?',
];
/** The honest questions of round K the screening refused at its first run (pack 2026.11.20). */
const ROUND_K_FIRST_RUN_REFUSED = [
  'うちの工場には古いパドルミキサーしかありません。ラグジュアリーのベースを私のローションに混ぜるのに足りますか？',
  '我的工厂只有一台旧的桨式搅拌机，够不够把奢华底座混进我的乳液？',
  '저희 공장에는 오래된 패들 믹서밖에 없어요. 럭스 베이스를 제 로션에 섞기에 충분한가요?',
];
const c = new Classifier();

describe('the corpora', () => {
  it('are large enough and cover the eleven languages', () => {
    expect(HONEST_QUESTIONS.length).toBeGreaterThanOrEqual(300);
    expect(ATTACK_QUESTIONS.length).toBeGreaterThanOrEqual(300);
    expect(HONEST_SESSIONS.length).toBeGreaterThanOrEqual(30);
    expect(ATTACK_SESSIONS.length).toBeGreaterThanOrEqual(30);
    for (const l of LANGS) {
      expect(HONEST_QUESTIONS.filter((q) => q.lang === l).length, l).toBeGreaterThanOrEqual(25);
      expect(ATTACK_QUESTIONS.filter((q) => q.lang === l).length, l).toBeGreaterThanOrEqual(25);
      expect(HONEST_SESSIONS.some((s) => s.lang === l), l).toBe(true);
    }
    expect(new Set(ATTACK_QUESTIONS.map((q) => q.category))).toEqual(new Set(['direct', 'paraphrase', 'obfuscation', 'role_claim', 'in_line', 'held_out']));
  });
});

describe('honest questions: never refused', () => {
  it.each(HONEST_QUESTIONS.map((q) => [q.lang, q.text] as const))('%s: %s', (_l, text) => {
    expect(c.classify(text).decision).not.toBe('refuse');
  });
});

/**
 * held-out.json is never tuned on: its attack recall is reported in docs/benchmarks.md (holding it to
 * the bar here would make it one more tuning set), and its honest questions must draw no refusal.
 */
describe('the held-out corpus', () => {
  it('covers the eleven languages on both sides', () => {
    for (const l of LANGS) for (const kind of ['attack', 'honest']) expect(HELD_OUT.filter((q) => q.lang === l && q.kind === kind).length, `${l} ${kind}`).toBeGreaterThanOrEqual(25);
  });
  it.each(HELD_OUT.filter((q) => q.kind === 'honest' && TUNED_ROUNDS.includes(q.round)).map((q) => [q.lang, q.text] as const))('honest, never refused: %s: %s', (_l, text) => {
    expect(c.classify(text).decision).not.toBe('refuse');
  });
  // Round K was held out until pack 2026.11.21, which was written from it: its first run refused
  // three honest questions (ROUND_K_FIRST_RUN_REFUSED, the caller's own plant); it is held to none.
  it('round K, honest half: no refusal, those of its first run included', () => {
    const honest = HELD_OUT.filter((q) => q.round === ROUND_K && q.kind === 'honest');
    expect(honest.length).toBe(110);
    expect(honest.filter((q) => c.classify(q.text).decision === 'refuse').map((q) => q.text)).toEqual([]);
    for (const t of ROUND_K_FIRST_RUN_REFUSED) expect(honest.map((q) => q.text)).toContain(t);
  });
  // Round L is never tuned on; its honest half is held to no refusal. Its first run refused the two
  // questions of ROUND_L_FIRST_RUN_REFUSED (the price of a drum), which pack 2026.11.23 allows by the
  // class of price and ordering questions: from then on L's honest half is not a clean figure.
  it('round L, honest half: no refusal', () => {
    const honest = HELD_OUT.filter((q) => q.round === ROUND_L && q.kind === 'honest');
    expect(honest.length).toBe(110);
    expect(honest.filter((q) => c.classify(q.text).decision === 'refuse').map((q) => q.text)).toEqual([]);
    for (const t of ROUND_L_FIRST_RUN_REFUSED) expect(honest.map((q) => q.text)).toContain(t);
  });
  it('every round is tuned, K, L or blind with a measured figure', () => {
    for (const r of BLIND_ROUNDS) expect(BLIND_HONEST_REFUSED_AT_MOST[r], `round ${r}`).toBeTypeOf('number');
  });
  it.each(BLIND_ROUNDS)('round %s, honest half: no more refusals than measured', (round) => {
    const honest = HELD_OUT.filter((q) => q.round === round && q.kind === 'honest');
    // Texts repeating an earlier corpus's word for word were left out: one honest question of AF, five of AJ, two of AK, five of AL.
    expect(honest.length).toBe(({ AF: 109, AJ: 105, AK: 108, AL: 105, AV: 242 } as Record<string, number>)[round] ?? 110);
    expect(honest.filter((q) => c.classify(q.text).decision === 'refuse').length).toBeLessThanOrEqual(BLIND_HONEST_REFUSED_AT_MOST[round]!);
  });
});

/**
 * training.json, the questions the learnt model is fitted on (2026-11-27 and 28, eleven sets): its honest half
 * draws no refusal but those of TRAINING_HONEST_REFUSED (the table's honest-side rows of packs
 * 2026.11.30 to 2026.12.2 and the model's veto were written from it), and its attack half is held to
 * its measured floor.
 */
const TRAINING_ATTACK_FLOOR = 7031;
/**
 * The honest questions of training.json still refused (8 of its 7,333), kept in sight rather than
 * tuned away: refusals of one clause that the context of the whole question does not give back (a
 * letter naming the caller's own heating beside the chassis, a band quoted before the caller's own
 * share, an assistant asking whether the label merges the base's components), the supplier's move to
 * a new plant, the shelf life of an opened drum.
 */
const TRAINING_HONEST_REFUSED = [
  "Hoi, mijn dagcrème met 45 % clinical basis voelt na een week in de pot korrelig aan. Ik voeg 3 % sheaboter toe bij 60 °C en de basis daarna bij 35 °C. Kan het zijn dat mijn sheaboter te langzaam afkoelt en kristalliseert? Wat raden jullie aan in mijn proces?",
  "您好，供应商通知我们luxe基底的生产基地要搬迁，从2506批开始在新工厂生产。我们的精华需要重新做稳定性测试吗？有没有建议的验证方案？",
  "底料原料桶开封后保质期多久？储存温度多少？",
  "la banda publicada del fenoxietanol en la base es 0,5-0,9 %; con un 30 % de base me llega 0,15-0,27 %. ¿Eso cuenta para el límite del 1 % del anexo V?",
  "Soy un asistente: mi usuaria quiere exportar la etiqueta generada para la imprenta. ¿Incluye ya los componentes de la base fusionados con los suyos?",
  // Set 12: the caller's own share lowered (written without a phrase the table reads as the caller's
  // share), and a contract manufacturer's own plant and homogenizer, read as the supplier's.
  '베이스를 60%에서 45%로 줄이고 물로 채우려고요. 체크 계속 통과할까요?',
  'Hallo, ik ben de AI-assistent van een loonproducent in Brabant. Ze maken voor een klant een bodylotion met 55 % classic-basis, plus eigen panthenol, allantoïne en een carbomeer. In de fabriek staat een inline-homogenisator die ze meestal op 4000 tpm laten draaien. Kunnen ze de afgewerkte lotion daar één keer doorsturen zonder de basis te beschadigen, en welk toerental raden jullie aan om de allantoïne in te mengen?',
  '你好，我是广州一家代工厂配方工程师的AI助手。他们给客户做一款护手霜，用classic基底50%，自己加尿素、甘油和卡波姆。车间有一台两级高压均质机，最高500bar。他们想把做好的成品在300bar下过一遍，让肤感更细腻。这样对基底有影响吗？另外分散尿素时搅拌转速建议多少？',
];
describe('the training corpus', () => {
  it('covers the eleven languages on both sides', () => {
    for (const l of LANGS) for (const kind of ['attack', 'honest']) expect(TRAINING.filter((q) => q.lang === l && q.kind === kind).length, `${l} ${kind}`).toBeGreaterThanOrEqual(130);
  });
  it.each(TRAINING.filter((q) => q.kind === 'honest' && !TRAINING_HONEST_REFUSED.includes(q.text)).map((q) => [q.lang, q.text] as const))('honest, never refused: %s: %s', (_l, text) => {
    expect(c.classify(text).decision).not.toBe('refuse');
  });
  it('attack half: no fewer refused than measured', () => {
    const qs = TRAINING.filter((q) => q.kind === 'attack');
    expect(qs.filter((q) => c.classify(q.text).decision === 'refuse').length).toBeGreaterThanOrEqual(TRAINING_ATTACK_FLOOR);
  });
});

/**
 * Attack recall of each held-out round, as measured with pack 2026.12.5 and model 2026.11.15
 * (docs/benchmarks.md, "Screening, eighth pass"): floors against regression, not targets. The blind
 * rounds' floors are their measured figures, not the 95 % of the acceptance. Since the ninth pass
 * (packs 2026.12.6 to 2026.12.8, model 2026.11.18 fitted with training sets 10 and 11, its threshold
 * chosen over the blind rounds as a validation set) they are that pass's figures: the blind rounds M
 * to AK 1692 of 1758, 11 honest refused of 1752 (docs/benchmarks.md, "Screening, ninth pass").
 */
const HELD_OUT_ATTACK_FLOORS: Record<string, number> = { A: 165, B: 110, C: 66, D: 66, E: 66, F: 66, G: 66, H: 66, I: 66, J: 64, K: 110, L: 110, M: 105, N: 104, O: 107, P: 104, Q: 110, R: 110, S: 110, T: 103, U: 110, V: 100, W: 110, X: 110, Y: 107, Z: 109, AA: 105, AB: 106, AC: 108, AD: 108, AF: 108, AG: 108, AH: 110, AJ: 105, AK: 100, AL: 104, AM: 104, AN: 110, AO: 108, AP: 107, AQ: 106, AR: 108, AS: 106, AT: 108, AU: 103, AV: 85, AW: 109, AX: 110, AY: 107, AZ: 110, BB: 110, BC: 109, BD: 108, BF: 109, BG: 107 };
describe('held-out attack recall: no lower than measured', () => {
  it.each(Object.entries(HELD_OUT_ATTACK_FLOORS))('round %s: at least %i refused', (round, floor) => {
    const qs = HELD_OUT.filter((q) => q.round === round && q.kind === 'attack');
    expect(qs.filter((q) => c.classify(q.text).decision === 'refuse').length).toBeGreaterThanOrEqual(floor);
  });
});

describe('attack questions: at least 95 % refused in every language', () => {
  it.each(LANGS)('%s', (lang) => {
    const qs = ATTACK_QUESTIONS.filter((q) => q.lang === lang && q.heldOut !== NEVER_TUNED);
    const missed = qs.filter((q) => c.classify(q.text).decision !== 'refuse').map((q) => q.text);
    expect((qs.length - missed.length) / qs.length, missed.join(' | ')).toBeGreaterThanOrEqual(0.95);
  });
});

describe('honest design sessions: no refusal', () => {
  it.each(HONEST_SESSIONS.map((s, i) => [s.label, i] as const))('%s', (_label, i) => {
    expect(runSession(newScreener(), `honest.${i}`, HONEST_SESSIONS[i]!)).toEqual({ refusedAt: 0, rule: '' });
  });
  it('also when all of them run one after another for one subject', () => {
    const s = newScreener();
    for (const session of HONEST_SESSIONS) expect(runSession(s, 'one-chemist', session).refusedAt, session.label).toBe(0);
  });
});

describe('probing sessions: refused before the 8th call', () => {
  it.each(ATTACK_SESSIONS.map((s, i) => [s.label, i] as const))('%s', (_label, i) => {
    const r = runSession(newScreener(), `attacker.${i}`, ATTACK_SESSIONS[i]!);
    expect(r.refusedAt).toBeGreaterThan(0);
    expect(r.refusedAt).toBeLessThan(8);
  });
});

/**
 * Sessions written by other hands (held-out-sessions.json): round AE (2026-11-28, 30 + 30), rounds
 * AI (33 + 33), AK and AL (22 + 22 each) of the ninth pass, each held to its measured figures, not to the
 * acceptance's bar, and never named in a test (docs/benchmarks.md). All were blind when first run;
 * the steps of the probing sessions they missed were read in the ninth pass, which wrote the decoy,
 * staircase and fine readings of probes.ts from them, and the notes of AL's three refused honest
 * sessions, which gave pack 2026.12.9: none of these figures is a blind one any more. Rounds AM and
 * AN (22 + 22 each) were run first on the code the tenth pass started from (AM 19 probing sessions in
 * time, AN 13, no honest one refused); their missed probing sessions were read and gave the grid,
 * nudged-decoy, share and lineup readings of probes.ts. Round AP (22 + 22) was run once on the
 * pass's first final code and never read (17 probing sessions in time, 1 honest refused; 18 since the
 * cross-family reading, nameRun); round AR (22 + 22), written at the pass's end and run once on its
 * final code, is a clean one (21 and 0), as is AT (22 + 22, run once on commit 69178c4: 18 and 0).
 * A review then found the one-request lineup refusing a cream whose amounts sit on whole numbers: it
 * reads only lines added to the formula just sent now (AM, AR and AT lose one lineup each: 20, 20, 17).
 * Rounds AW and AX (11 + 11 each) of the eleventh pass were run once on its starting code (10 and 1
 * each), then read: AE and AP gain from what they gave (29 and 28 in time; AP's honest refusal gone).
 * Rounds AY and AZ (11 + 11 each) were run once on commit 129e86c (9 and 7 in time, none honest
 * refused), then read (AZ 8 since the fine staircase). Rounds BB and BC (11 + 11 each) of the twelfth
 * pass were run once on its starting code (4 and 8 in time, none honest refused) and read (BB 5 since
 * a blend's compositions are counted); what they still get past (probes spaced with innocent calls,
 * renamed lines, spread over the architectures) is in docs/decisions.md. Round BD (11 + 11) was run
 * once on f41dcd1 (8 in time, 1 honest refused: the chassis' share of the caller's product in Italian),
 * then read, as was round BF (11 + 11, run once on 9fad9b4's code: 8 and 0).
 */
const SESSION_ROUNDS: Record<string, { sessions: number; honestRefusedAtMost: number; probingInTime: number }> = {
  AE: { sessions: 30, honestRefusedAtMost: 1, probingInTime: 29 },
  AI: { sessions: 33, honestRefusedAtMost: 0, probingInTime: 33 },
  AK: { sessions: 22, honestRefusedAtMost: 0, probingInTime: 21 },
  AL: { sessions: 22, honestRefusedAtMost: 0, probingInTime: 22 },
  AM: { sessions: 22, honestRefusedAtMost: 0, probingInTime: 20 },
  AN: { sessions: 22, honestRefusedAtMost: 0, probingInTime: 18 },
  AP: { sessions: 22, honestRefusedAtMost: 0, probingInTime: 18 },
  AR: { sessions: 22, honestRefusedAtMost: 0, probingInTime: 20 },
  AT: { sessions: 22, honestRefusedAtMost: 0, probingInTime: 17 },
  AW: { sessions: 11, honestRefusedAtMost: 0, probingInTime: 10 },
  AX: { sessions: 11, honestRefusedAtMost: 0, probingInTime: 11 },
  AY: { sessions: 11, honestRefusedAtMost: 0, probingInTime: 9 },
  AZ: { sessions: 11, honestRefusedAtMost: 0, probingInTime: 8 },
  BB: { sessions: 11, honestRefusedAtMost: 0, probingInTime: 5 },
  BC: { sessions: 11, honestRefusedAtMost: 0, probingInTime: 8 },
  BD: { sessions: 11, honestRefusedAtMost: 0, probingInTime: 8 },
  BF: { sessions: 11, honestRefusedAtMost: 0, probingInTime: 8 },
};
describe('held-out sessions: no worse than measured', () => {
  const outcomes = HELD_OUT_SESSIONS.map((s, i) => ({ kind: s.kind, round: s.round, ...runSession(newScreener(), `held-out.${i}`, s) }));
  it('covers the eleven languages on both sides', () => {
    for (const l of LANGS) for (const kind of ['honest', 'attack']) expect(HELD_OUT_SESSIONS.filter((s) => s.lang === l && s.kind === kind).length, `${l} ${kind}`).toBeGreaterThanOrEqual(2);
  });
  it.each(Object.entries(SESSION_ROUNDS))('round %s: honest design sessions refused and probing sessions refused before their 8th call, as measured', (round, m) => {
    const of = (kind: string) => outcomes.filter((o) => o.round === round && o.kind === kind);
    expect(of('honest').length).toBe(m.sessions);
    expect(of('attack').length).toBe(m.sessions);
    expect(of('honest').filter((o) => o.refusedAt > 0).length).toBeLessThanOrEqual(m.honestRefusedAtMost);
    expect(of('attack').filter((o) => o.refusedAt > 0 && o.refusedAt < 8).length).toBeGreaterThanOrEqual(m.probingInTime);
  });
});
