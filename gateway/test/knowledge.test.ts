/** The knowledge pack behind svc_knowledge: versioned, sourced, public, and matched sensibly. */
import { describe, expect, it } from 'vitest';
import { answer, KNOWLEDGE_PACK, KnowledgePackSchema, MAX_ANSWERS } from '../src/knowledge/pack';

describe('the knowledge pack', () => {
  it('carries its version and source, and a source for every rule', () => {
    expect(KNOWLEDGE_PACK.version).toMatch(/^\d{4}\.\d+\.\d+$/);
    expect(KNOWLEDGE_PACK.source.length).toBeGreaterThan(20);
    for (const r of KNOWLEDGE_PACK.rules) expect(r.source.length, r.id).toBeGreaterThan(5);
    expect(new Set(KNOWLEDGE_PACK.rules.map((r) => r.id)).size).toBe(KNOWLEDGE_PACK.rules.length);
  });

  it('refuses a malformed pack at load', () => {
    expect(KnowledgePackSchema.safeParse({ version: '1', source: 'x', rules: [{ id: 'Bad Id', title: '', keywords: [], text: '', source: '' }] }).success).toBe(false);
  });

  it('holds public rules only: nothing about the chassis\' composition, processing or equipment', () => {
    const text = JSON.stringify(KNOWLEDGE_PACK).toLowerCase();
    for (const secret of ['nanocolloidal', 'liposomal', 'nanomicellar', 'homogeni', 'microfluidi', 'canary-']) expect(text).not.toContain(secret);
  });

  it('answers with the matching rules first, at most a few, and nothing for an unrelated question', () => {
    expect(answer(KNOWLEDGE_PACK, 'In what order go the ingredients on the INCI label?')[0]?.id).toBe('inci-order');
    expect(answer(KNOWLEDGE_PACK, 'When must a fragrance allergen be named in a rinse-off product?')[0]?.id).toBe('fragrance-allergens');
    expect(answer(KNOWLEDGE_PACK, 'Is my water-free balm self-preserving? What about water activity?')[0]?.id).toBe('low-risk');
    expect(answer(KNOWLEDGE_PACK, 'preservative pH label allergen heat chelator antioxidant').length).toBe(MAX_ANSWERS);
    expect(answer(KNOWLEDGE_PACK, 'zzz qqq')).toEqual([]);
  });
});
