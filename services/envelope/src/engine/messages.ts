/**
 * Remedy texts. Written for a cosmetic chemist: they name the ingredient or category, the numbers
 * of the caller's own formula and the published maximum loads, and nothing else. The chassis'
 * composition is unknown here and no sentence may suggest otherwise.
 */
import { CATEGORIES, isBlend, round, type Category, type Line } from '@svc/formula';

export const fmt = (v: number, digits = 3): string => String(round(v, digits));
export const pctOf = (v: number): string => `${fmt(v, 4)} %`;
/** pH as a meter shows it: 7.0 rather than 7, 4.65 when it has two decimals. */
export const fmtPh = (v: number): string => (Number.isInteger(Math.round(v * 1e6) / 1e5) ? v.toFixed(1) : v.toFixed(2));
/** "Annex II/1666" from the library's refs; empty when the library gave none of that annex. */
export const annexRefs = (refs: readonly string[], annex: string): string => {
  const own = refs.filter((r) => r.startsWith(`${annex}/`));
  return own.length ? ` ${own.map((r) => `Annex ${r}`).join(', ')}` : ` Annex ${annex}`;
};

export function categoryName(code: Category): string {
  return CATEGORIES[code];
}

/** A line as the caller will recognise it: its name, or the first components of a blend. */
export function lineLabel(line: Line, index: number): string {
  if (!isBlend(line)) return line.n.trim();
  const names = line.blend.slice(0, 2).map((b) => b.n.trim());
  return `blend lines[${index}] (${names.join(' + ')}${line.blend.length > 2 ? ' + …' : ''})`;
}

/** "A 12 → 10.5 %, B 3 → 2.625 %, and 4 more lines": long lists stay readable. */
export function listChanges(items: { label: string; from: number; to: number }[], max = 6): string {
  const shown = items.slice(0, max).map((c) => `${c.label} ${fmt(c.from, 4)} → ${fmt(c.to, 4)} %`);
  const more = items.length - shown.length;
  return shown.join(', ') + (more > 0 ? `, and ${more} more line${more > 1 ? 's' : ''}` : '');
}

export function listNames(names: string[], max = 4): string {
  const shown = names.slice(0, max);
  const more = names.length - shown.length;
  return shown.join(', ') + (more > 0 ? ` and ${more} more` : '');
}

/** How the maximum is derived, so the caller can see why it moves with basePct. */
export function maxBasis(perBase: number, basePct: number): string {
  return perBase > 0 ? ` (${fmt(perBase)} × basePct ${fmt(basePct)})` : '';
}
