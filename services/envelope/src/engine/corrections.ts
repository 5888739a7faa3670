/**
 * Remedies of an `adjust` answer, planned so that applying all of them once (applyRemedies in
 * @svc/formula) leaves a formula that is not `adjust`.
 *
 * The plan walks the same order applyRemedies follows and keeps its own running copy of the line
 * amounts, so every later step is computed on the formula as the earlier steps leave it:
 *   1. apply the regulatory screen's line changes (@svc/regulation: remove what the annexes prohibit
 *      for this product, their whole line, because a raw material cannot be partly used; reduce what
 *      is over an annex maximum), then work on the formula as they leave it;
 *   2. separate an anionic/cationic clash by taking the smaller class out of this formula;
 *   3. reduce every category still over its maximum, proportionally over the lines that load it,
 *      to the published maximum at the final basePct (amounts rounded down, never up);
 *   4. set the pH into the window, away from the verify bands and, when possible, where the
 *      formula's organic-acid preservatives still work;
 *   5. move basePct when it is out of range, or lower it when the lines overflow and there is too
 *      little water to take from (only if no load that scales with basePct would then go over);
 *   6. balance with water last, because steps 1 to 5 move the total.
 * Why this converges: steps 1 to 3 and 6 only ever lower the amount of non-water lines, which lowers
 * every load and both ionic sums; water loads nothing; the reduce targets are computed at the final
 * basePct, and basePct only moves where the loads that depend on it have been checked at its new value.
 */
import {
  BALANCE_TOLERANCE,
  isBlend,
  isWaterLine,
  phTarget,
  type CheckRequest,
  type LineChange,
  type Remedy,
  type Resolution,
} from '@svc/formula';
import type { Analysis, Comp } from './analyse';
import { ionicClass, weightIn } from './loads';
import { annexRefs, categoryName, fmt, fmtPh, lineLabel, listChanges, listNames, maxBasis, pctOf } from './messages';
import { CATS, maxOf, type ArchitectureCaps, type EnvelopePack } from './pack';
import { EPS, baseInRange, comfortableRange, ionicClash, phPosition } from './rules';

const floor3 = (v: number): number => Math.max(0, Math.floor(v * 1e3 + 1e-6) / 1e3);
const floor4 = (v: number): number => Math.max(0, Math.floor(v * 1e4 + 1e-6) / 1e4);
const round4 = (v: number): number => Math.round(v * 1e4) / 1e4;

interface Working {
  req: CheckRequest;
  a: Analysis;
  arch: ArchitectureCaps;
  pack: EnvelopePack;
  resolutions: ReadonlyMap<string, Resolution>;
  /** Current amount of every caller line. */
  pct: number[];
  removed: boolean[];
}

/** A component's amount once its line has been changed (blend components follow their line). */
function current(w: Working, c: Comp): number {
  if (c.trace || w.removed[c.line]) return 0;
  const orig = w.req.lines[c.line]?.pct ?? 0;
  const now = w.pct[c.line] ?? 0;
  return orig > 0 ? (c.pct * now) / orig : 0;
}

export function planCorrections(
  req: CheckRequest,
  a: Analysis,
  arch: ArchitectureCaps,
  pack: EnvelopePack,
  resolutions: ReadonlyMap<string, Resolution>,
  regulatory: readonly Remedy[] = [],
  /** The pH the annexes allow for the substances present (the screen's phRange). */
  phLaw?: { min: number; max: number },
): Remedy[] {
  const w: Working = { req, a, arch, pack, resolutions, pct: req.lines.map((l) => l.pct), removed: req.lines.map(() => false) };
  const out: Remedy[] = [];

  applyRegulatory(w, regulatory, out);
  separateIonicClash(w, out);

  const baseOk = baseInRange(req.basePct);
  let finalBase = baseOk ? req.basePct : rescueBase(w);
  const reducedPerBase = reduceOverLoads(w, finalBase, out);

  if (phPosition(req.ph, arch) === 'outside') out.push(setPh(w, phLaw));

  if (!baseOk) {
    out.push(moveBase(req.basePct, finalBase, arch.name));
  } else {
    const lowered = lowerBaseForOverflow(w, reducedPerBase);
    if (lowered !== null) {
      out.push(lowered.remedy);
      finalBase = lowered.base;
    }
  }

  const changed =
    finalBase !== req.basePct || w.removed.some(Boolean) || w.pct.some((p, i) => p !== req.lines[i]?.pct);
  const balance = balanceRemedy(w, finalBase, changed);
  if (balance !== null) out.push(balance);
  return out;
}

