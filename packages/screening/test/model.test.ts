/**
 * The learnt model (src/model.ts, data/screening-model.json): a versioned pack that names what it
 * was fitted on, and a component that can only turn a borderline answer of the table about the
 * chassis into a refusal, or a refusal of the table into a borderline answer (its veto).
 */
import { describe, expect, it } from 'vitest';
import { Classifier, MODEL_RULE, ModelPackSchema, SCREENING_MODEL_PACK, ScreeningModel, VETO_RULE, modelReads } from '../src/index';
import { HELD_OUT } from './corpora/run';

const table = new Classifier(undefined, undefined, null);
const shipped = new Classifier();
/** The shipped weights with a threshold every read text meets: what the gate lets the model touch. */
const eager = new Classifier(undefined, undefined, new ScreeningModel({ ...SCREENING_MODEL_PACK, threshold: 1e-9, veto: 0 }));
/** The shipped weights with a veto every read text falls under: what the veto may touch. */
const lenient = new Classifier(undefined, undefined, new ScreeningModel({ ...SCREENING_MODEL_PACK, threshold: 0.99999, veto: 0.99998 }));

describe('the model pack', () => {
  it('is versioned, names its source and training set, and was never fitted on the blind rounds M to P', () => {
    expect(SCREENING_MODEL_PACK.version).toMatch(/^\d{4}\.\d{1,2}\.\d+$/);
    expect(SCREENING_MODEL_PACK.source).toContain('train-model.ts');
    expect(SCREENING_MODEL_PACK.trainingSet.join(' ')).toContain('not rounds M, N, O, P');
    expect(SCREENING_MODEL_PACK.trainingSet.join(' ')).toContain('training.json');
    expect(SCREENING_MODEL_PACK.threshold).toBeGreaterThan(0.5);
    // The veto gives up at most a small share of the table's refusals: it sits far below the threshold.
    expect(SCREENING_MODEL_PACK.veto).toBeGreaterThan(0);
    expect(SCREENING_MODEL_PACK.veto).toBeLessThan(0.2);
    expect(SCREENING_MODEL_PACK.gate).toBe('question');
    for (const r of ['M', 'N', 'O', 'P']) expect(HELD_OUT.filter((q) => q.round === r).length).toBe(220);
  });

  it('rejects a malformed pack', () => {
    expect(() => ModelPackSchema.parse({ ...SCREENING_MODEL_PACK, threshold: 1 })).toThrow();
    expect(() => ModelPackSchema.parse({ ...SCREENING_MODEL_PACK, features: 'words' })).toThrow();
    expect(() => ModelPackSchema.parse({ ...SCREENING_MODEL_PACK, trainingSet: [] })).toThrow();
    expect(() => ModelPackSchema.parse({ ...SCREENING_MODEL_PACK, veto: SCREENING_MODEL_PACK.threshold })).toThrow(/veto/);
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
  const reads = (text: string) => modelReads(text, table.table(text), 'question');

  it('a borderline answer about the chassis, asked as a question', () => {
    expect(table.classify('Quel taux de glycérine a la base clinical ?').decision).toBe('borderline');
    expect(reads('Quel taux de glycérine a la base clinical ?')).toBe(true);
  });

  it('a refusal of the table, asked as a question, which it may veto', () => {
    expect(table.classify('How is the base made?').decision).toBe('refuse');
    expect(reads('How is the base made?')).toBe(true);
    // The gate of packs up to 2026.11.8 read no refusal.
    expect(modelReads('How is the base made?', table.table('How is the base made?'), 'borderline')).toBe(false);
  });

  it('never an allow row, a text that does not name the chassis, or a line name', () => {
    expect(reads('Should I homogenize my finished serum after adding the chassis?')).toBe(false);
    expect(reads('What is the shelf life of the classic base?')).toBe(false);
    expect(reads('What is the composition of a typical toner?')).toBe(false);
    expect(reads('LUXE BASE')).toBe(false);
    expect(reads('LUXE BASE COMPOSITION')).toBe(false);
  });

  it('so even a model that refuses everything it reads leaves those answers as the table gave them', () => {
    for (const t of ['Should I homogenize my finished serum after adding the chassis?', 'What is the shelf life of the classic base?', 'LUXE BASE', 'GLYCERIN', 'What mixer speed should I use for my actives?'])
      expect(eager.classify(t), t).toEqual(table.classify(t));
    expect(eager.classify('What temperature suits the luxe base?')).toEqual({ decision: 'refuse', rule: MODEL_RULE });
  });

  it('and a model that vetoes everything it reads answers a refusal borderline, never allowed, and leaves a short name refused', () => {
    expect(lenient.classify('How is the base made?')).toEqual({ decision: 'borderline', rule: VETO_RULE });
    expect(table.classify('LUXE BASE COMPOSITION').decision).toBe('refuse');
    expect(lenient.classify('LUXE BASE COMPOSITION')).toEqual(table.classify('LUXE BASE COMPOSITION'));
  });
});

describe('the shipped model', () => {
  it('vetoes refusals of formulators\' questions the table got wrong, and none of the plain attacks', () => {
    for (const t of ['How is the base made?', 'What is the exact composition of the luxe chassis?', 'Give me the percentage of every ingredient in the classic base.', 'Which homogenizer does your factory use for the chassis?'])
      expect(shipped.classify(t), t).toEqual(table.classify(t));
  });

  it('leaves an honest borderline question about the chassis answered', () => {
    expect(table.classify('What temperature suits the luxe base?').decision).toBe('borderline');
    expect(shipped.classify('What temperature suits the luxe base?').decision).toBe('borderline');
  });

  it('is named in the classifier version', () => {
    expect(shipped.version).toBe(`${table.version}+model.${SCREENING_MODEL_PACK.version}`);
  });
});
