/**
 * Preservation guidance (domain.md section 3): legal caps, ISO 29621 low-risk screening, and
 * whether and how to top up, by name and role only.
 *
 * The chassis takes part only through the published bands of its shares, scaled by nbPct
 * (bandedChassis), each read at its conservative edge: the upper edge wherever more means worse
 * (caps, water, the room left in the envelope), the lower edge wherever more means better
 * (preservative efficacy, alcohol, humectants). So no conclusion rests on anything finer than the
 * bands (whatever the nbPct), and none is optimistic because of them. Nothing that
 * leaves this module carries a quantity: caps carry the law's text, reasons carry conclusions.
 */
import { expandLines, isBalanced, normaliseName, unmatchedName, type Category, type IngredientFacts, type Resolution, type UnmatchedName } from '@svc/formula';
import { bandedChassis, type BandsPack, type Chassis } from '@svc/chassis';
import { ANNEX_V, DEFAULT_BANDS, RULES, WATER_ACTIVITY, type AgentEfficacy, type AnnexEntry, type AnnexPack, type AwPack, type Rules } from './packs';
import type { PreservationRequest } from './request';
import { waterActivity } from './water';

export type CapStatus = 'within' | 'over_cap' | 'not_permitted_for_product_type' | 'prohibited';

export interface Cap {
  n: string;
  ref: string;
  status: CapStatus;
  /** The public legal limit as text (law, not an amount of this formula). */
  limit: string;
}

export interface Reason {
  code: string;
  text: string;
}

export interface TopUpOption {
  name: string;
  role: string;
}

export interface PreservationResponse {
  selfPreserved: boolean;
  topUp: { needed: boolean; options: TopUpOption[] };
  reasons: Reason[];
  caps: Cap[];
  advice: string[];
  /** Caller names the library could not resolve, as written, with suggestions: not assessed. */
  unmatched: UnmatchedName[];
}

export interface PreservationPacks {
  annex?: AnnexPack;
  rules?: Rules;
  aw?: AwPack;
}

const EPS = 1e-9;

/** One ingredient as it enters the formula, from a line or from the chassis. */
interface Part {
  key: string;
  name: string;
  facts: IngredientFacts | null;
  c: Category;
  /** Amount where more is worse: exact for the caller, band upper edge for the chassis. */
  high: number;
  /** Amount where more is better: exact for the caller, band lower edge for the chassis. */
  low: number;
  trace: boolean;
  fromChassis: boolean;
}

interface Preservative {
  name: string;
  ref: string;
  entry: AnnexEntry | null;
  ester: string | undefined;
  prohibitedText: string | null;
  high: number;
  low: number;
  allTrace: boolean;
  fromChassis: boolean;
  status: CapStatus;
  /** null: pH-dependent and no pH given; false: inactive at the given pH. */
  effective: boolean | null;
}

