/**
 * The envelope check (POST /check, domain.md 2) as one pure function.
 *
 * checkFormula trusts its input: the server validates the body with CheckRequestSchema first and
 * resolves the names (namesToResolve) through the library. Nothing here parses, awaits or allocates
 * more than the answer needs, because this is the service's hot path.
 */
import { CATEGORIES, describeProduct, round, type CheckMarket, type CheckRequest, type Category, type ProductDescription, type Remedy, type Resolution } from '@svc/formula';
import { EU_ANNEXES, US_CFR, entriesNamed, screenFormula, screenUs, usEntriesNamed, type RegulatoryPack, type ScreenComponent, type UsPack } from '@svc/regulation';
import { verifyRemedies, type CategoryFinding } from './advice';
import { analyse, keyOf, type Comp, type Unmatched } from './analyse';
import { planCorrections } from './corrections';
import { CATS, DEFAULT_PACK, maxOf, type ArchitectureCaps, type EnvelopePack } from './pack';
import { aboveEfficacyPh, alcoholHigh, balances, baseInRange, comfortableRange, ionicClash, loadStatus, phPosition, type Status } from './rules';

export type Verdict = 'compatible' | 'compatible_verify' | 'adjust';

export interface CategoryLoad {
  code: Category;
  name: string;
  /** % of the finished product, weighted as the category is (see loads.ts). */
  load: number;
  /** Published maximum for this base and basePct; null for categories without one. */
  max: number | null;
  /** load / max as a fraction (0.85 = 85 %); null without a maximum. */
  share: number | null;
  status: Status;
}

export interface LineResult {
  /** Name as written. */
  n: string;
  /** Canonical INCI name, or null when unmatched. */
  inci: string | null;
  c: Category | null;
  /** % of the finished product; 0 for a trace component. */
  pct: number;
  matched: boolean;
  /** Index of the caller's line (blend components share their line's index). */
  line: number;
  trace: boolean;
}

/** Maximum load per category code, for the categories that have one, in the pack's table order. */
export type MaxLoads = Partial<Record<Category, number>>;

export interface CheckResult {
  verdict: Verdict;
  /** The market whose rules were screened. */
  market: CheckMarket;
  /** The product screened, defaults applied, and the fields that took their default. */
  product: ProductDescription;
  assumed: string[];
  categories: CategoryLoad[];
  remedies: Remedy[];
  maxLoads: MaxLoads;
  lines: LineResult[];
  unmatched: Unmatched[];
}

/**
 * A chassis component as the disclosure policy lets it show: its name and the published band of
 * its share of the chassis (`bandedChassis` in @svc/chassis gives these). Never its amount.
 */
export interface ChassisShare {
  n: string;
  /** normaliseName(n), the key of its resolution. */
  key: string;
  /** The band (lo, hi] of its share of the chassis, % of the chassis. */
  share: { lo: number; hi: number };
}

/** The distinct normalised names (blend components and traces included) to ask the library for. */
export function namesToResolve(request: Pick<CheckRequest, 'lines'>): string[] {
  const seen = new Set<string>();
  for (const line of request.lines) {
    if ('blend' in line) for (const b of line.blend) seen.add(keyOf(b.n));
    else seen.add(keyOf(line.n));
  }
  return [...seen];
}

export function maxLoadsFor(arch: ArchitectureCaps, basePct: number): MaxLoads {
  const out: MaxLoads = {};
  for (const cat of arch.capped) out[CATS[cat] as Category] = round(maxOf(arch, cat, basePct), 3);
  return out;
}

/**
 * The caller's non-trace components as the regulatory screen reads them: the matched ones by their
 * library facts, and the ones the library does not hold by what the market's pack itself names
 * (an entry's INCI name, a variant of its substance's name, its CAS or EC number; whole names
 * only), so that "BITHIONOL" or "59-05-2" is screened although no ingredient answers to it.
 */
function screened(request: CheckRequest, comps: readonly Comp[], market: CheckMarket, regulation: RegulatoryPack, us: UsPack): ScreenComponent[] {
  const out: ScreenComponent[] = [];
  for (const c of comps) {
    if (c.trace || !(c.pct > 0)) continue;
    const line = request.lines[c.line];
    const nano = line !== undefined && 'nano' in line && line.nano === true;
    if (c.facts === null) {
      const refs = market === 'us' ? usEntriesNamed(us, c.n).map((e) => e.ref) : entriesNamed(regulation, c.n).map((e) => e.ref);
      if (refs.length === 0) continue;
      const base = { inci: c.n, prohibited: false, pct: c.pct, asAcid: null, nano, line: c.line, linePct: line?.pct ?? 0, cas: null, colourant: false, byPack: true };
      out.push(market === 'us' ? { ...base, refs: [], usRefs: refs } : { ...base, refs });
      continue;
    }
    out.push({
      inci: c.facts.inci,
      refs: c.facts.refs,
      prohibited: c.facts.prohibited,
      pct: c.pct,
      asAcid: c.facts.asAcid,
      nano,
      line: c.line,
      linePct: line?.pct ?? 0,
      cas: c.facts.cas,
      colourant: c.facts.colourant,
      category: c.facts.c,
    });
  }
  return out;
}

/**
 * The chassis' components as the screen reads them: each at the upper edge of its share's
 * published band scaled to the product (the conservative edge, since more is worse for every
 * maximum), so that the screen's answer is a function of the bands only.
 */
