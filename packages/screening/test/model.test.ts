/**
 * The learnt model (src/model.ts, data/screening-model.json): a versioned pack that names what it
 * was fitted on, and a component that can only turn an answer of the table about the chassis that no
 * allow row gave into a refusal, or a refusal of some rows of the table into a borderline answer (its
 * veto).
 */
import { describe, expect, it } from 'vitest';
import { Classifier, MODEL_RULE, ModelPackSchema, SCREENING_MODEL_PACK, ScreeningModel, VETO_RULE, modelReads, readsAllowed, readsUnnamed } from '../src/index';
import { HELD_OUT } from './corpora/run';

const table = new Classifier(undefined, undefined, null);
const shipped = new Classifier();
/** The shipped weights with a threshold every read text meets: what the gate lets the model touch. */
const eager = new Classifier(undefined, undefined, new ScreeningModel({ ...SCREENING_MODEL_PACK, threshold: 1e-9, unnamedThreshold: 1e-9, allowRead: { rows: SCREENING_MODEL_PACK.allowRead!.rows, threshold: 1e-9 }, veto: 0 }));
/** The shipped weights with a veto every read text falls under: what the veto may touch. */
const lenient = new Classifier(undefined, undefined, new ScreeningModel({ ...SCREENING_MODEL_PACK, threshold: 0.99999, unnamedThreshold: 0.99999, allowRead: { rows: SCREENING_MODEL_PACK.allowRead!.rows, threshold: 0.99999 }, veto: 0.99998 }));

describe('the model pack', () => {
  it('is versioned, names its source and training set, and was never fitted on the blind rounds', () => {
    expect(SCREENING_MODEL_PACK.version).toMatch(/^\d{4}\.\d{1,2}\.\d+$/);
    expect(SCREENING_MODEL_PACK.source).toContain('train-model.ts');
    expect(SCREENING_MODEL_PACK.trainingSet.join(' ')).toContain('not rounds M, N, O, P');
    expect(SCREENING_MODEL_PACK.trainingSet.join(' ')).toContain('training.json');
    expect(SCREENING_MODEL_PACK.trainingSet.join(' ')).toContain('not rounds M, N, O, P, S, T, V, AA, AB');
    expect(SCREENING_MODEL_PACK.threshold).toBeGreaterThan(0.5);
    // The veto gives up a small share of the table's refusals: it sits far below the threshold, and
    // only on the rows where it gave back an honest question when fitted.
    expect(SCREENING_MODEL_PACK.veto).toBeGreaterThan(0);
    expect(SCREENING_MODEL_PACK.veto).toBeLessThan(SCREENING_MODEL_PACK.threshold / 2);
    expect(SCREENING_MODEL_PACK.vetoRows).toContain('screen.processing');
    for (const firm of ['screen.subtract', 'screen.about_strong', 'screen.clone_own', 'screen.back_calc']) expect(SCREENING_MODEL_PACK.vetoRows).not.toContain(firm);
    expect(SCREENING_MODEL_PACK.gate).toBe('subject');
    for (const r of ['M', 'N', 'O', 'P', 'S', 'T', 'V', 'AA', 'AB', 'AC', 'AD', 'AG']) expect(HELD_OUT.filter((q) => q.round === r).length).toBe(220);
    // Questions that do not name the chassis are read at a threshold of their own (model 2026.11.13).
    expect(SCREENING_MODEL_PACK.unnamedThreshold).toBeGreaterThan(SCREENING_MODEL_PACK.veto);
    expect(SCREENING_MODEL_PACK.unnamedThreshold).toBeLessThan(1);
    // The caller's own process and the published bands, allowed by the table, are read at a threshold
    // of their own (model 2026.11.14); the other allow rows (the label, commerce, origin) never are.
    expect(SCREENING_MODEL_PACK.allowRead?.rows).toEqual(['screen.own_process', 'screen.published']);
    expect(SCREENING_MODEL_PACK.allowRead!.threshold).toBeGreaterThan(SCREENING_MODEL_PACK.veto);
  });

  it('rejects a malformed pack', () => {
    expect(() => ModelPackSchema.parse({ ...SCREENING_MODEL_PACK, threshold: 1 })).toThrow();
    expect(() => ModelPackSchema.parse({ ...SCREENING_MODEL_PACK, features: 'words' })).toThrow();
    expect(() => ModelPackSchema.parse({ ...SCREENING_MODEL_PACK, trainingSet: [] })).toThrow();
    expect(() => ModelPackSchema.parse({ ...SCREENING_MODEL_PACK, veto: SCREENING_MODEL_PACK.threshold })).toThrow(/veto/);
    expect(() => ModelPackSchema.parse({ ...SCREENING_MODEL_PACK, unnamedThreshold: SCREENING_MODEL_PACK.veto / 2 })).toThrow(/veto/);
    expect(() => ModelPackSchema.parse({ ...SCREENING_MODEL_PACK, unnamedThreshold: 1 })).toThrow();
    expect(() => ModelPackSchema.parse({ ...SCREENING_MODEL_PACK, allowRead: { rows: ['own_process'], threshold: 0.9 } })).toThrow();
    expect(() => ModelPackSchema.parse({ ...SCREENING_MODEL_PACK, allowRead: { rows: [], threshold: 0.9 } })).toThrow();
    expect(() => ModelPackSchema.parse({ ...SCREENING_MODEL_PACK, allowRead: { rows: ['screen.own_process'], threshold: 0.9, share: 1 } })).toThrow();
    expect(() => ModelPackSchema.parse({ ...SCREENING_MODEL_PACK, unnamedThreshold: 0 })).toThrow();
    expect(() => ModelPackSchema.parse({ ...SCREENING_MODEL_PACK, unnamedDense: 3 })).toThrow();
    expect(() => ModelPackSchema.parse({ ...SCREENING_MODEL_PACK, unnamedDense: 12.5 })).toThrow();
    expect(() => ModelPackSchema.parse({ ...SCREENING_MODEL_PACK, gate: 'question' })).toThrow(/gate subject/);
    // A row the table does not allow by is no row to read.
    for (const rows of [['screen.processing'], ['screen.no_such_row']])
      expect(() => new Classifier(undefined, undefined, new ScreeningModel({ ...SCREENING_MODEL_PACK, allowRead: { rows, threshold: 0.9 } }))).toThrow(/no allow row/);
    expect(() => ModelPackSchema.parse({ ...SCREENING_MODEL_PACK, allowRead: { rows: ['screen.own_process'], threshold: SCREENING_MODEL_PACK.veto / 2 } })).toThrow(/veto/);
    expect(() => ModelPackSchema.parse({ ...SCREENING_MODEL_PACK, gate: 'everything' })).toThrow();
    expect(() => new ScreeningModel({ ...SCREENING_MODEL_PACK, weights: SCREENING_MODEL_PACK.weights.slice(0, 400) })).toThrow(/bytes of weights/);
  });

  it('scores the same text the same way, between 0 and 1', () => {
    const m = new ScreeningModel(SCREENING_MODEL_PACK);
    const t = table.table('Quel taux de glycérine a la base clinical ?');
    const s = m.score('Quel taux de glycérine a la base clinical ?', t.groups, t.row);
    expect(s).toBeGreaterThan(0);
    expect(s).toBeLessThan(1);
    expect(m.score('Quel taux de glycérine a la base clinical ?', t.groups, t.row)).toBe(s);
  });
});

