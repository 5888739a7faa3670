/**
 * The finished ingredient list (domain.md section 4).
 *
 * Label mode merges the caller's lines with the chassis expanded at nbPct. The chassis enters only
 * through the published bands of its shares (bandedChassis), scaled by nbPct: a component is ordered
 * by its band's midpoint and counts toward an allergen threshold at its band's upper edge (naming
 * an allergen early is lawful, late is not). A caller's line of the same name merges with it and
 * the entry is ordered by the caller's amount plus that midpoint. So every answer is a function of
 * the published bands, nbPct and the request, whatever the shares inside their bands.
 * Composition mode lists the caller's own lines with their amounts and the chassis as one line.
 */
import { EU_ANNEXES, labelWarnings, type LabelWarning, type PresentIngredient, type RegulatoryPack } from '@svc/regulation';
import { TRACE_LIMIT, describeProduct, expandLines, isBlend, normaliseName, remembered, round, unmatchedName, type Component, type Line, type Resolution, type UnmatchedName } from '@svc/formula';
import { bandedChassis, type BandsPack, type Chassis } from '@svc/chassis';
import { ALLERGENS, ALLERGEN_GROUP, DEFAULT_BANDS, LABEL_ORDER, type AllergenPack, type OrderPack } from './packs';
import { byName, describe, printed, type NameInfo } from './names';
import type { LabelRequest, Market } from './request';

/** Above this share an ingredient is ordered by amount; at or below it, by the fixed order. */
export const ORDERED_ABOVE = 1;
const EPS = 1e-9;

export interface LabelModeResponse {
  mode: 'label';
  finished_inci: string;
  ordered: string[];
  /** The chassis' component names as printed on this market, alphabetical. */
  tail: string[];
  /** Caller names the library could not resolve, as written, with suggestions; printed upper-cased, group OT. */
  unmatched: UnmatchedName[];
  /** EU: the wording Annexes III and VI require for the product described, in annex order. */
  warnings: LabelWarning[];
  /** Colourants of a shade range (lines with mayContain), printed last as "[+/- ...]". */
  mayContain: string[];
}

export interface CompositionRow {
  name: string;
  /** % of the finished product; 0 for a trace component. */
  pct: number;
  trace?: true;
}

export interface CompositionModeResponse {
  mode: 'composition';
  composition: CompositionRow[];
  composition_sheet: string;
  unmatched: UnmatchedName[];
}

export type LabelResponse = LabelModeResponse | CompositionModeResponse;

export interface LabelPacks {
  allergens?: AllergenPack;
  order?: OrderPack;
  regulation?: RegulatoryPack;
}

interface Entry {
  name: string;
  group: string;
  colourant: boolean;
  /** Caller's exact amounts, summed. */
  caller: number;
  /** Chassis share-band midpoints scaled by nbPct, summed. */
  chassis: number;
  fromCaller: boolean;
  fromChassis: boolean;
  /** Some caller line names it on its own (not inside a blend): an ingredient in its own right. */
  plain: boolean;
  allergenRef: string | null;
  /** Every source is a caller's line marked mayContain. */
  mayContain: boolean;
}

/** normaliseName, remembered: callers send the same few hundred names again and again. */
const keyOf = remembered(normaliseName, 50_000);

/** expandLines of @svc/formula with the name keys cached (the label's hot path); same output. */
function expand(lines: readonly Line[]): Component[] {
  const out: Component[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as Line;
    const nano = line.nano === true;
    if (!isBlend(line)) {
      out.push({ n: line.n.trim(), key: keyOf(line.n), pct: line.pct, trace: false, line: i, nano });
      continue;
    }
    for (const b of line.blend) {
      const trace = b.f === 'trace';
      out.push({ n: b.n.trim(), key: keyOf(b.n), pct: trace ? 0 : line.pct * (b.f as number), trace, line: i, nano });
    }
  }
  return out;
}

/** Every name the engines need resolved for this request: the lines' and the chassis'. */
export function namesToResolve(req: Pick<LabelRequest, 'variant' | 'lines'>, chassis: Chassis): string[] {
  const out = new Set<string>();
  for (const c of expandLines(req.lines)) out.add(c.n);
  for (const n of chassis.architecture(req.variant).names) out.add(n);
  return [...out];
}

function unmatchedOf(comps: readonly Component[], infos: readonly NameInfo[], resolutions: ReadonlyMap<string, Resolution>): UnmatchedName[] {
  const seen = new Set<string>();
  const out: UnmatchedName[] = [];
  comps.forEach((c, i) => {
    if (!infos[i]?.matched && !seen.has(c.key)) {
      seen.add(c.key);
      out.push(unmatchedName(c.n, resolutions.get(c.key)));
    }
  });
  return out;
}

