/**
 * The learnt half of the text screening: a logistic regression over hashed features of a question,
 * fitted offline (packages/screening/test/corpora/train-model.ts) on the hand-written corpora and
 * shipped as a data pack (data/screening-model.json: weights, threshold, source, version, training set).
 *
 * Why: the decision table's word lists refuse what they were written from, and on each fresh round
 * of phrasings about 60 % at first run (docs/benchmarks.md). The model reads what the table left
 * open (a borderline answer, a question naming the chassis that no row decided, a question with a
 * question mark that does not name it) and may turn it into a refusal; it may answer a refusal of some
 * rows borderline (its veto); and it reads what the allow rows a pack names decided (the caller's own
 * process, the published bands), whose words also open the way to questions about the supplier's
 * side. Each gate has its own threshold (classifier.ts withModel).
 *
 * The features: words, word pairs, character 3- and 4-grams of each word with its edges (after the
 * classifier's own normalisation, text.ts), CJK and Hangul 1- to 3-grams, the decision table's groups
 * (alone and with the chassis named) and the row that decided, hashed into 2^bits weights.
 */
import { z } from 'zod';
import type { Group } from './pack';
import { readText } from './text';

export const ModelPackSchema = z.strictObject({
  version: z.string().regex(/^\d{4}\.\d{1,2}\.\d+$/),
  source: z.string().min(20),
  /** The corpora and rounds the weights were fitted on, by name. */
  trainingSet: z.array(z.string().min(1)).min(1),
  /** log2 of the number of hashed features. */
  bits: z.number().int().min(10).max(20),
  /** What the model reads: the text alone, or also the table's groups, or also the row that decided. */
  features: z.enum(['text', 'text+groups', 'text+groups+row']),
  bias: z.number(),
  /** Weights, each an int16 (little-endian, base64): weight = q * scale. */
  scale: z.number().positive(),
  weights: z.string().min(1),
  /** A borderline answer of the table about the chassis is refused when its score (0 to 1) is at least this. */
  threshold: z.number().gt(0).lt(1),
  /**
   * A refusal of the table is answered borderline (logged, no strike) when the text scores below this:
   * the model is sure the question is a formulator's. 0 (or absent) turns the veto off.
   */
  veto: z.number().min(0).lt(1).default(0),
  /**
   * The rows of the table whose refusals the veto may answer borderline; absent: every row. Chosen
   * when fitted: the rows where, out of fold, the veto gave back an honest question. A row where it
   * only ever gave up attacks (a subtraction, a copy, an exact share in the caller's product) stays a
   * refusal.
   */
  vetoRows: z.array(z.string().min(1)).optional(),
  /**
   * Which texts the model reads: `borderline`, the table's borderline answers naming the chassis;
   * `question`, also the table's refusals (4 words, 6 CJK or Hangul characters), which it may veto;
   * `subject`, also every question naming the chassis that no row of the table decided.
   */
  gate: z.enum(['borderline', 'question', 'subject']).default('borderline'),
  /**
   * A question that does not name the chassis as written (the base you sell, that liposomal premix),
   * that no row of the table refused or allowed, is refused when its score is at least this; absent:
   * the model does not read it. Chosen apart from `threshold` because such questions are mostly a
   * formulator's own, so it is set at a smaller share of them (train-model.ts).
   */
  unnamedThreshold: z.number().gt(0).lt(1).optional(),
  /**
   * A text of at least this many CJK or Hangul characters is read by the unnamed gate without a
   * question mark: Japanese, Chinese and Korean questions often end in 。 or a particle, and no
   * ingredient name of the catalogue is written in those scripts. Absent: the mark is required.
   */
  unnamedDense: z.number().int().min(6).max(100).optional(),
  /**
   * Questions that one of these allow rows decided (the caller's own process, the published bands)
   * are refused when their score is at least this threshold: a row's words ("my", "we", a polite
   * "でしょうか") also open the way to a question about the supplier's process, which the model tells
   * apart. Set at a share of such honest questions out of fold far smaller than the other thresholds'
   * (train-model.ts), since the primer promises these questions are answered. Absent: no allowed
   * text is read. Each row must be an allow row of the pack (checked by the Classifier).
   */
  allowRead: z.strictObject({ rows: z.array(z.string().regex(/^screen\.[a-z_]+$/)).min(1), threshold: z.number().gt(0).lt(1) }).optional(),
})
  .refine((p) => p.veto < p.threshold && p.veto < (p.unnamedThreshold ?? 1) && p.veto < (p.allowRead?.threshold ?? 1), { message: 'veto must be below the thresholds' })
  .refine((p) => p.unnamedThreshold === undefined || p.gate === 'subject', { message: 'unnamedThreshold reads what the subject gate does not: it needs gate subject' });
export type ModelPack = z.input<typeof ModelPackSchema>;
type ReadPack = z.output<typeof ModelPackSchema>;
export type FeatureSet = ModelPack['features'];

