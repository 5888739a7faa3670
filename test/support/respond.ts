/**
 * What the label and preservation services answer for a request body, in process: the same steps
 * as their gRPC handlers (validate, refuse names that would trip the egress filter, resolve, build,
 * egress check), with the outcome as one JSON string, so two chassis can be compared byte for byte.
 * `check` is the envelope's /check as it is wired: the label's published share bands
 * (LabelChassis.Bands, through its message mappers), the only thing of the chassis the envelope
 * sees, then the envelope's steps (resolve, check, repair, encode).
 */
import { LeakError, assertCallerNames, assertNoLeak, callerNamesOf, type Chassis } from '@svc/chassis';
import { CheckRequestSchema, parseWith } from '@svc/formula';
import { SvcError } from '@svc/kit';
import { checkToProto, chassisBandsToProto, chassisSharesFromProto, proto } from '@svc/protos';
import type { ChassisBandsResponse__Output } from '@svc/protos/gen/svc/v1/ChassisBandsResponse';
import { EU_ANNEXES, US_CFR } from '@svc/regulation';
import { DEFAULT_PACK, REPAIR_NAMES, checkFormula, namesToResolve as checkNames, repairFormula } from '../../services/envelope/src/engine/index';
import { buildLabel, callerAmounts, namesToResolve as labelNames, parseLabelRequest, publishedShares } from '../../services/label/src/engine/index';
import { assessPreservation, namesToResolve as preservationNames, parsePreservationRequest } from '../../services/preservation/src/engine/index';
import { resolveNames } from './chassis-facts';

export type Route = 'label' | 'preservation' | 'check';

function outcome(f: () => unknown): string {
  try {
    return JSON.stringify({ ok: f() });
  } catch (err) {
    if (err instanceof LeakError) return JSON.stringify({ withheld: true });
    if (err instanceof SvcError) return JSON.stringify({ refused: err.message });
    throw err;
  }
}

export function respond(route: Route, body: unknown, chassis: Chassis): string {
  if (route === 'check') {
    const p = parseWith(CheckRequestSchema, body);
    if (!p.ok) return JSON.stringify({ invalid: p.problems });
    const r = p.value;
    return outcome(() => {
      // Through the wire format, as the envelope receives it.
      const bands = proto.labelChassis.service.Bands;
      const wire = bands.responseSerialize(chassisBandsToProto(r.base, publishedShares(chassis, r.base)));
      const answer = chassisSharesFromProto(bands.responseDeserialize(wire) as ChassisBandsResponse__Output, r.base);
      if (!answer.ok) throw new Error(answer.why);
      const shares = answer.shares;
      const names = [...checkNames(r), ...(r.repair === true ? REPAIR_NAMES : []), ...shares.map((c) => c.n)];
      const res = resolveNames(names);
      const result = checkFormula(r, res, DEFAULT_PACK, EU_ANNEXES, US_CFR, shares);
      const repair = r.repair === true ? repairFormula(r, result, res, DEFAULT_PACK, EU_ANNEXES, US_CFR, shares) : undefined;
      const regulatoryVersion = result.market === 'us' ? US_CFR.version : EU_ANNEXES.version;
      return checkToProto(result, DEFAULT_PACK.version, { regulatoryVersion, ...(repair ? { repair } : {}) });
    });
  }
  if (route === 'label') {
    const p = parseLabelRequest(body);
    if (!p.ok) return JSON.stringify({ invalid: p.problems });
    const r = p.value;
    return outcome(() => {
      assertCallerNames(r.lines, chassis);
      const res = resolveNames(labelNames(r, chassis));
      const out = buildLabel(r, res, chassis);
      const callerNames = callerNamesOf(r.lines);
      assertNoLeak(out, chassis, out.mode === 'composition' ? { allow: callerAmounts(r, res), callerNames } : { callerNames });
      return out;
    });
  }
  const p = parsePreservationRequest(body);
  if (!p.ok) return JSON.stringify({ invalid: p.problems });
  const r = p.value;
  return outcome(() => {
    assertCallerNames(r.lines, chassis);
    const out = assessPreservation(r, resolveNames(preservationNames(r, chassis)), chassis);
    assertNoLeak(out, chassis, { callerNames: callerNamesOf(r.lines) });
    return out;
  });
}
