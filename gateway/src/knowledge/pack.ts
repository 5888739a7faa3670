/**
 * The knowledge pack behind svc_knowledge: public formulating rules, versioned, each with its
 * source. It is data (gateway/data/knowledge-pack.json), checked against its schema at load, so a
 * malformed pack stops the gateway at start rather than answering wrong.
 */
import { z } from 'zod';
import rawPack from '../../data/knowledge-pack.json';

const RuleSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1),
  keywords: z.array(z.string().min(1)).min(1),
  text: z.string().min(1),
  source: z.string().min(1),
});

export const KnowledgePackSchema = z.object({ version: z.string().min(1), source: z.string().min(1), rules: z.array(RuleSchema).min(1) });
export type KnowledgePack = z.infer<typeof KnowledgePackSchema>;
export type Rule = z.infer<typeof RuleSchema>;

export const KNOWLEDGE_PACK: KnowledgePack = KnowledgePackSchema.parse(rawPack);

/** At most this many rules per answer: enough context for a model, short enough to read. */
export const MAX_ANSWERS = 3;

const words = (s: string): string[] => s.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').split(/[^a-z0-9.%]+/).filter((w) => w.length > 1);

/**
 * The rules that answer a question, best first: a keyword phrase found in the question weighs 3,
 * a word of the title or text 1. Plain scoring on purpose: the pack is small and curated, and an
 * answer must be explainable by the rule it quotes.
 */
export function answer(pack: KnowledgePack, question: string): Rule[] {
  const q = ` ${words(question).join(' ')} `;
  const qWords = new Set(words(question));
  const scored = pack.rules.map((rule) => {
    let score = 0;
    for (const k of rule.keywords) if (q.includes(` ${words(k).join(' ')} `)) score += 3;
    for (const w of new Set(words(`${rule.title} ${rule.text}`))) if (w.length > 3 && qWords.has(w)) score += 1;
    return { rule, score };
  });
  return scored.filter((s) => s.score > 0).sort((a, b) => b.score - a.score).slice(0, MAX_ANSWERS).map((s) => s.rule);
}