/** The screen's remedies, in its order; their line changes become the working formula. */
function applyRegulatory(w: Working, regulatory: readonly Remedy[], out: Remedy[]): void {
  for (const r of regulatory) {
    for (const ch of r.changes ?? []) {
      if (w.removed[ch.line]) continue;
      if (r.action === 'reduce') {
        w.pct[ch.line] = Math.min(w.pct[ch.line] ?? ch.to, ch.to);
      } else {
        w.removed[ch.line] = true;
        w.pct[ch.line] = 0;
      }
    }
    out.push(r);
  }
}

function separateIonicClash(w: Working, out: Remedy[]): void {
  let anionic = 0;
  let cationic = 0;
  const lines = { anionic: new Map<number, string[]>(), cationic: new Map<number, string[]>() };
  for (const c of w.a.comps) {
    if (c.facts === null) continue;
    const pct = current(w, c);
    if (pct <= 0) continue;
    const ionic = ionicClass(c.facts, c.cat, w.pack);
    if (ionic === null) continue;
    if (ionic === 'anionic') anionic += pct;
    else cationic += pct;
    const names = lines[ionic].get(c.line);
    if (names) names.push(c.facts.inci);
    else lines[ionic].set(c.line, [c.facts.inci]);
  }
  if (!ionicClash(anionic, cationic, w.pack)) return;

  // Take out the smaller class: it changes less of the formula. A tie needs a fixed answer; the
  // cationics go, as in most formulas they are the add-on (conditioning) rather than the backbone.
  const leaving: 'anionic' | 'cationic' = anionic < cationic ? 'anionic' : 'cationic';
  const kept = leaving === 'anionic' ? 'cationic' : 'anionic';
  const amount = leaving === 'anionic' ? anionic : cationic;
  const keptAmount = leaving === 'anionic' ? cationic : anionic;
  const changes: LineChange[] = [];
  for (const [line] of lines[leaving]) {
    changes.push({ line, from: w.req.lines[line]?.pct ?? 0, to: 0 });
    w.removed[line] = true;
    w.pct[line] = 0;
  }
  const namesOf = (cls: 'anionic' | 'cationic'): string[] => [...new Set([...lines[cls].values()].flat())];
  out.push({
    code: 'anionic_cationic',
    action: 'separate',
    target: leaving,
    from: round4(amount),
    to: 0,
    changes,
    message:
      `Anionic ingredients (${listNames(namesOf('anionic'))}, ${fmt(anionic)} %) and cationic ingredients ` +
      `(${listNames(namesOf('cationic'))}, ${fmt(cationic)} %) are both above ${fmt(w.pack.ionicLimit)} %: they form ` +
      `insoluble complexes and upset the chassis' electrostatic stabilisation. Take the ${leaving} ones ` +
      `(${listNames(namesOf(leaving))}, ${fmt(amount)} %) out of this formula, for example into a separate product or step, ` +
      `and keep the ${kept} ones (${fmt(keptAmount)} %).`,
  });
}

/** basePct out of (0, 100] only reaches the engine without schema validation; choose a usable one. */
function rescueBase(w: Working): number {
  let lines = 0;
  for (let i = 0; i < w.pct.length; i++) if (!w.removed[i]) lines += w.pct[i] ?? 0;
  const room = round4(100 - lines);
  return Math.min(100, Math.max(1, Number.isFinite(room) ? room : 1));
}

function moveBase(from: number, to: number, arch: string): Remedy {
  const raise = !(from > 100);
  return {
    code: 'base_leavingof_range',
    action: raise ? 'raise_base' : 'lower_base',
    target: 'basePct',
    from: Number.isFinite(from) ? from : null,
    to,
    message:
      `basePct ${Number.isFinite(from) ? fmt(from) : String(from)} is outside (0, 100]: the ${arch} base must be more than 0 % ` +
      `and at most 100 % of the finished product. ${raise ? 'Raise' : 'Lower'} it to ${fmt(to)} %, which leaves room for your lines.`,
  };
}

