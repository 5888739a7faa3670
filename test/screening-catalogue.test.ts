/**
 * Honest formulators name ingredients: no INCI name of the whole CosIng catalogue (about 30,000,
 * the library's own data) is refused by the screening classifier, whether sent as a line name, a
 * search or a submission.
 */
import { describe, expect, it } from 'vitest';
import { Classifier } from '@svc/screening';
import { cosingInciNames as inciNames } from './support/cosing';

describe('the CosIng catalogue through the classifier', () => {
  it('refuses no INCI name', () => {
    const names = inciNames();
    expect(names.length).toBeGreaterThan(25_000);
    const c = new Classifier();
    const refused = names.filter((n) => c.classify(n).decision === 'refuse');
    expect(refused).toEqual([]);
  });
});