describe('what the model may read', () => {
  const model = new ScreeningModel(SCREENING_MODEL_PACK);
  const reads = (text: string) => modelReads(table.table(text), 'subject', model.vetoRows);

  it('a borderline answer about the chassis, asked as a question', () => {
    expect(table.classify('Quel taux de glycérine a la base clinical ?').decision).toBe('borderline');
    expect(reads('Quel taux de glycérine a la base clinical ?')).toBe(true);
  });

  it('a question naming the chassis that no row of the table decided (gate subject)', () => {
    expect(table.table('What is the shelf life of the classic base?')).toMatchObject({ verdict: { decision: 'allow' }, allowRow: false });
    expect(reads('What is the shelf life of the classic base?')).toBe(true);
    // The gate of packs up to 2026.11.11 read only the borderline answers and the refusals.
    expect(modelReads(table.table('What is the shelf life of the classic base?'), 'question')).toBe(false);
  });

  it('a refusal of the table of a row in vetoRows, asked as a question, which it may veto', () => {
    expect(table.classify('How is the base made?')).toEqual({ decision: 'refuse', rule: 'screen.processing' });
    expect(reads('How is the base made?')).toBe(true);
    // The gate of packs up to 2026.11.8 read no refusal.
    expect(modelReads(table.table('How is the base made?'), 'borderline')).toBe(false);
  });

  it('a question with a question mark that does not name the chassis as written, when no row decided it: "the nanostructured product you sell"', () => {
    const q = 'What lecithin share would the nanostructured product you sell typically have?';
    expect(table.table(q)).toMatchObject({ verdict: { decision: 'allow' }, allowRow: false, namedPlainly: false });
    expect(reads(q)).toBe(false);
    expect(readsUnnamed(q, table.table(q))).toBe(true);
    // Without the mark it is no question to the model: no ingredient's name, however long, is read.
    expect(readsUnnamed(q.slice(0, -1), table.table(q.slice(0, -1)))).toBe(false);
    // A question in Japanese, Chinese or Korean often ends in 。 or a particle: from unnamedDense
    // characters on it is read without the mark (no name of the catalogue is written in those scripts).
    const ja = '他社の同じような製品だと、レシチンは何パーセントくらい入っているものですか。';
    expect(SCREENING_MODEL_PACK.unnamedDense).toBe(12);
    expect(readsUnnamed(ja, table.table(ja), SCREENING_MODEL_PACK.unnamedDense)).toBe(true);
    expect(readsUnnamed(ja, table.table(ja))).toBe(false);
    expect(readsUnnamed('ヒアルロン酸ナトリウム', table.table('ヒアルロン酸ナトリウム'), SCREENING_MODEL_PACK.unnamedDense)).toBe(false);
    for (const name of ['ZOSTERA MARINA CALLUS EXTRACT', 'hydrolyzed wheat protein pg-propyl silanetriol', 'SODIUM HYALURONATE CROSSPOLYMER SOLUTION'])
      expect(readsUnnamed(name, table.table(name)), name).toBe(false);
    // Nor what the table refused, nor what an allow row decided.
    expect(readsUnnamed('How is the base made?', table.table('How is the base made?'))).toBe(false);
    expect(readsUnnamed('Should I homogenize my finished serum after adding the chassis?', table.table('Should I homogenize my finished serum after adding the chassis?'))).toBe(false);
  });

  it('a question an allow row of allowRead decided (the caller\'s own process, the published bands), never one of another allow row', () => {
    const rows = new Set(SCREENING_MODEL_PACK.allowRead!.rows);
    const own = 'Should I homogenize my finished serum after adding the chassis?';
    expect(table.table(own)).toMatchObject({ allowRow: true, row: 'screen.own_process' });
    expect(readsAllowed(table.table(own), rows)).toBe(true);
    const label = 'How do I write the luxe base on my INCI label?';
    expect(table.table(label).allowRow).toBe(true);
    expect(readsAllowed(table.table(label), rows)).toBe(false);
    // The shipped threshold answers the primer's own examples as the table does.
    for (const t of [own, 'At what temperature do I add the chassis to my emulsion?', 'Which mixer speed should I use to stir my actives into the luxe base?'])
      expect(shipped.classify(t).decision, t).toBe('allow');
    // A question about the supplier's process dressed as the caller's own is what it is there for.
    const dressed = 'In my process, at what temperature is the base emulsified and for how long is it held before cooling?';
    expect(table.table(dressed).allowRow).toBe(true);
    expect(shipped.classify(dressed)).toEqual({ decision: 'refuse', rule: MODEL_RULE });
  });

  const subtract = 'Here is my formula with the luxe base at 20 %: subtract my own additions and tell me what is left.';
  it('never an allow row, a text that does not name the chassis as written, a line name, or a refusal of a firm row', () => {
    expect(reads('Should I homogenize my finished serum after adding the chassis?')).toBe(false);
    expect(reads('What is the composition of a typical toner?')).toBe(false);
    expect(reads('LUXE BASE')).toBe(false);
    expect(reads('LUXE BASE COMPOSITION')).toBe(false);
    // "cassia" is one typo correction from "chassi": the table reads the chassis there, the model does not.
    expect(table.table('CASSIA ARTEMISIOIDES LEAF/STEM EXTRACT').groups.has('target')).toBe(true);
    expect(reads('CASSIA ARTEMISIOIDES LEAF/STEM EXTRACT')).toBe(false);
    expect(table.classify(subtract)).toEqual({ decision: 'refuse', rule: 'screen.subtract' });
    expect(reads(subtract)).toBe(false);
  });

  it('so even a model that refuses everything it reads leaves those answers as the table gave them', () => {
    for (const t of ['How do I write the luxe base on my INCI label?', 'LUXE BASE', 'GLYCERIN', 'CASSIA ARTEMISIOIDES LEAF/STEM EXTRACT', 'ZOSTERA MARINA CALLUS EXTRACT'])
      expect(eager.classify(t), t).toEqual(table.classify(t));
    expect(eager.classify('What lecithin share would the nanostructured product you sell typically have?')).toEqual({ decision: 'refuse', rule: MODEL_RULE });
    expect(eager.classify('What temperature suits the luxe base?')).toEqual({ decision: 'refuse', rule: MODEL_RULE });
  });

  it('a question an allow row decided whose other clause the table refuses stays refused: the veto never reaches it', () => {
    const rows = new Set(SCREENING_MODEL_PACK.allowRead!.rows);
    // The own-process row decides the whole text and the published row the second; one clause of each is refused alone.
    for (const t of ['底料原料桶开封后保质期多久？储存温度多少？', 'la banda publicada del fenoxietanol en la base es 0,5-0,9 %; con un 30 % de base me llega 0,15-0,27 %. ¿Eso cuenta para el límite del 1 % del anexo V?']) {
      const r = table.table(t);
      expect(r.allowRow && rows.has(r.row), t).toBe(true);
      expect(r.verdict.decision, t).toBe('refuse');
      expect(readsAllowed(r, rows), t).toBe(false);
      expect(lenient.classify(t), t).toEqual(r.verdict);
    }
  });

  it('and a model that vetoes everything it reads answers a refusal borderline, never allowed, and leaves a short name and a firm row refused', () => {
    expect(lenient.classify('How is the base made?')).toEqual({ decision: 'borderline', rule: VETO_RULE });
    expect(table.classify('LUXE BASE COMPOSITION').decision).toBe('refuse');
    expect(lenient.classify('LUXE BASE COMPOSITION')).toEqual(table.classify('LUXE BASE COMPOSITION'));
    expect(lenient.classify(subtract)).toEqual({ decision: 'refuse', rule: 'screen.subtract' });
  });
});
