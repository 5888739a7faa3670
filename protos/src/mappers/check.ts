/** POST /check: the envelope's result as a CheckResponse message, and that message as the API's JSON. */
import type { CheckResponse, CheckResponse__Output } from '../../gen/svc/v1/CheckResponse';
import type { Remedy as RemedyMsg, Remedy__Output } from '../../gen/svc/v1/Remedy';

export interface RemedyJson {
  code: string;
  action: string;
  target: string;
  from: number | null;
  to: number | { min: number; max: number } | string[] | null;
  message: string;
  changes?: Array<{ line: number; from: number; to: number }>;
}

/** A name the library could not resolve, with suggestions: one shape on every route. */
export interface UnmatchedJson {
  n: string;
  suggestions: string[];
}

export const unmatchedJson = (u: { n: string; suggestions: string[] }): UnmatchedJson => ({ n: u.n, suggestions: u.suggestions });

/** The documented fields of a check result (domain.md section 2), as the engine returns them. */
export interface CheckJson {
  verdict: string;
  categories: Array<{ code: string; name: string; load: number; max: number | null; share: number | null; status: string }>;
  remedies: RemedyJson[];
  maxLoads: Record<string, number>;
  lines: Array<{ n: string; inci: string | null; c: string | null; pct: number; matched: boolean; line: number; trace: boolean }>;
  unmatched: UnmatchedJson[];
}

export function remedyToProto(r: RemedyJson): RemedyMsg {
  const to = r.to;
  return {
    code: r.code,
    action: r.action,
    target: r.target,
    ...(r.from === null ? {} : { from: r.from }),
    ...(to === null ? {} : typeof to === 'number' ? { toValue: to } : Array.isArray(to) ? { toNames: { names: to } } : { toRange: to }),
    message: r.message,
    changes: r.changes ?? [],
  };
}

export function remedyJson(r: Remedy__Output): RemedyJson {
  return {
    code: r.code,
    action: r.action,
    target: r.target,
    from: r.from ?? null,
    to: r.to === 'toValue' ? (r.toValue ?? 0) : r.to === 'toRange' ? { min: r.toRange!.min, max: r.toRange!.max } : r.to === 'toNames' ? r.toNames!.names : null,
    message: r.message,
    ...(r.changes.length ? { changes: r.changes.map((c) => ({ line: c.line, from: c.from, to: c.to })) } : {}),
  };
}

export function checkToProto(r: CheckJson, packVersion: string): CheckResponse {
  return {
    verdict: r.verdict,
    categories: r.categories.map((c) => ({ code: c.code, name: c.name, load: c.load, status: c.status, ...(c.max === null ? {} : { max: c.max }), ...(c.share === null ? {} : { share: c.share }) })),
    remedies: r.remedies.map(remedyToProto),
    maxLoads: r.maxLoads,
    lines: r.lines.map((l) => ({ n: l.n, pct: l.pct, matched: l.matched, line: l.line, trace: l.trace, ...(l.inci === null ? {} : { inci: l.inci }), ...(l.c === null ? {} : { c: l.c }) })),
    unmatched: r.unmatched,
    packVersion,
  };
}

export function checkJson(m: CheckResponse__Output): CheckJson & { packVersion: string } {
  return {
    verdict: m.verdict,
    categories: m.categories.map((c) => ({ code: c.code, name: c.name, load: c.load, max: c.max ?? null, share: c.share ?? null, status: c.status })),
    remedies: m.remedies.map(remedyJson),
    maxLoads: m.maxLoads,
    lines: m.lines.map((l) => ({ n: l.n, inci: l.inci ?? null, c: l.c ?? null, pct: l.pct, matched: l.matched, line: l.line, trace: l.trace })),
    unmatched: m.unmatched.map(unmatchedJson),
    packVersion: m.packVersion,
  };
}