export function buildLabel(
  req: LabelRequest,
  resolutions: ReadonlyMap<string, Resolution>,
  chassis: Chassis,
  bands: BandsPack = DEFAULT_BANDS,
  packs: LabelPacks = {},
): LabelResponse {
  const comps = expand(req.lines);
  const infos = comps.map((c) => describe(c.key, resolutions.get(c.key)));
  const unmatched = unmatchedOf(comps, infos, resolutions);
  if (req.mode === 'composition') return composition(req, comps, infos, chassis, unmatched);
  return label(req, comps, infos, resolutions, chassis, bands, packs, unmatched);
}

interface Merge {
  market: Market;
  allergens: AllergenPack;
  /** Keyed by the printed name: two INCI printed alike on a market (US IRON OXIDES) are one entry. */
  entries: Map<string, Entry>;
  /** Per Annex III entry: amount that may be present (exact + band upper edges + trace upper bounds). */
  allergenLoad: Map<string, number>;
}

function add(
  ctx: Merge,
  info: NameInfo,
  nano: boolean,
  amount: number,
  trace: boolean,
  source: 'caller' | 'plain' | 'chassis',
  allergenAmount: number = amount,
  mayContain = false,
): void {
  const name = printed(info, ctx.market, nano);
  // The library groups the members of one Annex III entry (allergenRef); an allergen in no entry is its own group.
  const ref = info.allergenRef ?? (info.allergen ? `self:${info.key}` : null);
  let e = ctx.entries.get(name);
  const fragranceAllergen = ref !== null && (info.c === 'FR' || !info.matched);
  const group = fragranceAllergen ? ALLERGEN_GROUP : info.c;
  if (e) {
    // Two INCI printed alike (US: CI 77891 and TITANIUM DIOXIDE) merge into one entry whose
    // attributes must not depend on which came first: a colourant only when every source is one,
    // and the group and allergen reference chosen by a fixed rule.
    // The functional (non-colourant) use decides the group; otherwise the smaller code does.
    if (e.colourant && !info.colourant) e.group = group;
    else if (e.colourant === info.colourant && group < e.group) e.group = group;
    e.colourant = e.colourant && info.colourant;
    e.mayContain = e.mayContain && mayContain;
    if (ref !== null && (e.allergenRef === null || ref < e.allergenRef)) e.allergenRef = ref;
  } else {
    e = {
      name,
      group,
      colourant: info.colourant,
      caller: 0,
      chassis: 0,
      fromCaller: false,
      fromChassis: false,
      plain: false,
      allergenRef: ref,
      mayContain,
    };
    ctx.entries.set(name, e);
  }
  if (source === 'chassis') {
    e.chassis += amount;
    e.fromChassis = true;
  } else {
    e.caller += amount;
    e.fromCaller = true;
    if (source === 'plain') e.plain = true;
  }
  // A trace is under TRACE_LIMIT but may be anywhere below it: count its upper bound, so an
  // allergen carried over at trace level is named unless the threshold is at least that bound.
  if (ref) ctx.allergenLoad.set(ref, (ctx.allergenLoad.get(ref) ?? 0) + (trace ? TRACE_LIMIT : allergenAmount));
}

