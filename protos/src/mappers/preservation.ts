/** POST /ai/preservation: the preservation engine's answer as an AssessResponse message, and back as the API's JSON. */
import type { AssessResponse, AssessResponse__Output } from '../../gen/svc/v1/AssessResponse';
import { unmatchedJson, type UnmatchedJson } from './check';

export interface PreservationJson {
  selfPreserved: boolean;
  topUp: { needed: boolean; options: Array<{ name: string; role: string }> };
  reasons: Array<{ code: string; text: string }>;
  caps: Array<{ n: string; ref: string; status: string; limit: string }>;
  advice: string[];
  unmatched: UnmatchedJson[];
}

/** The engine's answer is already in the API's shape; the message keeps every field. */
export const preservationToProto = (r: PreservationJson): AssessResponse => r;

export function preservationJson(m: AssessResponse__Output): PreservationJson {
  return {
    selfPreserved: m.selfPreserved,
    topUp: { needed: m.topUp?.needed ?? false, options: (m.topUp?.options ?? []).map((o) => ({ name: o.name, role: o.role })) },
    reasons: m.reasons.map((x) => ({ code: x.code, text: x.text })),
    caps: m.caps.map((c) => ({ n: c.n, ref: c.ref, status: c.status, limit: c.limit })),
    advice: m.advice,
    unmatched: m.unmatched.map(unmatchedJson),
  };
}