function list(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** Every name to resolve for this request: the lines' and the chassis'. */
export function namesToResolve(req: Pick<PreservationRequest, 'variant' | 'lines'>, chassis: Chassis): string[] {
  const out = new Set<string>();
  for (const c of expandLines(req.lines)) out.add(c.n);
  for (const n of chassis.architecture(req.variant).names) out.add(n);
  return [...out];
}

function partsOf(req: PreservationRequest, resolutions: ReadonlyMap<string, Resolution>, chassis: Chassis, bands: BandsPack) {
  const parts: Part[] = [];
  const unmatched: UnmatchedName[] = [];
  const seen = new Set<string>();
  for (const c of expandLines(req.lines)) {
    const res = resolutions.get(c.key);
    const facts = res?.matched ? res.facts : null;
    // Every spelling of water resolves through the library (its vocabulary); an unresolved name is unknown.
    if (!facts && !seen.has(c.key)) {
      seen.add(c.key);
      unmatched.push(unmatchedName(c.n, res));
    }
    const key = facts ? normaliseName(facts.inci) : c.key;
    const c8: Category = facts ? facts.c : 'OT';
    parts.push({ key, name: key, facts, c: c8, high: c.pct, low: c.pct, trace: c.trace, fromChassis: false });
  }
  for (const b of bandedChassis(chassis, req.variant, req.nbPct, bands)) {
    const res = resolutions.get(b.key);
    const facts = res?.matched ? res.facts : null;
    const key = facts ? normaliseName(facts.inci) : b.key;
    const c8: Category = facts ? facts.c : 'OT';
    parts.push({ key, name: key, facts, c: c8, high: b.band.hi, low: b.band.lo, trace: false, fromChassis: true });
  }
  return { parts, unmatched };
}

export function assessPreservation(
  req: PreservationRequest,
  resolutions: ReadonlyMap<string, Resolution>,
  chassis: Chassis,
  bands: BandsPack = DEFAULT_BANDS,
  packs: PreservationPacks = {},
): PreservationResponse {
  const annex = packs.annex ?? ANNEX_V;
  const rules = packs.rules ?? RULES;
  const awPack = packs.aw ?? WATER_ACTIVITY;
  const pt = req.productType;
  const ph = req.ph;
  const { parts, unmatched } = partsOf(req, resolutions, chassis, bands);
  const reasons: Reason[] = [];
  const advice: string[] = [];
  const otherPurpose: string[] = [];
  const unknownPreservatives: string[] = [];

  // ---- preservatives present, merged by name
  const items = new Map<string, Preservative>();
  for (const p of parts) {
    let entry: AnnexEntry | null = null;
    let asAcid: number | undefined;
    let ester: string | undefined;
    let ref = '';
    let prohibitedText: string | null = null;
    const banned = annex.prohibited.get(p.key);
    const member = annex.memberOf.get(p.key);
    if (banned) {
      ref = banned.ref;
      prohibitedText = banned.text;
    } else if (member) {
      ({ entry, asAcid, ester } = member);
      ref = entry.ref;
    } else if (p.facts) {
      const vRef = p.facts.refs.find((r) => annex.byRef.has(r));
      if (vRef) {
        entry = annex.byRef.get(vRef) ?? null;
        ref = vRef;
      } else if (p.facts.prohibited && p.c === 'PR') {
        ref = p.facts.refs.find((r) => r.startsWith('II/')) ?? 'II';
        prohibitedText = `prohibited (EU Annex ${ref})`;
      } else if (p.c === 'PR') {
        if (!unknownPreservatives.includes(p.name)) unknownPreservatives.push(p.name);
        continue;
      } else continue;
    } else continue;
    if (entry?.dualUse && p.facts && p.facts.c !== 'PR') {
      if (!otherPurpose.includes(p.name)) otherPurpose.push(p.name);
      continue;
    }
    // Salts and esters count as the acid (or base) the entry states; a factor the library lacks
    // defaults to the reviewed pack's, and failing both to 1, which can only overstate.
    const factor = entry?.basis ? (p.facts?.asAcid ?? asAcid ?? 1) : 1;
    let it = items.get(p.name);
    if (!it) {
      it = { name: p.name, ref, entry, ester, prohibitedText, high: 0, low: 0, allTrace: true, fromChassis: false, status: 'within', effective: true };
      items.set(p.name, it);
    }
    if (!p.trace) {
      it.high += p.high * factor;
      it.low += p.low * factor;
      it.allTrace = false;
    }
    if (p.fromChassis) it.fromChassis = true;
  }

  // ---- caps
  const entryLoad = new Map<string, number>();
  const esterLoad = new Map<string, number>();
  for (const it of items.values()) {
    if (!it.entry) continue;
    entryLoad.set(it.ref, (entryLoad.get(it.ref) ?? 0) + it.high);
    if (it.ester) esterLoad.set(`${it.ref}|${it.ester}`, (esterLoad.get(`${it.ref}|${it.ester}`) ?? 0) + it.high);
  }
  const overGroups = new Set<string>();
  for (const g of annex.groups) {
    const load = g.refs.reduce((s, r) => s + (entryLoad.get(r) ?? 0), 0);
    if (load > g.max + EPS) for (const r of g.refs) overGroups.add(r);
  }
  const caps: Cap[] = [];
  for (const it of items.values()) {
    let limit: string;
    if (it.prohibitedText !== null || !it.entry) {
      it.status = 'prohibited';
      limit = it.prohibitedText ?? 'prohibited';
    } else {
      const lim = it.entry.limits[pt];
      limit = lim.text;
      if (lim.max === null) it.status = 'not_permitted_for_product_type';
      else {
        const over =
          (entryLoad.get(it.ref) ?? 0) > lim.max + EPS ||
          (it.entry.perEster !== undefined && it.ester !== undefined && (esterLoad.get(`${it.ref}|${it.ester}`) ?? 0) > it.entry.perEster + EPS) ||
          overGroups.has(it.ref);
        it.status = over ? 'over_cap' : 'within';
      }
      const acid = it.entry.organicAcid;
      if (acid) it.effective = ph === undefined ? null : ph <= acid.efficacyPhMax + EPS;
    }
    caps.push({ n: it.name, ref: it.ref, status: it.status, limit });
  }
  caps.sort((a, b) => (a.n < b.n ? -1 : a.n > b.n ? 1 : 0));
  const all = [...items.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
  const named = (f: (it: Preservative) => boolean) => all.filter(f).map((it) => it.name);

  const prohibited = named((it) => it.status === 'prohibited');
  if (prohibited.length) {
    reasons.push({ code: 'prohibited', text: `${list(prohibited)} ${prohibited.length > 1 ? 'are' : 'is'} prohibited in cosmetic products in the EU (Annex II); remove ${prohibited.length > 1 ? 'them' : 'it'}.` });
  }
  const notPermitted = named((it) => it.status === 'not_permitted_for_product_type');
  if (notPermitted.length) {
    const kind = pt === 'leave_on' ? 'leave-on' : 'rinse-off';
    reasons.push({ code: 'not_permitted_for_product_type', text: `${list(notPermitted)} ${notPermitted.length > 1 ? 'are' : 'is'} not permitted in ${kind} products (see the limit in caps); remove or replace.` });
  }
  const over = all.filter((it) => it.status === 'over_cap');
  if (over.length) {
    const chassisShare = over.some((it) => it.fromChassis);
    reasons.push({
      code: 'over_cap',
      text: `${list(over.map((it) => it.name))} ${over.length > 1 ? 'are' : 'is'} above the Annex V limit for this product type${chassisShare ? ", counting the chassis' own share" : ''}; reduce the added amount until caps shows within.`,
    });
  }
  const ineffective = named((it) => it.effective === false);
  if (ineffective.length) {
    reasons.push({
      code: 'ineffective_at_ph',
      text: `${list(ineffective)}: organic-acid preservatives work only in their undissociated form, which is scarce at this pH; ${ineffective.length > 1 ? 'they do' : 'it does'} not count toward preserving this formula. Lower the pH or use a pH-independent preservative.`,
    });
  }
  const phUnknown = named((it) => it.effective === null);
  if (phUnknown.length) {
    reasons.push({ code: 'ph_unknown', text: `${list(phUnknown)}: organic-acid preservatives depend on pH, which was not given; they are not counted until it is.` });
  }
  if (all.some((it) => it.fromChassis)) {
    reasons.push({
      code: 'chassis_preservatives_counted',
      text: "The chassis' own preservatives are counted in the caps together with the formula's, as the upper edge of the chassis' disclosure band, so a cap can be flagged slightly early but never late.",
    });
  }
  if (items.size === 0) reasons.push({ code: 'no_preservative', text: 'No Annex V preservative is present, in the lines or in the chassis.' });

  // ---- ISO 29621 low-risk screening
  const sum = (f: (p: Part) => boolean, edge: 'high' | 'low') => parts.reduce((s, p) => (f(p) && !p.trace ? s + p[edge] : s), 0);
  const water = sum((p) => p.c === 'AQ', 'high');
  const alcohol = sum((p) => p.c === 'AL', 'low');
  const solutes = new Map<string, number>();
  for (const p of parts) if (!p.trace && awPack.solutes.has(p.key)) solutes.set(p.key, (solutes.get(p.key) ?? 0) + p.low);
  const aw = waterActivity(water, solutes, awPack);
  const anhydrous = water <= 0 && unmatched.length === 0 && !parts.some((p) => p.c === 'AQ');
  const low = rules.lowRisk;
  const met: Reason[] = [];
  if (ph !== undefined && (ph < low.phBelow || ph > low.phAbove)) {
    met.push({ code: 'low_risk_ph', text: `The pH is below ${low.phBelow} or above ${low.phAbove}: a low-risk product under ISO 29621.` });
  }
  if (alcohol > low.alcoholAbove + EPS) {
    met.push({ code: 'low_risk_alcohol', text: `Short-chain alcohol exceeds ${low.alcoholAbove} % of the product: a low-risk product under ISO 29621.` });
  }
  if (aw !== null && aw < low.awBelow - EPS) {
    met.push({ code: 'low_risk_water_activity', text: `The estimated water activity is below ${low.awBelow}: a low-risk product under ISO 29621, to be confirmed by measurement.` });
  }
  if (anhydrous) met.push({ code: 'low_risk_anhydrous', text: 'The formula contains no water: a low-risk product under ISO 29621.' });
  const selfPreserved = met.length > 0;
  reasons.push(...met);

  const chelator = parts.some((p) => p.c === 'CH');
  const boosters = parts.filter((p) => p.c === 'BO');
  if (!selfPreserved) {
    const h = rules.hurdles;
    const found: string[] = [];
    if (ph !== undefined && ph <= h.acidicPhAtOrBelow) found.push(`an acidic pH (at or below ${h.acidicPhAtOrBelow})`);
    if (ph !== undefined && ph >= h.alkalinePhAtOrAbove) found.push(`an alkaline pH (at or above ${h.alkalinePhAtOrAbove})`);
    if (alcohol >= h.alcoholAtOrAbove - EPS) found.push(`short-chain alcohol at or above ${h.alcoholAtOrAbove} %`);
    if (aw !== null && aw < h.awBelow) found.push(`a humectant load lowering the estimated water activity below ${h.awBelow}`);
    if (chelator) found.push('a chelating agent');
    if (boosters.length) found.push('multifunctional antimicrobial boosters');
    reasons.push({
      code: 'not_low_risk',
      text: `No ISO 29621 low-risk criterion is met (a pH below ${low.phBelow} or above ${low.phAbove}, more than ${low.alcoholAbove} % short-chain alcohol, an estimated water activity below ${low.awBelow}, or no water at all). ${found.length ? `Hurdles found: ${list(found)}; they help but do not replace a preservative system.` : 'No partial hurdle found.'}`,
    });
  }

  // ---- efficacy score per spectrum, then the top-up
  const eff = rules.efficacy;
  let bacteria = 0;
  let fungi = 0;
  for (const it of all) {
    if (it.status === 'prohibited' || it.status === 'not_permitted_for_product_type' || it.effective !== true) continue;
    const e = eff.preservatives[it.ref];
    if (!e) continue;
    bacteria += (it.low / e.typical) * e.bacteria;
    fungi += (it.low / e.typical) * e.fungi;
  }
  let boostB = 0;
  let boostF = 0;
  for (const p of parts) {
    const e: AgentEfficacy | undefined = eff.boosters[p.key];
    if (!e || p.trace) continue;
    boostB += (p.low / e.typical) * e.bacteria;
    boostF += (p.low / e.typical) * e.fungi;
  }
  bacteria += Math.min(boostB, eff.boosterCap) + (alcohol / eff.alcohol.typical) * eff.alcohol.bacteria;
  fungi += Math.min(boostF, eff.boosterCap) + (alcohol / eff.alcohol.typical) * eff.alcohol.fungi;
  const gapB = bacteria < 1 - EPS;
  const gapF = fungi < 1 - EPS;
  const needed = !selfPreserved && (gapB || gapF);

  const options: TopUpOption[] = [];
  if (needed) {
    const gaps = gapB && gapF ? 'bacteria, moulds and yeasts' : gapB ? 'bacteria' : 'moulds and yeasts';
    reasons.push({
      code: 'top_up_needed',
      text: `The preservatives and boosters present${all.some((i) => i.fromChassis) || boosters.some((b) => b.fromChassis) ? ", the chassis' included," : ''} are not expected to protect this formula against ${gaps}; add one of the options.`,
    });
    const anionic = parts.some((p) => p.c === 'SA' || p.facts?.ionic === 'anionic');
    const prLoad = sum((p) => p.c === 'PR', 'high');
    const boLoad = sum((p) => p.c === 'BO', 'high');
    const excluded = { acid: false, iso: false, cationic: false };
    for (const t of rules.topUp) {
      if (t.c === 'CH') {
        if (!chelator) options.push({ name: t.name, role: t.role });
        continue;
      }
      if (t.c === 'BO') {
        const e = t.booster ? eff.boosters[t.booster] : undefined;
        const useful = e && ((gapB && e.bacteria >= 0.5) || (gapF && e.fungi >= 0.5));
        if (useful && boLoad < rules.envelope.BO[req.variant] - EPS) options.push({ name: t.name, role: t.role });
        continue;
      }
      const entry = t.ref ? annex.byRef.get(t.ref) : undefined;
      if (!entry) continue;
      const lim = entry.limits[pt].max;
      if (entry.isothiazolinone && pt === 'leave_on') {
        excluded.iso = true;
        continue;
      }
      if (lim === null) continue;
      if (entry.organicAcid && (ph === undefined || ph > Math.min(rules.organicAcidPhMax, entry.organicAcid.efficacyPhMax) + EPS)) {
        excluded.acid = true;
        continue;
      }
      if (entry.cationic && anionic) {
        excluded.cationic = true;
        continue;
      }
      // No room: already at or near its own cap, or the envelope's preservative load is full.
      if ((entryLoad.get(entry.ref) ?? 0) >= 0.85 * lim - EPS || overGroups.has(entry.ref)) continue;
      if (prLoad >= rules.envelope.PR[req.variant] - EPS) continue;
      const e = eff.preservatives[entry.ref];
      if (!e || !((gapB && e.bacteria >= 0.5) || (gapF && e.fungi >= 0.5))) continue;
      options.push({ name: t.name, role: t.role });
    }
    if (excluded.acid) {
      reasons.push({
        code: 'organic_acids_excluded',
        text: ph === undefined ? 'Organic-acid preservatives are not offered: the pH was not given.' : `Organic-acid preservatives are not offered: they need pH ${rules.organicAcidPhMax} or below.`,
      });
    }
    if (excluded.iso) reasons.push({ code: 'isothiazolinones_excluded', text: 'Isothiazolinones are not offered: they are for rinse-off products only.' });
    if (excluded.cationic) {
      reasons.push({ code: 'cationics_excluded', text: 'Cationic preservatives are not offered: the formula or the chassis holds anionic ingredients, and the pair would break the envelope.' });
    }
    if (!options.some((o) => rules.topUp.find((t) => t.name === o.name)?.c !== 'CH')) {
      reasons.push({ code: 'no_compatible_top_up', text: 'No preservative in the catalogue fits this formula, chassis, pH and product type; consult a preservation specialist.' });
    }
  } else if (!selfPreserved) {
    reasons.push({ code: 'preservation_expected_adequate', text: 'The preservatives and boosters present are expected to cover bacteria, moulds and yeasts; confirm with a challenge test.' });
  }

  // ---- everything else a formulator should know
  if (otherPurpose.length) {
    reasons.push({ code: 'non_preservative_use', text: `${list(otherPurpose)} ${otherPurpose.length > 1 ? 'are' : 'is'} listed in Annex V but filed here for another purpose, so the Annex V limit does not apply (Annex III may); if used to preserve, count ${otherPurpose.length > 1 ? 'them' : 'it'} as a preservative.` });
  }
  if (unknownPreservatives.length) {
    reasons.push({ code: 'unknown_preservative', text: `${list(unknownPreservatives)}: not in the reviewed Annex V data; in the EU only Annex V substances may be used to preserve.` });
  }
  const traces = named((it) => it.allTrace);
  if (traces.length) {
    reasons.push({ code: 'trace_carry_over', text: `${list(traces)} ${traces.length > 1 ? 'are' : 'is'} present only as a trace carried over from a raw material: listed in caps, not counted toward preservation.` });
  }
  if (unmatched.length) {
    reasons.push({ code: 'unmatched', text: `Not found in the ingredient library and not assessed: ${list(unmatched.map((u) => normaliseName(u.n)))}. If any is a preservative, check it against Annex V.` });
  }
  if (!isBalanced(req.nbPct, req.lines)) {
    reasons.push({ code: 'unbalanced', text: 'The chassis and the lines do not add up to the whole formula; conclusions assume the amounts as sent. Balance it with POST /check.' });
  }

  advice.push('Run a preservative efficacy (challenge) test to ISO 11930 on the finished formula in its final packaging before release.');
  if (selfPreserved) advice.push('Document the low-risk assessment to ISO 29621 and keep the criterion it relies on under control on every batch.');
  if (aw !== null && (met.some((m) => m.code === 'low_risk_water_activity') || aw < rules.hurdles.awBelow)) {
    advice.push('Measure the water activity of the finished product (dew-point or capacitance hygrometer); the figure used here is a screening estimate.');
  }
  if (ph === undefined) advice.push('Measure the pH of the finished formula and send it: organic-acid preservatives and the low-risk criteria depend on it.');
  advice.push(
    pt === 'leave_on'
      ? 'Prefer airless, pump or narrow-orifice packaging to jars: it limits contamination in use.'
      : 'Use closed dispensing packaging (flip cap or pump) and keep water out of the pack in the shower.',
  );
  if (traces.length) advice.push('Ask the raw-material suppliers to confirm which preservatives they carry over, and at what level, for the product information file.');
  if (needed) advice.push('After adding a top-up, run this check again and the envelope check (POST /check).');

  return { selfPreserved, topUp: { needed, options }, reasons, caps, advice, unmatched };
}
