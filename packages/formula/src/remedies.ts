/**
 * Remedies of the envelope check and the mechanical procedure that applies them (domain.md 2).
 *
 * A remedy is both a sentence for the formulator and an instruction a machine can follow. The
 * engine that writes remedies and `applyRemedies` that follows them must agree exactly, because
 * the product promises that applying every remedy of an `adjust` answer once leaves a formula
 * that is no longer `adjust`. To keep that promise without sharing the capacity pack with every
 * caller, line-level remedies carry their own per-line targets in `changes`: following them needs
 * no ingredient facts and no capacities.
 */
import type { CheckRequest } from './check-request';
import type { Resolution } from './facts';
import { isBlend, normaliseName, type Line } from './line';

export const REMEDY_ACTIONS = [
  'reduce',
  'remove',
  'set_ph',
  'raise_base',
  'lower_base',
  'balance',
  'separate',
  'replace',
  'verify',
] as const;
export type RemedyAction = (typeof REMEDY_ACTIONS)[number];

export interface PhRange {
  min: number;
  max: number;
}

/** One caller line brought from `from` to at most `to` (% of the finished product; 0 removes it). */
export interface LineChange {
  /** Index of the line in the request the remedy was written for. */
  line: number;
  from: number;
  to: number;
}

export interface Remedy {
  /** Stable machine code of the finding, such as `load_over` or `ph_outside_window`. */
  code: string;
  action: RemedyAction;
  /** What the remedy acts on: a category code (`EM`), an INCI name, `ph`, `basePct`, `AQUA`, `anionic`/`cationic`. */
  target: string;
  /** The value found in the caller's formula (a load, a pH, a total), or null when not numeric. */
  from: number | null;
  /**
   * reduce: the most the target may be; remove/separate: 0; set_ph: the range to aim for;
   * raise_base/lower_base: the new basePct; balance: 100; replace: library alternatives;
   * verify: null.
   */
  to: number | PhRange | string[] | null;
  message: string;
  /** reduce, remove, separate, replace: the caller's lines to change, with their targets. */
  changes?: LineChange[];
  /** Regulatory remedies: the annex entry or US section that set the rule ("II/1339", "III/98", "21 CFR 700.13"). */
  ref?: string;
  /** Regulatory remedies: the regulation, with the act that last amended the entry where the data has it. */
  regulation?: string;
}

/**
 * The printed names of water on the two markets. Every other spelling (EAU, DEIONIZED WATER ...) is
 * the library's to know (vocabulary.json, served through Resolve): pass the resolutions to count them.
 * A test holds these two words equal to the library vocabulary's EU and US words for AQUA.
 */
export const WATER_LABEL_WORDS: readonly string[] = ['AQUA', 'WATER'];

/** Decimal places of amounts written by applyRemedies: below 0.0001 % nothing is weighable. */
const PCT_DIGITS = 4;
const SCALE = 10 ** PCT_DIGITS;
/** Rounding down keeps every reduced amount at or under the target the engine promised. */
const floorPct = (v: number): number => Math.max(0, Math.floor(v * SCALE + 1e-6) / SCALE);
const roundPct = (v: number): number => Math.round(v * SCALE) / SCALE;

/** True when the line is plain water: by what the library resolved it to, or by one of water's label words. */
export function isWaterLine(line: Line, resolutions?: ReadonlyMap<string, Resolution>): boolean {
  if (isBlend(line)) return false;
  const key = normaliseName(line.n);
  if (WATER_LABEL_WORDS.includes(key)) return true;
  const r = resolutions?.get(key);
  return r !== undefined && r.matched && r.facts.inci === 'AQUA';
}

/** The pH a `set_ph` remedy asks for: the middle of its range, to 2 decimals as a pH meter reads. */
export function phTarget(range: PhRange): number {
  return Math.round(((range.min + range.max) / 2) * 100) / 100;
}

function cloneLine(line: Line, pct: number): Line {
  if (isBlend(line)) return { ...line, pct, blend: line.blend.map((b) => ({ ...b })) };
  return { ...line, pct };
}

