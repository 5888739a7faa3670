/**
 * The features of the learnt screening model that was measured and NOT adopted (docs/decisions.md,
 * "Screening, third pass"): a logistic regression over hashed features of a question, fitted and
 * cross-validated by train-model.ts beside this file. Kept so that the measurement can be repeated
 * and a later model compared on the same footing; nothing of the service imports it.
 *
 * The features: words, word pairs, character 3- and 4-grams of each word with its edges (after the
 * classifier's own normalisation, src/text.ts), CJK and Hangul 1- to 3-grams, and optionally the
 * decision table's groups and the row that decided, hashed into 2^bits weights.
 */
import type { Group } from '../../src/pack';
import { readText } from '../../src/text';

/** What the model reads: the text alone, or also the table's groups, or also the row that decided. */
export type FeatureSet = 'text' | 'text+groups' | 'text+groups+row';

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