/** Returns whether a category that scales with basePct had to be reduced. */
function reduceOverLoads(w: Working, base: number, out: Remedy[]): boolean {
  let perBaseReduced = false;
  for (const cat of w.arch.capped) {
    const max = maxOf(w.arch, cat, base);
    let load = 0;
    let fromUv = false;
    let uvLines = false;
    for (const c of w.a.comps) {
      if (c.facts === null) continue;
      const wt = weightIn(c.facts, cat, w.pack);
      if (wt === 0) continue;
      const pct = current(w, c);
      load += wt * pct;
      if (c.cat !== cat && pct > 0) fromUv = true;
    }
    if (!(load > max + EPS)) continue;

    const to = floor3(max);
    const k = load > 0 ? to / load : 0;
    const touched = new Set<number>();
    for (const c of w.a.comps) {
      if (c.facts !== null && weightIn(c.facts, cat, w.pack) > 0 && current(w, c) > 0) {
        touched.add(c.line);
        if (c.cat !== cat) uvLines = true;
      }
    }
    const changes: LineChange[] = [];
    const shown: { label: string; from: number; to: number }[] = [];
    for (const line of [...touched].sort((x, y) => x - y)) {
      const now = w.pct[line] ?? 0;
      const target = floor4(now * k);
      const orig = w.req.lines[line];
      changes.push({ line, from: orig?.pct ?? now, to: target });
      if (orig) shown.push({ label: lineLabel(orig, line), from: orig.pct, to: target });
      w.pct[line] = target;
    }
    const code = CATS[cat] ?? 'OT';
    const perBase = w.arch.perBase[cat] ?? 0;
    if (perBase > 0) perBaseReduced = true;
    out.push({
      code: 'load_over',
      action: 'reduce',
      target: code,
      from: round4(load),
      to,
      changes,
      message:
        `The ${categoryName(code)} load${fromUv ? ' (organic UV filters included)' : ''} is ${fmtAbove(load, max)} %, ` +
        `above the ${w.arch.name} maximum of ${fmt(max)} %${maxBasis(perBase, base)}. ` +
        `Reduce the lines that carry it proportionally to at most ${fmt(to)} %: ${listChanges(shown)}.` +
        (uvLines ? ' Lowering UV filters lowers the SPF and UVA protection: re-test them.' : '') +
        raiseBaseHint(w, perBase, load, base),
    });
  }
  return perBaseReduced;
}

/** Shows enough decimals that a load just over its maximum never reads as equal to it. */
function fmtAbove(load: number, max: number): string {
  for (const d of [3, 4, 6]) if (fmt(load, d) !== fmt(max, d)) return fmt(load, d);
  return String(load);
}

/** For loads that scale with basePct, a bigger chassis share is the alternative, when water can make room. */
function raiseBaseHint(w: Working, perBase: number, load: number, base: number): string {
  if (!(perBase > 0)) return '';
  const needed = Math.ceil((load / perBase) * 10) / 10;
  if (needed > 100) return '';
  let water = 0;
  w.req.lines.forEach((l, i) => {
    if (!w.removed[i] && isWaterLine(l, w.resolutions)) water += w.pct[i] ?? 0;
  });
  if (needed - base > water + EPS) return '';
  return ` Alternatively, keep these amounts and raise basePct to at least ${fmt(needed, 1)} %, taking the difference from water.`;
}

function setPh(w: Working, law: { min: number; max: number } | undefined): Remedy {
  const { arch, req, pack } = w;
  // Inside what the annexes allow for the substances present where the two meet (the screen asks
  // for the same range): otherwise the next check would ask for the pH back.
  const window = comfortableRange(arch);
  const both = law ? { min: Math.max(window.min, law.min), max: Math.min(window.max, law.max) } : window;
  const comfort = both.min <= both.max ? both : window;
  let range = comfort;
  let why = '';
  // If an organic-acid preservative is present, aim where it still works when the window allows it.
  let limit = Number.POSITIVE_INFINITY;
  let acid = '';
  for (const c of w.a.organicAcids) {
    if (w.removed[c.line]) continue;
    const oa = c.facts ? pack.organicAcids.get(c.facts.inci) : undefined;
    if (oa && oa.efficacyPhMax < limit) {
      limit = oa.efficacyPhMax;
      acid = `${c.facts?.inci ?? c.n} (as ${oa.acid}, effective up to about pH ${fmtPh(oa.efficacyPhMax)})`;
    }
  }
  if (limit < comfort.max && limit >= comfort.min) {
    range = { min: comfort.min, max: limit };
    why = ` The upper end is lowered to ${fmtPh(limit)} so that ${acid} keeps working.`;
  }
  const ph = Number.isFinite(req.ph) ? fmtPh(req.ph) : String(req.ph);
  return {
    code: 'ph_outside_window',
    action: 'set_ph',
    target: 'ph',
    from: Number.isFinite(req.ph) ? req.ph : null,
    to: range,
    message:
      `pH ${ph} is outside the ${arch.name} window ${fmtPh(arch.phMin)}–${fmtPh(arch.phMax)}. ` +
      `Adjust it to between ${fmtPh(range.min)} and ${fmtPh(range.max)} (aim for ${fmtPh(phTarget(range))}), ` +
      `clear of the ${fmt(arch.verifyBand, 2)} pH unit verify band at each edge.${why}`,
  };
}

