/**
 * What a worked preservation case expects of an answer, checked the same way on the engine's
 * result and on the running system's JSON (test/e2e.cases.test.ts).
 */
import { expect } from 'vitest';

export interface PreservationExpected {
  selfPreserved: boolean;
  topUpNeeded: boolean;
  caps: Record<string, string>;
  reasons: string[];
  notReasons: string[];
  options: { include: string[]; exclude: string[] };
}

export interface PreservationAnswer {
  caps: { n: string; status: string }[];
  selfPreserved: boolean;
  topUp: { needed: boolean; options: { name: string }[] };
  reasons: { code: string }[];
}

export function expectPreservation(r: PreservationAnswer, e: PreservationExpected): void {
  expect(Object.fromEntries(r.caps.map((x) => [x.n, x.status]))).toEqual(e.caps);
  expect(r.selfPreserved).toBe(e.selfPreserved);
  expect(r.topUp.needed).toBe(e.topUpNeeded);
  const codes = r.reasons.map((x) => x.code);
  for (const code of e.reasons) expect(codes, `reason ${code}`).toContain(code);
  for (const code of e.notReasons) expect(codes, `reason ${code}`).not.toContain(code);
  const names = r.topUp.options.map((o) => o.name);
  for (const n of e.options.include) expect(names, `option ${n}`).toContain(n);
  for (const n of e.options.exclude) expect(names, `option ${n}`).not.toContain(n);
}