function label(
  req: LabelRequest,
  comps: readonly Component[],
  infos: readonly NameInfo[],
  resolutions: ReadonlyMap<string, Resolution>,
  chassis: Chassis,
  bands: BandsPack,
  packs: LabelPacks,
  unmatched: UnmatchedName[],
): LabelModeResponse {
  const allergens = packs.allergens ?? ALLERGENS;
  const rank = (packs.order ?? LABEL_ORDER).rank;
  const market = req.market;
  const ctx: Merge = { market, allergens, entries: new Map(), allergenLoad: new Map() };

  for (let i = 0; i < comps.length; i++) {
    const c = comps[i] as Component;
    const info = infos[i] as NameInfo;
    const nano = market === 'eu' && c.nano && info.nanoEligible;
    const line = req.lines[c.line];
    add(ctx, info, nano, c.pct, c.trace, line && !isBlend(line) ? 'plain' : 'caller', c.pct, line?.mayContain === true);
  }

  const tail = new Set<string>();
  const present: PresentIngredient[] = [];
  for (let i = 0; i < comps.length; i++) {
    const r = resolutions.get((comps[i] as Component).key);
    if (r?.matched) present.push({ inci: r.facts.inci, refs: r.facts.refs, nano: (comps[i] as Component).nano });
  }
  for (const b of bandedChassis(chassis, req.variant, req.nbPct, bands)) {
    const r = resolutions.get(b.key);
    const info = describe(b.key, r);
    add(ctx, info, false, b.band.mid, false, 'chassis', b.band.hi);
    tail.add(printed(info, market, false));
    // By name only: a warning depends on the component being there, never on its amount.
    if (r?.matched) present.push({ inci: r.facts.inci, refs: r.facts.refs, nano: false });
  }

  const threshold = allergens.thresholds[req.productType];
  const ordered: Entry[] = [];
  const fixed: Entry[] = [];
  const colours: Entry[] = [];
  const shades: Entry[] = [];
  for (const e of ctx.entries.values()) {
    if (e.allergenRef && !e.plain && !e.fromChassis && !((ctx.allergenLoad.get(e.allergenRef) ?? 0) > threshold + EPS)) {
      // A fragrance constituent under the labelling threshold: covered by PARFUM or its oil's name.
      continue;
    }
    if (e.colourant && e.mayContain) shades.push(e);
    else if (e.colourant) colours.push(e);
    else if (e.caller + e.chassis > ORDERED_ABOVE + EPS) ordered.push(e);
    else fixed.push(e);
  }

  const value = (e: Entry) => Math.round((e.caller + e.chassis) * 1e9);
  ordered.sort((a, b) => value(b) - value(a) || Number(b.fromCaller) - Number(a.fromCaller) || byName(a.name, b.name));
  const last = rank.size;
  fixed.sort((a, b) => (rank.get(a.group) ?? last) - (rank.get(b.group) ?? last) || byName(a.name, b.name));
  colours.sort((a, b) => byName(a.name, b.name));
  shades.sort((a, b) => byName(a.name, b.name));

  const names = [...ordered, ...fixed, ...colours].map((e) => e.name);
  const mayContain = shades.map((e) => e.name);
  // Art. 19(1)(g): the colourants of a shade range after all other ingredients, after "+/-".
  const list = mayContain.length > 0 ? [...names, `[+/- ${mayContain.join(', ')}]`] : names;
  const { product } = describeProduct(req.productType, req.product);
  return {
    mode: 'label',
    finished_inci: list.join(', '),
    ordered: [...names, ...mayContain],
    tail: [...tail].sort(byName),
    unmatched,
    warnings: market === 'eu' ? labelWarnings(present, product, packs.regulation ?? EU_ANNEXES) : [],
    mayContain,
  };
}

function rowsOf(comps: readonly Component[], infos: readonly NameInfo[], market: Market): CompositionRow[] {
  return comps.map((c, i) => {
    const info = infos[i] as NameInfo;
    const name = printed(info, market, market === 'eu' && c.nano && info.nanoEligible);
    return c.trace ? { name, pct: 0, trace: true as const } : { name, pct: round(c.pct, 4) };
  });
}

/**
 * The caller's own name/amount pairs as composition mode prints them, for the egress filter's
 * allow list (assertNoLeak(..., {allow})). Built from the request alone.
 */
export function callerAmounts(req: LabelRequest, resolutions: ReadonlyMap<string, Resolution>): Array<{ name: string; pct: number }> {
  const comps = expandLines(req.lines);
  return rowsOf(comps, comps.map((c) => describe(c.key, resolutions.get(c.key))), req.market).map((r) => ({ name: r.name, pct: r.pct }));
}

function fmt(v: number): string {
  return String(round(v, 4));
}

function cell(s: string): string {
  return s.replace(/\|/g, '\\|');
}

function composition(
  req: LabelRequest,
  comps: readonly Component[],
  infos: readonly NameInfo[],
  chassis: Chassis,
  unmatched: UnmatchedName[],
): CompositionModeResponse {
  const arch = chassis.architecture(req.variant);
  const rows = rowsOf(comps, infos, req.market);
  const composition: CompositionRow[] = [{ name: arch.label, pct: round(req.nbPct, 4) }, ...rows];
  const total = round(req.nbPct + req.lines.reduce((s, l) => s + l.pct, 0), 4);
  const out = [
    '# Composition sheet',
    '',
    `Market: ${req.market.toUpperCase()}. Product type: ${req.productType === 'leave_on' ? 'leave-on' : 'rinse-off'}. Amounts in % w/w of the finished product.`,
    '',
    '| Ingredient | % w/w | Source |',
    '|---|---:|---|',
    `| ${cell(arch.label)} | ${fmt(req.nbPct)} | chassis, one raw material |`,
  ];
  rows.forEach((r, i) => {
    const c = comps[i] as Component;
    const blend = 'blend' in (req.lines[c.line] ?? {});
    out.push(`| ${cell(r.name)} | ${r.trace ? 'trace' : fmt(r.pct)} | lines[${c.line}]${blend ? ' blend' : ''} |`);
  });
  out.push(`| **Total** | ${fmt(total)} | |`, '');
  out.push(`${arch.label} is supplied as one raw material; its composition is confidential and not listed here.`);
  if (Math.abs(total - 100) > 0.05 + EPS) out.push('', 'Note: the chassis and the lines do not add up to the whole formula; balance it (POST /check) before printing.');
  if (unmatched.length) out.push('', `Not found in the ingredient library (printed as written): ${unmatched.map((u) => normaliseName(u.n)).join(', ')}.`);
  return { mode: 'composition', composition, composition_sheet: `${out.join('\n')}\n`, unmatched };
}