function sums(w: Working): { lines: number; water: number; waterNames: string[] } {
  let lines = 0;
  let water = 0;
  const waterNames: string[] = [];
  w.req.lines.forEach((l, i) => {
    if (w.removed[i]) return;
    const p = w.pct[i] ?? 0;
    lines += p;
    if (isWaterLine(l, w.resolutions)) {
      water += p;
      waterNames.push(lineLabel(l, i));
    }
  });
  return { lines, water, waterNames };
}

function lowerBaseForOverflow(w: Working, perBaseReduced: boolean): { remedy: Remedy; base: number } | null {
  const base = w.req.basePct;
  const s = sums(w);
  const excess = base + s.lines - 100;
  if (excess <= BALANCE_TOLERANCE + 1e-9 || s.water >= excess - EPS || perBaseReduced) return null;
  const lowered = round4(100 - s.lines);
  if (!(lowered > 0)) return null;
  // Lowering the base lowers the maxima that scale with it: only do it when every such load still fits.
  for (const cat of w.arch.capped) {
    if (!((w.arch.perBase[cat] ?? 0) > 0)) continue;
    let load = 0;
    for (const c of w.a.comps) if (c.facts !== null) load += weightIn(c.facts, cat, w.pack) * current(w, c);
    if (load > maxOf(w.arch, cat, lowered) + EPS) return null;
  }
  return {
    base: lowered,
    remedy: {
      code: 'not_balanced',
      action: 'lower_base',
      target: 'basePct',
      from: base,
      to: lowered,
      message:
        `basePct ${fmt(base)} + lines ${fmt(s.lines)} = ${fmt(base + s.lines)} %, over 100 %, and there is ` +
        `${s.water > 0 ? `only ${fmt(s.water)} % water` : 'no water line'} to take the ${fmt(excess)} % from. ` +
        `Lower basePct to ${fmt(lowered)} % so that every line keeps its amount; the maxima that scale with basePct still hold.`,
    },
  };
}

function balanceRemedy(w: Working, base: number, changed: boolean): Remedy | null {
  const s = sums(w);
  const total = base + s.lines;
  const gap = 100 - total;
  const off = Math.abs(gap);
  if (!(off > BALANCE_TOLERANCE + 1e-9 || (changed && off > 1e-4))) return null;

  const others = s.lines - s.water;
  const need = 100 - base - others;
  const after = changed ? ' after the changes above' : '';
  const head = `The formula totals ${fmt(total)} %${after} (basePct ${fmt(base)} + lines ${fmt(s.lines)}), not 100 % within ${BALANCE_TOLERANCE}.`;
  const waterName = s.waterNames[0] ?? 'AQUA';
  let how: string;
  if (s.water > 0 && need >= 0) {
    how = gap >= 0 ? `Add ${fmt(gap)} % water: ${waterName} ${fmt(s.water)} → ${fmt(need)} %.` : `Take ${fmt(-gap)} % out of the water: ${waterName} ${fmt(s.water)} → ${fmt(need)} %.`;
  } else if (need >= 0) {
    how = `Add an AQUA line at ${fmt(need, 4)} %.`;
  } else {
    const factor = others > 0 ? (100 - base) / others : 0;
    how =
      (s.water > 0 ? `Removing all the water (${fmt(s.water)} %) is not enough: remove it and ` : 'There is no water to take from: ') +
      `scale every other line by ${fmt(factor, 4)} to fit the ${fmt(100 - base)} % left beside the base.`;
  }
  return { code: 'not_balanced', action: 'balance', target: 'AQUA', from: round4(total), to: 100, message: `${head} ${how}` };
}