/** FNV-1a over a stretch of a string, seeded by the kind of feature, so that no substring is built. */
function hashRange(seed: number, s: string, start: number, end: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = start; i < end; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const SEED_WORD = 1;
const SEED_GRAM = 2;
const SEED_PAIR = 3;
const SEED_DENSE = 4;
const SEED_GROUP = 5;
const SEED_ROW = 6;
const SEED_TARGET_GROUP = 7;

/**
 * The features of a text: hashed ids, each with its value. Text features (words, pairs of words,
 * character 3- and 4-grams of each word with its edges, CJK and Hangul 1- to 3-grams) share a total
 * weight of 1 (each 1/sqrt(n)), so a long question does not score higher for its length; the groups
 * of the pack, the groups seen with the chassis named, and the table's row are worth 1 each.
 */
export function featuresOf(text: string, groups: ReadonlySet<Group>, row: string, bits: number, set: FeatureSet = 'text+groups+row'): { ids: Uint32Array; values: Float32Array } {
  const mask = (1 << bits) - 1;
  const { words, dense } = readText(text);
  const ids: number[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    ids.push(hashRange(SEED_WORD, w, 0, w.length) & mask);
    if (i > 0) {
      const p = `${words[i - 1]} ${w}`;
      ids.push(hashRange(SEED_PAIR, p, 0, p.length) & mask);
    }
    const e = `<${w}>`;
    for (let n = 3; n <= 4; n++) for (let k = 0; k + n <= e.length; k++) ids.push(hashRange(SEED_GRAM + 16 * n, e, k, k + n) & mask);
  }
  for (let n = 1; n <= 3; n++) for (let k = 0; k + n <= dense.length; k++) ids.push(hashRange(SEED_DENSE + 16 * n, dense, k, k + n) & mask);
  const textCount = ids.length;
  const named = groups.has('target');
  if (set !== 'text') for (const g of groups) {
    ids.push(hashRange(SEED_GROUP, g, 0, g.length) & mask);
    if (named && g !== 'target') ids.push(hashRange(SEED_TARGET_GROUP, g, 0, g.length) & mask);
  }
  if (set === 'text+groups+row') ids.push(hashRange(SEED_ROW, row, 0, row.length) & mask);
  const values = new Float32Array(ids.length);
  const v = textCount ? 1 / Math.sqrt(textCount) : 0;
  for (let i = 0; i < ids.length; i++) values[i] = i < textCount ? v : 1;
  return { ids: Uint32Array.from(ids), values };
}

export function decodeWeights(pack: Pick<ModelPack, 'bits' | 'scale' | 'weights'>): Float32Array {
  const bytes = Buffer.from(pack.weights, 'base64');
  const n = 1 << pack.bits;
  if (bytes.length !== 2 * n) throw new Error(`screening model: ${bytes.length} bytes of weights, expected ${2 * n}`);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = bytes.readInt16LE(2 * i) * pack.scale;
  return out;
}

export function encodeWeights(w: ArrayLike<number>): { scale: number; weights: string } {
  let max = 0;
  for (let i = 0; i < w.length; i++) max = Math.max(max, Math.abs(w[i]!));
  const scale = (max || 1) / 32767;
  const bytes = Buffer.alloc(2 * w.length);
  for (let i = 0; i < w.length; i++) bytes.writeInt16LE(Math.round(w[i]! / scale), 2 * i);
  return { scale, weights: bytes.toString('base64') };
}

export class ScreeningModel {
  readonly version: string;
  readonly threshold: number;
  readonly veto: number;
  /** The rows the veto applies to; null: every row. */
  readonly vetoRows: ReadonlySet<string> | null;
  readonly gate: ReadPack['gate'];
  /** The threshold for a question that does not name the chassis; null: such a question is not read. */
  readonly unnamedThreshold: number | null;
  /** The CJK or Hangul characters that make a question of a text without a question mark; null: the mark is required. */
  readonly unnamedDense: number | null;
  /** The allow rows whose questions are read, and their threshold; null: none. */
  readonly allowRead: { rows: ReadonlySet<string>; threshold: number } | null;
  readonly pack: ReadPack;
  private readonly w: Float32Array;

  constructor(pack: ModelPack) {
    this.pack = ModelPackSchema.parse(pack);
    this.version = this.pack.version;
    this.threshold = this.pack.threshold;
    this.veto = this.pack.veto;
    this.vetoRows = this.pack.vetoRows ? new Set(this.pack.vetoRows) : null;
    this.gate = this.pack.gate;
    this.unnamedThreshold = this.pack.unnamedThreshold ?? null;
    this.unnamedDense = this.pack.unnamedDense ?? null;
    this.allowRead = this.pack.allowRead ? { rows: new Set(this.pack.allowRead.rows), threshold: this.pack.allowRead.threshold } : null;
    this.w = decodeWeights(this.pack);
  }

  /** The probability, 0 to 1, that a text seeks what is protected. */
  score(text: string, groups: ReadonlySet<Group>, row: string): number {
    const { ids, values } = featuresOf(text, groups, row, this.pack.bits, this.pack.features);
    let z = this.pack.bias;
    for (let i = 0; i < ids.length; i++) z += this.w[ids[i]!]! * values[i]!;
    return 1 / (1 + Math.exp(-z));
  }
}
