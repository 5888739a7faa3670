/**
 * A question split across calls ("what is the" / "composition of" / "the chassis", one per search)
 * is screened as one: each free text that uses any group of the pack but is not refused on its own
 * is a fragment, kept per subject for a short time, and the newest texts are decided on the groups
 * of the last few fragments together. Only groups are kept, never the text.
 *
 * Texts without any group (ingredient names, most searches) are no fragments, so an honest
 * formulator's INCI names never join anything; nor is a finished sentence (ending in ? . ! or their
 * CJK forms) or a text in the formulator's own words (can I, my serum), which was read whole
 * already, so questions asked one after another stay apart. A role claim is kept even as a finished
 * sentence: it is the preface of what follows.
 */
import type { Classifier, Verdict } from './classifier';
import type { Group } from './pack';

const FINISHED = /[?.!。？！]\s*$/u;
/** Words of the formulator's own formula or process: such a text is a question of its own, not a fragment. */
const OWN: readonly Group[] = ['userAction', 'ownProcess', 'ownFormula'];

export interface Fragment {
  groups: readonly Group[];
  at: number;
}

export const SPLIT_LIMITS = {
  /** Fragments joined with the newest text: a question cut in three parts is seen whole. */
  fragments: 2,
  /** How long a fragment waits for the rest of its question. */
  windowMs: 2 * 60_000,
} as const;

export interface Joined {
  verdict: Verdict;
  /** The subject's fragments after this request (pass them back next time). */
  fragments: Fragment[];
}

/**
 * The verdict of the newest texts read with the subject's recent fragments. The newest texts'
 * own verdict (classifyAll) is passed in, so a text is classified once.
 */
export function joinFragments(classifier: Classifier, previous: readonly Fragment[], texts: readonly string[], own: Verdict, now: number): Joined {
  const recent = previous.filter((f) => f.at >= now - SPLIT_LIMITS.windowMs).slice(-SPLIT_LIMITS.fragments);
  const current: Fragment[] = [];
  const fresh: Fragment[] = [];
  for (const t of texts) {
    const g = classifier.read(t).groups;
    if (!g.size) continue;
    current.push({ groups: [...g], at: now });
    const roleClaim = g.has('roleClaim') || (g.has('selfIs') && g.has('supplierOf'));
    if (roleClaim || (!FINISHED.test(t) && !OWN.some((o) => g.has(o)))) fresh.push({ groups: [...g], at: now });
  }
  if (own.decision === 'refuse' || !current.length) return { verdict: own, fragments: own.decision === 'refuse' ? [] : recent };
  let verdict = own;
  if (recent.length) {
    const groupsOf = (fs: readonly Fragment[]) => new Set<Group>(fs.flatMap((f) => f.groups));
    const joined = classifier.decide(groupsOf([...recent, ...current]));
    // The join refuses what the fragments add. When the newest texts alone already meet the same row
    // of the table, the fragments add nothing, and the newest texts' own verdict stands: a question
    // the learnt model read as a formulator's (its veto) is not refused for the searches before it.
    if (joined.decision === 'refuse' && classifier.decide(groupsOf(current)).rule !== joined.rule) verdict = { decision: 'refuse', rule: `${joined.rule}_split` };
  }
  // A refused question starts afresh; otherwise the newest fragments wait for what follows them.
  return { verdict, fragments: verdict.decision === 'refuse' ? [] : [...recent, ...fresh].slice(-SPLIT_LIMITS.fragments) };
}
