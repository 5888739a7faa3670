export { Classifier, type Decision, type Verdict } from './classifier';
export { SCREENING_PACK, ScreeningPackSchema, GROUPS, type Group, type ScreeningPack } from './pack';
export { wordsOf } from './text';
export { signatureOf, hash53, type FormulaLike, type Signature, type SignatureLine } from './signature';
export { detectProbe, pushEntry, sweepRun, JITTER, PROBE_LIMITS, type Probe, type WindowEntry } from './probes';
export { subjectOf, ISOLATING_PLANS } from './subject';
export { TELL_YOUR_USER } from './messages';
