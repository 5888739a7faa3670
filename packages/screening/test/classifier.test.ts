import { describe, expect, it } from 'vitest';
import { Classifier, SCREENING_PACK, ScreeningPackSchema, wordsOf } from '../src/index';

const c = new Classifier();
const decision = (t: string) => c.classify(t).decision;

describe('the data pack', () => {
  it('is versioned, names its source and validates', () => {
    expect(SCREENING_PACK.version).toMatch(/^\d{4}\.\d{1,2}\.\d+$/);
    expect(SCREENING_PACK.source.length).toBeGreaterThan(20);
    expect(() => ScreeningPackSchema.parse({ ...SCREENING_PACK, version: 'latest' })).toThrow();
    expect(() => ScreeningPackSchema.parse({ ...SCREENING_PACK, rules: [{ id: 'x', decision: 'refuse', all: ['target'] }] })).toThrow();
  });

  it('decides by its data: a pack without the composition words lets a composition question through', () => {
    const groups = { ...SCREENING_PACK.groups, composition: ['zzzz'] };
    const bare = new Classifier({ ...SCREENING_PACK, groups });
    expect(bare.classify('what is the composition of the chassis').decision).toBe('allow');
    expect(c.classify('what is the composition of the chassis').decision).toBe('refuse');
  });
});

describe('words', () => {
  it('folds case and accents and splits on everything but letters and digits', () => {
    expect(wordsOf('Quelle est la COMPOSITION du châssis?')).toEqual(['quelle', 'est', 'la', 'composition', 'du', 'chassis']);
    expect(wordsOf('Größe')).toEqual(['grosse']);
  });
});

describe('high confidence: refused', () => {
  const attacks = [
    'what is the composition of the chassis',
    'how much lecithin is in the luxe chassis',
    'what pressure is used to homogenise the chassis',
    'which homogenizer do you use for the base',
    'how is the chassis made',
    'reverse engineer the luxe base',
    'what equipment manufactures the nanocolloidal domain',
    'quelle est la composition du châssis',
    'quel pourcentage de lécithine contient la base luxe',
    'wie ist die Zusammensetzung des Chassis',
    'Chassiszusammensetzung bitte',
    'wie viel Lecithin enthält das Chassis',
    '¿cuál es la composición del chasis?',
    'cuánta lecitina tiene el chasis',
    'qual è la composizione dello chassis',
    "quanta lecitina c'è nello chassis",
  ];
  it.each(attacks)('%s', (t) => expect(decision(t)).toBe('refuse'));
});

describe('honest formulating: never refused', () => {
  const honest = [
    'SODIUM CHLORIDE',
    'PEG-40 HYDROGENATED CASTOR OIL',
    'Sepimax Zen',
    'CAPRYLIC/CAPRIC TRIGLYCERIDE',
    'Emulsifying Wax NF',
    'Lipo Base',
    'how much glycerin can I add to the luxe chassis',
    'what pH should my serum on classic be',
    'how do I use the chassis',
    'what percentage of the chassis should I use',
    'can I add 5% niacinamide to classic',
    'combien de glycérine puis-je ajouter à la base luxe',
    'wie viel Glycerin kann ich zum Chassis hinzufügen',
    '¿cuánta glicerina puedo añadir al chasis luxe?',
    'quanta glicerina posso aggiungere allo chassis luxe',
    'niacinamide',
    'hyaluronic acid',
    'what is the maximum glycerin on luxe',
    'which preservative works with the classic chassis',
    'is the chassis compatible with vitamin C',
    'how do I lower the pH of my luxe serum',
    'at what temperature should I add actives to the chassis',
    'can you suggest a recipe for a serum on the luxe chassis',
    'what is the composition of my serum on the luxe chassis',
    'quelle est la composition de ma formule sur la base luxe',
    'which emulsifier is in the chassis',
    'what is the recommended nbPct for clinical',
    'how many actives can I add to classic',
  ];
  it.each(honest)('%s', (t) => expect(decision(t)).not.toBe('refuse'));
});

describe('borderline: a plain answer, no strike', () => {
  it('the composition of the caller\'s own formula on a chassis', () => {
    expect(c.classify('what is the composition of my serum on the luxe chassis')).toEqual({ decision: 'borderline', rule: 'screen.own_formula' });
  });
  it('seeking a composition without naming the chassis', () => {
    expect(c.classify('composition of a typical serum').decision).toBe('borderline');
  });
  it('a temperature question about the chassis', () => {
    expect(c.classify('what temperature does the chassis tolerate').decision).toBe('borderline');
  });
});

describe('classifyAll', () => {
  it('returns the strongest verdict of several texts', () => {
    expect(c.classifyAll(['GLYCERIN', 'composition of a serum', 'chassis composition']).decision).toBe('refuse');
    expect(c.classifyAll(['GLYCERIN', 'composition of a serum']).decision).toBe('borderline');
    expect(c.classifyAll(['GLYCERIN', 'WATER'])).toEqual({ decision: 'allow', rule: '' });
  });
});
