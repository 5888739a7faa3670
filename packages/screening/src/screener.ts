/**
 * Screening of one request in the light of its subject's recent requests: the text verdict (with
 * the fragments of a question split across calls) and the probe verdict (with the window of formula
 * signatures). The gateway runs it on every screened request; the corpora tests run the same code.
 * Pure apart from its own bounded memory of subjects.
 */
import { Classifier, type Verdict } from './classifier';
import { PROBE_LIMITS, detectProbe, pushEntry, type WindowEntry } from './probes';
import { signatureOf, type FormulaLike, type Signature } from './signature';
import { joinFragments, type Fragment } from './split';

export interface ScreenInput {
  /** The free texts of the request. */
  texts: readonly string[];
  /** Whether the texts are questions that may continue one another (not ingredient lines). */
  joinable: boolean;
  /** The formula of a check, label or preservation request, else null. */
  formula: FormulaLike | null;
  /** Preservation guidance, where a handful of levels is a choice. */
  guidance: boolean;
}

export interface ScreenOutcome {
  /** The strongest verdict: refuse (rule screen.* or probe.*), borderline, or allow. */
  verdict: Verdict;
  /** The newest formula signature (the gateway shares the steps of a family with the other replicas). */
  signature: Signature | null;
  /** Whether the request is a step of a family of formulas to share with other replicas: any but a repeat of the family's newest request. */
  step: boolean;
}

const MAX_SUBJECTS = 50_000;

export class Screener {
  private readonly windows = new Map<string, WindowEntry[]>();
  private readonly fragments = new Map<string, Fragment[]>();

  constructor(readonly classifier: Classifier = new Classifier()) {}

  /** Adds a signature another replica answered to the subject's window. */
  remember(subject: string, e: WindowEntry): void {
    if (this.windows.size >= MAX_SUBJECTS && !this.windows.has(subject)) this.windows.clear();
    this.windows.set(subject, pushEntry(this.windows.get(subject) ?? [], e));
  }

  screen(subject: string, req: ScreenInput, now: number): ScreenOutcome {
    let verdict = this.classifier.classifyAll(req.texts);
    if (req.joinable) {
      const held = this.fragments.get(subject) ?? [];
      const j = joinFragments(this.classifier, held, req.texts, verdict, now);
      verdict = j.verdict;
      if (j.fragments.length) {
        if (this.fragments.size >= MAX_SUBJECTS && !held.length) this.fragments.clear();
        this.fragments.set(subject, j.fragments);
      } else if (held.length) this.fragments.delete(subject);
    }
    if (verdict.decision === 'refuse' || !req.formula) return { verdict, signature: null, step: false };
    const sig = signatureOf(req.formula);
    const window = this.windows.get(subject) ?? [];
    const since = now - PROBE_LIMITS.windowMs;
    // The family's newest request: a repeat of it (same numbers, same operation kind) adds no value,
    // so it is no step to share; the first request of a family is, as the other replicas count it.
    let last: WindowEntry | undefined;
    for (let i = window.length - 1; i >= 0 && !last; i--) if (window[i]!.family === sig.family && window[i]!.at >= since) last = window[i];
    const step = !last || (last.guidance ?? false) !== req.guidance || last.coords.length !== sig.coords.length || last.coords.some((v, i) => v !== sig.coords[i]);
    const probe = detectProbe(window, sig, now, req.guidance);
    this.remember(subject, { family: sig.family, coords: sig.coords, at: now, guidance: req.guidance, keys: sig.keys });
    return { verdict: probe ? { decision: 'refuse', rule: probe.rule } : verdict, signature: sig, step };
  }
}
