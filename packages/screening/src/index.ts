export { Classifier, type Decision, type Verdict } from './classifier';
export { SCREENING_PACK, ScreeningPackSchema, GROUPS, type Group, type ScreeningPack } from './pack';
export { wordsOf } from './text';
export { signatureOf, hash53, BALANCING_NAMES, type FormulaLike, type Signature, type SignatureLine } from './signature';
export { detectProbe, isSweep, pushEntry, sweepRun, JITTER, PROBE_LIMITS, type Probe, type Run, type WindowEntry } from './probes';
export { subjectOf, ISOLATING_PLANS } from './subject';
export { TELL_YOUR_USER } from './messages';
export { joinFragments, SPLIT_LIMITS, type Fragment, type Joined } from './split';
export { nextStep, shownStanding, WARNINGS_PER_DAY, type ShownStanding, type StandingFacts } from './standing';
