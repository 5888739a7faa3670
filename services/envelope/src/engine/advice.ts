/**
 * `verify` remedies: what makes an answer compatible_verify. They change nothing in the formula;
 * each says what to confirm at the bench and why, with the caller's own numbers.
 */
import type { Remedy } from '@svc/formula';
import type { Analysis, Comp } from './analyse';
import { annexRefs, categoryName, fmt, fmtPh, listNames } from './messages';
import { CATS, type ArchitectureCaps, type EnvelopePack } from './pack';
import { aboveEfficacyPh, alcoholHigh, comfortableRange, type Status } from './rules';

export interface CategoryFinding {
  cat: number;
  load: number;
  max: number;
  status: Status;
}

export function verifyRemedies(
  a: Analysis,
  ph: number,
  phEdge: boolean,
  arch: ArchitectureCaps,
  pack: EnvelopePack,
  capped: readonly CategoryFinding[],
  /** The EU flag and Annex II citation of a prohibited trace are EU law: a US check treats it as any trace. */
  euTraces = true,
): Remedy[] {
  const out: Remedy[] = [];
  const AL = CATS.indexOf('AL');

  for (const f of capped) {
    const code = CATS[f.cat] ?? 'OT';
    if (f.status === 'near') {
      out.push({
        code: 'load_near_max',
        action: 'verify',
        target: code,
        from: round3(f.load),
        to: null,
        message:
          `The ${categoryName(code)} load is ${fmt(f.load)} %, ` +
          (f.load >= f.max - 1e-9
            ? `exactly the ${arch.name} maximum of ${fmt(f.max)} % (allowed, but with no margin). `
            : `${Math.floor((f.load / f.max) * 100)} % of the ${arch.name} maximum of ${fmt(f.max)} % (near from ${Math.round(pack.nearShare * 100)} %). `) +
          `Confirm stability on a bench batch ` +
          `(appearance, viscosity and pH after 4 weeks at 40 °C and 3 freeze–thaw cycles), or lower it for margin.`,
      });
    } else if (f.status === 'ok' && f.cat === AL && alcoholHigh(f.load, f.max, pack)) {
      out.push({
        code: 'alcohol_high',
        action: 'verify',
        target: code,
        from: round3(f.load),
        to: null,
        message:
          `Short-chain alcohol is ${fmt(f.load)} %, above half of the ${arch.name} maximum of ${fmt(f.max)} %. ` +
          `Confirm clarity and stability on a bench batch, especially at low temperature and after 4 weeks at 40 °C.`,
      });
    }
  }

  if (phEdge) {
    const lower = Math.abs(ph - arch.phMin) <= Math.abs(ph - arch.phMax);
    const comfort = comfortableRange(arch);
    out.push({
      code: 'ph_near_edge',
      action: 'verify',
      target: 'ph',
      from: ph,
      to: null,
      message:
        `pH ${fmtPh(ph)} is within ${fmt(arch.verifyBand, 2)} of the ${lower ? 'lower' : 'upper'} edge ` +
        `(${fmtPh(lower ? arch.phMin : arch.phMax)}) of the ${arch.name} window ${fmtPh(arch.phMin)}–${fmtPh(arch.phMax)}. ` +
        `pH drifts on storage: confirm it stays inside the window over a stability study, or aim for ` +
        `${fmtPh(comfort.min)}–${fmtPh(comfort.max)}.`,
    });
  }

  const flaggedAcids = new Set<string>();
  for (const c of a.organicAcids) {
    const inci = c.facts?.inci ?? c.n;
    const oa = pack.organicAcids.get(inci);
    if (!oa || !aboveEfficacyPh(ph, oa.efficacyPhMax) || flaggedAcids.has(inci)) continue;
    flaggedAcids.add(inci);
    out.push({
      code: 'preservative_ph',
      action: 'verify',
      target: inci,
      from: ph,
      to: null,
      message:
        `${inci} preserves through undissociated ${oa.acid} (pKa ${fmt(oa.pKa, 2)}), effective up to about pH ` +
        `${fmtPh(oa.efficacyPhMax)}; at pH ${fmtPh(ph)} most of it is ionised. Confirm preservation with a challenge ` +
        `test (ISO 11930), lower the pH, or rely on a preservative that does not depend on pH.`,
    });
  }

  const prohibitedTrace = new Set<string>();
  for (const c of euTraces ? a.prohibitedTrace : []) {
    const inci = c.facts?.inci ?? c.n;
    if (prohibitedTrace.has(inci)) continue;
    prohibitedTrace.add(inci);
    out.push({
      code: 'prohibited_trace',
      action: 'verify',
      target: inci,
      from: null,
      to: null,
      message:
        `${inci} is prohibited (${annexRefs(c.facts?.refs ?? [], 'II').trim()}) and declared as a trace in ` +
        `lines[${c.line}]. It is tolerated only as a technically unavoidable trace (Regulation (EC) 1223/2009, Art. 17): ` +
        `obtain the supplier's impurity statement and include it in the safety assessment.`,
    });
  }

  const traces = a.traces.filter((c) => !euTraces || !(c.facts?.prohibited ?? false));
  if (traces.length > 0) {
    out.push({
      code: 'trace_component',
      action: 'verify',
      target: 'trace',
      from: null,
      to: null,
      message:
        `Declared as trace (carry-over below 0.01 %): ${listNames(traceLabels(traces), 6)}. Trace components count as ` +
        `present for allergen and preservative checks but load nothing; confirm the carry-over level with the ` +
        `supplier's specification.`,
    });
  }

  for (const u of a.unmatched.values()) {
    out.push({
      code: 'unmatched',
      action: 'verify',
      target: u.n,
      from: null,
      to: null,
      message:
        `"${u.n}" is not in the ingredient library, so it is counted in no load and no rule. Check the INCI spelling` +
        `${u.suggestions.length ? ` (did you mean ${u.suggestions.join(', ')}?)` : ''} or submit the ingredient, and ` +
        `verify the formula on a bench batch.`,
    });
  }
  return out;
}

function traceLabels(traces: Comp[]): string[] {
  return [...new Set(traces.map((c) => `${c.facts?.inci ?? c.n} (lines[${c.line}])`))];
}

const round3 = (v: number): number => Math.round(v * 1e3) / 1e3;
