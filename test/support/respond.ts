/**
 * What the label and preservation services answer for a request body, in process: the same steps
 * as their gRPC handlers (validate, refuse names that would trip the egress filter, resolve, build,
 * egress check), with the outcome as one JSON string, so two chassis can be compared byte for byte.
 */
import { LeakError, assertCallerNames, assertNoLeak, callerNamesOf, type Chassis } from '@svc/chassis';
import { SvcError } from '@svc/kit';
import { buildLabel, callerAmounts, namesToResolve as labelNames, parseLabelRequest } from '../../services/label/src/engine/index';
import { assessPreservation, namesToResolve as preservationNames, parsePreservationRequest } from '../../services/preservation/src/engine/index';
import { resolveNames } from './chassis-facts';

export type Route = 'label' | 'preservation';

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
