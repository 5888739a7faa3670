/**
 * The learnt model (src/model.ts, data/screening-model.json): a versioned pack that names what it
 * was fitted on, and a component that can only turn a borderline answer of the table into a refusal.
 */
import { describe, expect, it } from 'vitest';
import { Classifier, MODEL_RULE, ModelPackSchema, SCREENING_MODEL_PACK, ScreeningModel, modelReads } from '../src/index';
import { HELD_OUT } from './corpora/run';

const table = new Classifier(undefined, undefined, null);
const shipped = new Classifier();
/** The shipped weights with a threshold every read text meets: what the gate lets the model touch. */
const eager = new Classifier(undefined, undefined, new ScreeningModel({ ...SCREENING_MODEL_PACK, threshold: 1e-9 }));

describe('the model pack', () => {
  it('is versioned, names its source and training set, and was never fitted on round L', () => {
    expect(SCREENING_MODEL_PACK.version).toMatch(/^\d{4}\.\d{1,2}\.\d+$/);
    expect(SCREENING_MODEL_PACK.source).toContain('train-model.ts');
    expect(SCREENING_MODEL_PACK.trainingSet.join(' ')).toContain('not round L');
    expect(SCREENING_MODEL_PACK.threshold).toBeGreaterThan(0.5);
    expect(HELD_OUT.some((q) => q.round === 'L')).toBe(true);
  });

  it('rejects a malformed pack', () => {
    expect(() => ModelPackSchema.parse({ ...SCREENING_MODEL_PACK, threshold: 1 })).toThrow();
    expect(() => ModelPackSchema.parse({ ...SCREENING_MODEL_PACK, features: 'words' })).toThrow();
    expect(() => ModelPackSchema.parse({ ...SCREENING_MODEL_PACK, trainingSet: [] })).toThrow();
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
  const reads = (text: string) => modelReads(text, table.table(text));

  it('a borderline answer about the chassis, asked as a question', () => {
    expect(table.classify('Quel taux de glycérine a la base clinical ?').decision).toBe('borderline');
    expect(reads('Quel taux de glycérine a la base clinical ?')).toBe(true);
  });

  it('never an allow row, a refusal, a text that does not name the chassis, or a line name', () => {
    expect(reads('Should I homogenize my finished serum after adding the chassis?')).toBe(false);
    expect(reads('How is the base made?')).toBe(false);
    expect(reads('What is the shelf life of the classic base?')).toBe(false);
    expect(reads('What is the composition of a typical toner?')).toBe(false);
    expect(reads('LUXE BASE')).toBe(false);
  });

  it('so even a model that refuses everything it reads leaves those answers as the table gave them', () => {
    for (const t of ['Should I homogenize my finished serum after adding the chassis?', 'What is the shelf life of the classic base?', 'LUXE BASE', 'GLYCERIN', 'What mixer speed should I use for my actives?'])
      expect(eager.classify(t), t).toEqual(table.classify(t));
    expect(eager.classify('What temperature suits the luxe base?')).toEqual({ decision: 'refuse', rule: MODEL_RULE });
  });
});

describe('the shipped model', () => {
  it('turns a borderline question seeking an amount held in the chassis into a refusal', () => {
    expect(table.classify('Quel taux de glycérine a la base clinical ?')).toEqual({ decision: 'borderline', rule: 'screen.amount_borderline' });
    expect(shipped.classify('Quel taux de glycérine a la base clinical ?')).toEqual({ decision: 'refuse', rule: MODEL_RULE });
  });

  it('leaves an honest borderline question about the chassis answered', () => {
    expect(table.classify('What temperature suits the luxe base?').decision).toBe('borderline');
    expect(shipped.classify('What temperature suits the luxe base?').decision).toBe('borderline');
  });

  it('is named in the classifier version', () => {
    expect(shipped.version).toBe(`${table.version}+model.${SCREENING_MODEL_PACK.version}`);
  });
});
