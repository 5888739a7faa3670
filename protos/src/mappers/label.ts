/** POST /inci/label: the label engine's answer as a BuildResponse message, and back as the API's JSON. */
import type { BuildResponse, BuildResponse__Output } from '../../gen/svc/v1/BuildResponse';
import { unmatchedJson, type UnmatchedJson } from './check';

/** Wording an annex entry requires on the label of the product described. */
export interface WarningJson {
  ref: string;
  inci: string;
  text: string[];
  regulation: string;
}

export type LabelJson =
  | { mode: 'label'; finished_inci: string; ordered: string[]; tail: string[]; unmatched: UnmatchedJson[]; warnings: WarningJson[]; mayContain: string[] }
  | { mode: 'composition'; composition: Array<{ name: string; pct: number; trace?: true }>; composition_sheet: string; unmatched: UnmatchedJson[] };

export function labelToProto(r: LabelJson): BuildResponse {
  if (r.mode === 'composition') {
    return { mode: 'composition', composition: r.composition.map((c) => ({ name: c.name, pct: c.pct, trace: c.trace === true })), compositionSheet: r.composition_sheet, unmatched: r.unmatched };
  }
  return { mode: 'label', finishedInci: r.finished_inci, ordered: r.ordered, tail: r.tail, unmatched: r.unmatched, warnings: r.warnings, mayContain: r.mayContain };
}

export function labelJson(m: BuildResponse__Output): LabelJson {
  if (m.mode === 'composition') {
    return {
      mode: 'composition',
      composition: m.composition.map((c) => ({ name: c.name, pct: c.pct, ...(c.trace ? { trace: true as const } : {}) })),
      composition_sheet: m.compositionSheet,
      unmatched: m.unmatched.map(unmatchedJson),
    };
  }
  return {
    mode: 'label',
    finished_inci: m.finishedInci,
    ordered: m.ordered,
    tail: m.tail,
    unmatched: m.unmatched.map(unmatchedJson),
    warnings: m.warnings.map((w) => ({ ref: w.ref, inci: w.inci, text: w.text, regulation: w.regulation })),
    mayContain: m.mayContain,
  };
}