/**
 * Applies remedies mechanically and returns a new request; the input is never modified.
 *
 * Order, whatever the order of the list: line changes (reduce, remove, separate: each line ends at
 * the smallest target any remedy gives it, so overlapping remedies never undo each other), then
 * set_ph (middle of the range), then raise_base/lower_base, then balance. Balance comes last because
 * every other step moves the total: it adjusts the existing water lines, adds an `AQUA` line when
 * there is none and water is missing, and when even removing all water is not enough, scales the
 * other lines down proportionally (which can only lower every load). A `replace` names alternatives
 * for a person to choose: applied mechanically, the lines it lists in `changes` go (a replace without
 * changes changes nothing). `verify` asks for a human decision and changes nothing.
 */
export function applyRemedies(
  request: CheckRequest,
  remedies: readonly Remedy[],
  resolutions?: ReadonlyMap<string, Resolution>,
): CheckRequest {
  const pct = request.lines.map((l) => l.pct);
  const removed = request.lines.map(() => false);
  let ph = request.ph;
  let basePct = request.basePct;
  let balance = false;

  for (const r of remedies) {
    switch (r.action) {
      case 'reduce':
      case 'remove':
      case 'separate':
      case 'replace':
        // A replace names alternatives for a person to choose; applied mechanically, the line goes.
        for (const c of r.changes ?? []) {
          const current = pct[c.line];
          if (current === undefined) continue;
          if (r.action !== 'reduce') {
            removed[c.line] = true;
            pct[c.line] = 0;
          } else if (c.to < current) {
            pct[c.line] = floorPct(c.to);
          }
        }
        break;
      case 'set_ph':
        if (r.to !== null && typeof r.to === 'object' && !Array.isArray(r.to)) ph = phTarget(r.to);
        break;
      case 'raise_base':
      case 'lower_base':
        if (typeof r.to === 'number') basePct = r.to;
        break;
      case 'balance':
        balance = true;
        break;
      case 'verify':
        break;
    }
  }

  const kept: { line: Line; pct: number; water: boolean }[] = [];
  request.lines.forEach((line, i) => {
    if (removed[i]) return;
    kept.push({ line, pct: pct[i] ?? line.pct, water: isWaterLine(line, resolutions) });
  });

  const addWater = balance ? balanceWithWater(kept, basePct) : 0;

  const lines: Line[] = [];
  for (const k of kept) if (!(k.water && k.pct <= 0)) lines.push(cloneLine(k.line, k.pct));
  if (addWater > 0) lines.push({ n: 'AQUA', pct: addWater });
  const out: CheckRequest = { base: request.base, basePct, ph, lines };
  if (request.productType !== undefined) out.productType = request.productType;
  if (request.product !== undefined) out.product = request.product;
  if (request.market !== undefined) out.market = request.market;
  return out;
}

/** Closes the gap to 100 % in place; returns the amount of a new AQUA line when there is no water line. */
function balanceWithWater(kept: { pct: number; water: boolean }[], basePct: number): number {
  const room = Math.max(0, 100 - basePct);
  const water = kept.filter((k) => k.water);
  const others = kept.filter((k) => !k.water);
  const otherSum = others.reduce((s, k) => s + k.pct, 0);
  const waterSum = water.reduce((s, k) => s + k.pct, 0);
  const need = room - otherSum;
  const first = water[0];
  if (first === undefined) {
    if (need >= 0) return roundPct(need);
    if (otherSum > 0) for (const k of others) k.pct = floorPct((k.pct * room) / otherSum);
    return 0;
  }
  if (need >= waterSum) {
    first.pct = roundPct(first.pct + (need - waterSum));
  } else if (need >= 0) {
    for (const k of water) k.pct = floorPct((k.pct * need) / waterSum);
    // flooring each water line may leave a sliver; give it back to the first one
    const rest = need - water.reduce((s, k) => s + k.pct, 0);
    first.pct = roundPct(first.pct + rest);
  } else {
    for (const k of water) k.pct = 0;
    if (otherSum > 0) for (const k of others) k.pct = floorPct((k.pct * room) / otherSum);
  }
  return 0;
}