function screenedChassis(chassis: readonly ChassisShare[], resolutions: ReadonlyMap<string, Resolution>, basePct: number): ScreenComponent[] {
  const out: ScreenComponent[] = [];
  for (const ch of chassis) {
    const r = resolutions.get(ch.key);
    const pct = (ch.share.hi * basePct) / 100;
    if (r === undefined || !r.matched || !(pct > 0)) continue;
    const f = r.facts;
    out.push({ inci: f.inci, refs: f.refs, prohibited: f.prohibited, pct, asAcid: f.asAcid, nano: false, line: -1, linePct: 0, cas: f.cas, colourant: f.colourant, category: f.c, chassis: true });
  }
  return out;
}

export function checkFormula(
  request: CheckRequest,
  resolutions: ReadonlyMap<string, Resolution>,
  pack: EnvelopePack = DEFAULT_PACK,
  regulation: RegulatoryPack = EU_ANNEXES,
  us: UsPack = US_CFR,
  /** The chassis' banded components for request.base, resolved in `resolutions`; none: not screened. */
  chassis: readonly ChassisShare[] = [],
): CheckResult {
  const arch = pack.arch[request.base];
  if (arch === undefined) throw new TypeError(`unknown base "${String(request.base)}"`);
  const a = analyse(request.lines, resolutions, pack);

  const baseOk = baseInRange(request.basePct);
  // An out-of-range basePct still gets maxima to show, computed at the nearest valid value.
  const B = baseOk ? request.basePct : Math.min(100, Math.max(0, Number.isFinite(request.basePct) ? request.basePct : 0));

  let adjust = !baseOk;
  let verify = false;

  const capped: CategoryFinding[] = [];
  const categories: CategoryLoad[] = [];
  const isCapped = new Uint8Array(CATS.length);
  for (const cat of arch.capped) isCapped[cat] = 1;
  for (let cat = 0; cat < CATS.length; cat++) {
    const load = a.loads[cat] ?? 0;
    if (a.present[cat] === 0 && !(load > 0)) continue;
    const code = CATS[cat] as Category;
    if (isCapped[cat] === 1) {
      const max = maxOf(arch, cat, B);
      const status = loadStatus(load, max, pack);
      if (status === 'over') adjust = true;
      else if (status === 'near' || (cat === AL && alcoholHigh(load, max, pack))) verify = true;
      capped.push({ cat, load, max, status });
      categories.push({ code, name: CATEGORIES[code], load: round(load, 3), max: round(max, 3), share: max > 0 ? round(load / max, 3) : null, status });
    } else {
      categories.push({ code, name: CATEGORIES[code], load: round(load, 3), max: null, share: null, status: 'ok' });
    }
  }

  const ph = phPosition(request.ph, arch);
  if (ph === 'outside') adjust = true;
  else if (ph === 'edge') verify = true;

  if (!balances(request.basePct, a.lineSum)) adjust = true;
  const { product, assumed } = describeProduct(request.productType, request.product);
  // The market picks the law: the EU annexes, or the US pack (21 CFR), never both.
  const market: CheckMarket = request.market ?? 'eu';
  const components = [...screened(request, a.comps, market, regulation, us), ...screenedChassis(chassis, resolutions, B)];
  const screen = market === 'us' ? screenUs(components, product, us) : screenFormula(components, product, request.ph, regulation, comfortableRange(arch));
  if (screen.adjust) adjust = true;
  if (screen.verify) verify = true;
  if (ionicClash(a.anionic, a.cationic, pack)) adjust = true;

  if (a.unmatched.size > 0 || a.traces.length > 0) verify = true;
  if (!verify) {
    for (const c of a.organicAcids) {
      const oa = c.facts ? pack.organicAcids.get(c.facts.inci) : undefined;
      if (oa && aboveEfficacyPh(request.ph, oa.efficacyPhMax)) {
        verify = true;
        break;
      }
    }
  }

  const regulatory = screen.remedies.filter((r) => r.action !== 'verify');
  const remedies: Remedy[] = adjust ? planCorrections(request, a, arch, pack, resolutions, regulatory, screen.phRange) : [];
  for (const r of screen.remedies) if (r.action === 'verify') remedies.push(r);
  if (verify || adjust) {
    // Only where the screen has something to say of it (an Annex V or labelling entry gives no remedy).
    const targets = new Set(screen.remedies.flatMap((r) => r.target.split(' + ')));
    const byPack = new Set(components.filter((c) => c.byPack === true && targets.has(c.inci)).map((c) => c.inci));
    const advice = verifyRemedies(a, request.ph, ph === 'edge', arch, pack, capped, market === 'eu', byPack);
    for (const r of advice) remedies.push(r);
  }

  const lines: LineResult[] = new Array(a.comps.length);
  for (let i = 0; i < a.comps.length; i++) {
    const c = a.comps[i]!;
    lines[i] = {
      n: c.n,
      inci: c.facts?.inci ?? null,
      c: c.facts?.c ?? null,
      pct: round(c.pct, 4),
      matched: c.facts !== null,
      line: c.line,
      trace: c.trace,
    };
  }

  return {
    verdict: adjust ? 'adjust' : verify ? 'compatible_verify' : 'compatible',
    market,
    product,
    assumed,
    categories,
    remedies,
    maxLoads: maxLoadsFor(arch, B),
    lines,
    unmatched: [...a.unmatched.values()],
  };
}

const AL = CATS.indexOf('AL');
