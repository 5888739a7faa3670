import type { Architecture, CheckRequest, Line } from '@svc/formula';
import { checkFormula, type CheckResult } from '../src/engine/check';
import { resolveFor } from './fixtures/resolver';

export function formula(base: Architecture, basePct: number, ph: number, lines: Line[]): CheckRequest {
  return { base, basePct, ph, lines };
}

export function check(request: CheckRequest): CheckResult {
  return checkFormula(request, resolveFor(request));
}

/**
 * basePct plus these lines, topped up with AQUA to exactly 100 %, so a test can vary one thing
 * without tripping the balance rule.
 */
export function balanced(base: Architecture, basePct: number, ph: number, lines: Line[]): CheckRequest {
  const sum = lines.reduce((s, l) => s + l.pct, 0);
  const water = Math.round((100 - basePct - sum) * 1e6) / 1e6;
  if (water < 0) throw new Error(`lines overflow: ${basePct} + ${sum}`);
  return formula(base, basePct, ph, water > 0 ? [{ n: 'AQUA', pct: water }, ...lines] : lines);
}

export const codes = (r: CheckResult): string[] => r.remedies.map((m) => m.code);
export const actions = (r: CheckResult): string[] => r.remedies.map((m) => m.action);
export const category = (r: CheckResult, code: string) => r.categories.find((c) => c.code === code);
