/**
 * The regulatory screen (issue 29): every ingredient of a formula against the EU annexes, for the
 * product described. Pure: the pack, the ingredients' public facts and the request in, findings out.
 *
 * Per annex entry the ingredients it covers are summed (salts with their acid where the entry's
 * maximum is calculated as the acid and the library knows the factor; otherwise as they are, which
 * can only overstate them). Then, for each product the description leaves possible (one, or one
 * per body area when none is given), the entry's sub-conditions say: not permitted, over a maximum,
 * a condition to verify, or within. When the possible products disagree the answer is a verify that
 * asks for the area; when they all refuse, the strictest refusal.
 *
 * Annex II is lifted by the entries of other annexes that permit the same substance (`liftedBy`, or
 * the ingredient's own references) in the product described. Annex V's preservatives are screened
 * like Annex III's restricted substances, on the limits the preservation guidance applies.
 */
import type { LineChange, ProductDescription, Remedy } from '@svc/formula';
import { casNumbersIn } from './names';
import type { Entry, Item, RegulatoryPack } from './pack';
import { cellsOf, type Cell } from './product';

/** One ingredient of the formula, as the screen needs it. */
export interface ScreenComponent {
  /** Canonical INCI name. */
  inci: string;
  refs: readonly string[];
  /** The library's own prohibited flag (curated overlay), for ingredients no Annex II reference names. */
  prohibited: boolean;
  /** % of the finished product. */
  pct: number;
  /** Factor to the acid for salts and esters, when the library knows it. */
  asAcid: number | null;
  /** The caller marked the line as the nano form. */
  nano: boolean;
  /** Index of the caller's line, and that line's amount. */
  line: number;
  linePct: number;
  /** CAS number, which the US pack matches on beside the name; absent or null when unknown. */
  cas?: string | null;
  /**
   * A line the ingredient library does not hold, recognised by the pack's own names (names.ts):
   * `inci` is the name as written, `refs` the EU entries it names, `usRefs` the US ones.
   */
  byPack?: boolean;
  /** The US entries, when already found by name (byPack); otherwise usEntriesOf finds them. */
  usRefs?: readonly string[];
  /** The library flags the ingredient a colourant (a CI number). */
  colourant?: boolean;
  /**
   * The library's category code (PR preservative, FR fragrance ...), absent when unknown. An Annex V
   * maximum of a substance with other purposes (`otherPurposes`) holds only a preservative (unknown
   * counts as one); an Annex II entry "when used as a fragrance ingredient" refuses a fragrance.
   */
  category?: string;
  /**
   * A component of the chassis, at the upper edge of its share's published band scaled to the
   * product (never its amount): it counts toward totals like a line, has no caller line (`line` -1)
   * and no remedy changes it.
   */
  chassis?: boolean;
}

/** Where a component is, for messages: the caller's line, or the chassis. */
export const whereOf = (c: ScreenComponent): string => (c.chassis ? 'the chassis' : `lines[${c.line}]`);

/**
 * The factor a reduce remedy scales the caller's lines by, so that they and the chassis' part
 * (which no remedy changes) together stay within `max`. 0 when the chassis alone reaches it.
 */
export function callerScale(comps: readonly ScreenComponent[], max: number, inBasis: (c: ScreenComponent) => number): number {
  let chassis = 0;
  let caller = 0;
  for (const c of comps) {
    if (c.chassis) chassis += inBasis(c);
    else caller += inBasis(c);
  }
  return caller > 0 ? Math.max(0, max - chassis) / caller : 0;
}

/** A note for findings the chassis takes part in: what it contributes is the band's upper edge. */
export function chassisNote(comps: readonly ScreenComponent[]): string {
  const names = [...new Set(comps.filter((c) => c.chassis).map((c) => c.inci))];
  if (names.length === 0) return '';
  return comps.every((c) => c.chassis)
    ? ` The chassis carries ${names.join(' + ')} (counted at the upper edge of its published disclosure band): no line of yours can change that, so this chassis does not suit this product as described.`
    : ` The chassis' ${names.join(' + ')} is counted at the upper edge of its published disclosure band; only your lines are changed.`;
}

export interface RegulatoryWarning {
  ref: string;
  inci: string;
  text: string[];
}

export interface ScreenResult {
  adjust: boolean;
  verify: boolean;
  remedies: Remedy[];
  /** Wording the label must print for the entries that apply to this product. */
  warnings: RegulatoryWarning[];
  /**
   * The pH every substance present with a pH condition allows (their ranges intersected), met or
   * not: a pH remedy for another reason must land inside it. Absent when none sets one.
   */
  phRange?: { min: number; max: number };
}

type Outcome =
  | { k: 'ok'; item: Item }
  | { k: 'over'; item: Item; max: number }
  | { k: 'ph'; item: Item }
  | { k: 'not_permitted'; why: string }
  | { k: 'verify'; why: string };

export const EPS = 1e-9;
export const floor4 = (v: number): number => Math.max(0, Math.floor(v * 1e4 + 1e-6) / 1e4);
export const round4 = (v: number): number => Math.round(v * 1e4) / 1e4;
export const fmt = (v: number): string => String(round4(v));

export function regulationOf(e: Pick<Entry, 'annex' | 'ref' | 'amendedBy'>, pack: Pick<RegulatoryPack, 'regulation'>): string {
  const n = e.ref.slice(e.ref.indexOf('/') + 1);
  return `${pack.regulation}, Annex ${e.annex}, entry ${n}${e.amendedBy ? `, as amended by ${e.amendedBy}` : ''}`;
}

/** The product in words, for messages: "leave-on face product spray". */
export function productWords(p: ProductDescription): string {
  const parts = [p.productType === 'leave_on' ? 'leave-on' : 'rinse-off', p.area ? `${p.area} product` : 'product (area not given)'];
  if (p.spray) parts.push('spray');
  if (p.childrenUnder3) parts.push('for children under 3');
  if (p.professional) parts.push('professional use');
  return parts.join(' ');
}

/** What the entry says for one possible product, at total `t` (in the entry's basis). */
function inCell(e: Entry, cell: Cell, p: ProductDescription, t: number, ph: number | null): Outcome {
  const covering = e.items.filter((i) => i.cells.includes(cell) && (!i.sprayOnly || p.spray));
  const permitted = covering.filter((i) => (!i.professional || p.professional) && !(i.noChildrenUnder3 && p.childrenUnder3) && !(i.noSpray && p.spray));
  if (permitted.length === 0) {
    const only = e.items.map((i) => `${i.text}${i.professional ? ' (professional use)' : ''}${i.max !== null ? ` at up to ${fmt(i.max)} %` : ''}`).join('; ');
    const barred =
      covering.length === 0
        ? ''
        : covering.some((i) => i.professional && !p.professional)
          ? ' (professional use only)'
          : covering.some((i) => i.noChildrenUnder3 && p.childrenUnder3)
            ? ' (not in products for children under 3)'
            : ' (not in sprays)';
    return { k: 'not_permitted', why: `permitted only in: ${only}${barred}` };
  }
  // Where several sub-conditions cover the product, an ordinary one (not a product class such as
  // depilatories) applies first, and among those the most permissive (general and professional use).
  const ordinary = permitted.filter((i) => i.special === null);
  const item = (ordinary.length > 0 ? ordinary : permitted).reduce((a, b) => ((b.max ?? Infinity) > (a.max ?? Infinity) ? b : a));
  if (item.special) return { k: 'verify', why: `permitted here only in ${item.special}${item.max !== null ? ` at up to ${fmt(item.max)} %${item.afterMixing ? ' after mixing' : ''}` : ''}: confirm the product is one` };
  if (item.max !== null && t > item.max + EPS) return { k: 'over', item, max: item.max };
  if (item.afterMixing) return { k: 'verify', why: `the maximum of ${fmt(item.max ?? 0)} % applies after mixing for use: check the mixed product` };
  if (item.ph && ph !== null && ((item.ph.min !== null && ph < item.ph.min) || (item.ph.max !== null && ph > item.ph.max))) return { k: 'ph', item };
  if (item.conditions.length > 0) return { k: 'verify', why: `conditions to verify: ${item.conditions.join(' ')}` };
  return { k: 'ok', item };
}

// Refusals agree whatever their reasons (professional use on nails, product type elsewhere).
const sameOutcome = (a: Outcome, b: Outcome): boolean =>
  a.k === b.k && ('item' in a && 'item' in b ? a.item === b.item : true) && (a.k === 'verify' && b.k === 'verify' ? a.why === b.why : true);

/** The entry's answer over every product the description leaves possible. */
function evaluate(e: Entry, p: ProductDescription, t: number, ph: number | null): Outcome {
  const cells = cellsOf(p);
  return acrossPlaces(
    cells.map((c) => inCell(e, c, p, t, ph)),
    cells.map((c) => c.split(':')[0] as string),
    sameOutcome,
    (o) => (o.k === 'ok' ? 'within its conditions' : o.k === 'ph' ? 'outside its pH range' : null),
  );
}

/**
 * One answer from the answers for each place the product may be applied (an area, or an area and
 * use): all alike, that answer; all over a maximum, the strictest; otherwise a verify asking for the
 * area, saying what each place would get. `words` names the outcomes other than over, not permitted
 * and verify (null: those three's words). Shared by the EU and US screens.
 */
export function acrossPlaces<O extends { k: string; max?: number; why?: string }>(outs: readonly O[], places: readonly string[], same: (a: O, b: O) => boolean, words: (o: O) => string | null): O | { k: 'verify'; why: string } {
  const first = outs[0] as O;
  if (outs.every((o) => same(o, first))) return first;
  const overs = outs.filter((o) => o.k === 'over');
  if (overs.length === outs.length) return overs.reduce((a, b) => ((b.max as number) < (a.max as number) ? b : a));
  const by = new Map<string, string[]>();
  outs.forEach((o, i) => {
    const what = words(o) ?? (o.k === 'over' ? `over its ${fmt(o.max as number)} %` : o.k === 'not_permitted' ? 'not permitted' : 'to verify');
    by.set(what, [...(by.get(what) ?? []), places[i] as string]);
  });
  const summary = [...by].map(([what, list]) => `${what} on ${list.join(', ')}`).join('; ');
  return { k: 'verify', why: `the answer depends on where the product is applied (${summary}): give product.area` };
}

interface Group {
  entry: Entry;
  comps: ScreenComponent[];
}

/** Colourants of the same colour that every product may carry: what a `replace` offers. */
function alternativesFor(e: Entry, pack: RegulatoryPack): string[] {
  if (!e.colour) return [];
  const out: string[] = [];
  for (const x of pack.entries) {
    if (x.annex !== 'IV' || x.field !== 'all' || x.status !== 'structured' || x.colour !== e.colour || x.ref === e.ref) continue;
    const name = x.names.find((n) => n.startsWith('CI '));
    if (name && !out.includes(name)) out.push(name);
    if (out.length === 3) break;
  }
  return out;
}

export function linesOf(comps: readonly ScreenComponent[], to: (c: ScreenComponent) => number): LineChange[] {
  const seen = new Map<number, LineChange>();
  for (const c of comps) {
    // The chassis has no caller line: nothing of it is changed.
    if (c.chassis || c.line < 0) continue;
    const target = to(c);
    const had = seen.get(c.line);
    if (!had || target < had.to) seen.set(c.line, { line: c.line, from: c.linePct, to: target });
  }
  return [...seen.values()].sort((a, b) => a.line - b.line);
}

export const namesOf = (comps: readonly ScreenComponent[]): string => [...new Set(comps.map((c) => c.inci))].join(' + ');

/**
 * The remedy that brings these components down to `max`, counted by `weight` (the amount as the rule
 * calculates it): only the caller's lines change (callerScale).
 */
export function reduction(code: string, target: string, comps: readonly ScreenComponent[], weight: (c: ScreenComponent) => number, max: number, cite: { ref?: string; regulation: string }, message: (total: number) => string): Remedy {
  const total = comps.reduce((sum, c) => sum + weight(c), 0);
  const k = callerScale(comps, max, weight);
  return { code, action: 'reduce', target, from: round4(total), to: max, changes: linesOf(comps, (c) => floor4(c.linePct * k)), ...cite, message: message(total) };
}

/** The remedy that takes these components' lines out of the formula, citing the rule that says so. */
export function removal(code: string, target: string, comps: readonly ScreenComponent[], cite: { ref?: string; regulation: string }, message: string): Remedy {
  const total = comps.reduce((sum, c) => sum + c.pct, 0);
  return { code, action: 'remove', target, from: round4(total), to: 0, changes: linesOf(comps, () => 0), ...cite, message };
}

/**
 * Screens the formula's ingredients for the product described. `phWindow`: the pH range the product's base tolerates, when there is one. An annex pH condition
 * is then asked for inside it, and a substance whose permitted range lies wholly outside it is to be
 * removed: two pH remedies that no pH satisfies would send a client (and repair) back and forth.
 */
export function screenFormula(components: readonly ScreenComponent[], product: ProductDescription, ph: number | null, pack: RegulatoryPack, phWindow?: { min: number; max: number }): ScreenResult {
  const groups = new Map<string, Group>();
  const add = (ref: string, c: ScreenComponent): void => {
    const entry = pack.byRef.get(ref);
    if (!entry) return;
    if (c.category !== undefined && c.category !== 'PR' && entry.items.some((i) => i.otherPurposes)) return;
    let g = groups.get(ref);
    if (!g) groups.set(ref, (g = { entry, comps: [] }));
    if (!g.comps.includes(c)) g.comps.push(c);
  };
  // A "(nano)" entry governs the nano form only, and the nano form only its "(nano)" entry where there is one.
  const nanoEntry = (e: Entry | undefined): boolean => e !== undefined && e.items.length > 0 && e.items.every((i) => i.nano);
  for (const c of components) {
    if (!(c.pct > 0)) continue;
    for (const r of c.refs) {
      const entry = pack.byRef.get(r);
      if (entry && nanoEntry(entry) !== c.nano && (entry.annex === 'IV' || entry.annex === 'VI') && c.refs.some((o) => o !== r && nanoEntry(pack.byRef.get(o)) === c.nano)) continue;
      if (entry && nanoEntry(entry) && !c.nano) continue;
      add(r, c);
      const e = pack.byRef.get(r);
      // A lifting entry is weighed for the substances it names itself: the fluorides Annex III
      // permits lift II/191 for those fluorides, not for every hydrofluoride.
      if (e?.annex === 'II') for (const l of e.liftedBy) if (names(pack.byRef.get(l), c)) add(l, c);
    }
  }

  const result: ScreenResult = { adjust: false, verify: false, remedies: [], warnings: [] };
  const outcomes = new Map<string, Outcome>();
  for (const [ref, g] of groups) {
    const e = g.entry;
    if (e.annex === 'II' || e.status === 'labelling') continue;
    if (e.status === 'unstructured') {
      outcomes.set(ref, { k: 'verify', why: `its conditions could not be read with confidence: ${e.raw ?? ''}` });
      continue;
    }
    const basis = e.items.some((i) => i.basis !== null);
    const t = g.comps.reduce((s, c) => s + c.pct * (basis && c.asAcid !== null ? c.asAcid : 1), 0);
    outcomes.set(ref, evaluate(e, product, t, ph));
  }
  for (const o of outcomes.values()) {
    if (!('item' in o) || !o.item.ph) continue;
    const r = { min: o.item.ph.min ?? 0, max: o.item.ph.max ?? 14 };
    result.phRange = result.phRange ? { min: Math.max(result.phRange.min, r.min), max: Math.min(result.phRange.max, r.max) } : r;
  }

  // Annex II: refused unless an entry of another annex permits the substance in this product.
  const refused = new Set<ScreenComponent>();
  const lifts = (ref: string): boolean => {
    const e = pack.byRef.get(ref);
    if (!e || e.annex === 'II') return false;
    const o = outcomes.get(ref);
    return o !== undefined && o.k !== 'not_permitted';
  };
  for (const c of components) {
    if (!(c.pct > 0)) continue;
    const iiRefs = c.refs.filter((r) => pack.byRef.get(r)?.annex === 'II');
    // The library's own flag (curated, and blind to lifting entries it has already weighed) is final.
    const lifted = !c.prohibited && (c.refs.some(lifts) || iiRefs.some((r) => pack.byRef.get(r)?.liftedBy.some(lifts)));
    if (lifted) continue;
    const ii = iiRefs.map((r) => pack.byRef.get(r) as Entry).filter((e) => !outOfScope(e, product));
    const hard = ii.filter((e) => e.status === 'prohibited' || (e.status === 'conditional' && FRAGRANCE_USE.test(e.raw ?? '') && c.category === 'FR'));
    const soft = ii.filter((e) => e.status === 'conditional' && !hard.includes(e));
    if (hard.length > 0 || c.prohibited) {
      refused.add(c);
      const e = hard[0];
      const ref = e?.ref ?? null;
      result.adjust = true;
      result.remedies.push(removal('prohibited', c.inci, [c], (ref ? { ref, regulation: regulationOf(e as Entry, pack) } : { regulation: `${pack.regulation}, Annex II` }), `${c.inci}${c.byPack && e ? ` (${e.substance}; not in the ingredient library, recognised by the annex's own name or number)` : ''} is prohibited in cosmetic products (${ref ? `Annex II/${ref.slice(3)}` : 'Annex II'}, ${pack.regulation})` +
          (e && e.liftedBy.length > 0 ? `, except as ${e.liftedBy.join(', ')} permit, which does not cover this ${productWords(product)}` : '') +
          `; this formula has ${fmt(c.pct)} %. ${c.chassis ? chassisNote([c]).trim() : `Remove lines[${c.line}].`}`));
    } else if (soft.length > 0) {
      const e = soft[0] as Entry;
      result.verify = true;
      result.remedies.push({
        code: 'annex_verify',
        action: 'verify',
        target: c.inci,
        from: null,
        to: null,
        ref: e.ref,
        regulation: regulationOf(e, pack),
        message: `${c.inci}: Annex ${e.ref} prohibits "${e.raw ?? e.substance}". Verify that this ingredient and its use fall under the exception.`,
      });
    }
  }

  for (const [ref, g] of groups) {
    const o = outcomes.get(ref);
    if (!o) continue;
    const e = g.entry;
    const comps = g.comps.filter((c) => !refused.has(c));
    if (comps.length === 0) continue;
    const names = namesOf(comps);
    const cite = { ref, regulation: regulationOf(e, pack) };
    const total = comps.reduce((s, c) => s + c.pct, 0);
    if (o.k === 'ok') {
      if (o.item.warnings.length > 0) result.warnings.push({ ref, inci: names, text: o.item.warnings });
      if (o.item.perMember !== undefined) perMember(o.item, o.item.perMember, comps, ref, cite, result);
      continue;
    }
    // A member over its own cap is brought down to it first; the sum is reduced only if still over.
    if (o.k === 'over' && o.item.perMember !== undefined && perMember(o.item, o.item.perMember, comps, ref, cite, result) <= o.max + EPS) continue;
    if (o.k === 'verify') {
      result.verify = true;
      result.remedies.push({ code: e.status === 'unstructured' ? 'annex_unstructured' : 'annex_verify', action: 'verify', target: names, from: null, to: null, ...cite, message: `${names} (Annex ${ref}): ${o.why.replace(/\.$/, '')}.` });
      continue;
    }
    result.adjust = true;
    if (o.k === 'not_permitted' && e.annex === 'IV') {
      const alternatives = alternativesFor(e, pack);
      result.remedies.push({
        code: 'colourant_field',
        action: 'replace',
        target: names,
        from: round4(total),
        to: alternatives,
        changes: linesOf(comps, () => 0),
        ...cite,
        message: `${names} (Annex ${ref}) may be used in ${e.items[0]?.text ?? 'some products'}, not in this ${productWords(product)}. Replace it${alternatives.length ? ` with a ${e.colour?.toLowerCase() ?? ''} colourant permitted in all products, such as ${alternatives.join(', ')}` : ''}.${chassisNote(comps)}`,
      });
    } else if (o.k === 'not_permitted') {
      result.remedies.push(removal('annex_not_permitted', names, comps, cite, `${names} (Annex ${ref}, ${e.substance}) is ${o.why}; not in this ${productWords(product)}. Remove it.${chassisNote(comps)}`));
    } else if (o.k === 'over') {
      const basis = o.item.basis !== null;
      const weight = (c: ScreenComponent) => c.pct * (basis && c.asAcid !== null ? c.asAcid : 1);
      result.remedies.push(
        reduction('annex_over_max', names, comps, weight, o.max, cite, (t) =>
          `${names} (Annex ${ref}, ${o.item.text}): at most ${fmt(o.max)} %${o.item.basis ? ` calculated as ${o.item.basis}` : ''} in the ready-for-use product; ` +
          `this formula has ${fmt(t)} %${basis && comps.some((c) => c.asAcid === null && c.pct > 0) ? ' (salts counted as they are, without conversion)' : ''}. Reduce it to ${fmt(o.max)} %.${chassisNote(comps)}`,
        ),
      );
    }
    // The pH condition too, when the amount is over as well: one answer names both, so that
    // applying its remedies does not meet the other on the next check.
    if ((o.k === 'over' || o.k === 'ph') && o.item.ph && ph !== null && ((o.item.ph.min !== null && ph < o.item.ph.min) || (o.item.ph.max !== null && ph > o.item.ph.max))) {
      result.remedies.push(phRemedy(o.item, ph, names, ref, comps, cite, phWindow));
    }
  }
  return result;
}

/** An Annex II entry that prohibits a substance only as a fragrance ingredient, or only in hair dyes. */
const FRAGRANCE_USE = /when used as a? ?fragrance ingredient\W*$/i;
const HAIR_DYE_USE = /when used as a substance in hair dye products\W*$/i;

/**
 * A conditional Annex II entry the product described cannot fall under: a hair dye substance in a
 * product for an area that is neither hair nor scalp nor eyelashes (the eye). Without an area, it may.
 */
function outOfScope(e: Entry, p: ProductDescription): boolean {
  return e.status === 'conditional' && HAIR_DYE_USE.test(e.raw ?? '') && p.area !== null && !['hair', 'scalp', 'eye'].includes(p.area);
}

/** Whether an entry names the component itself: by its INCI name or its CAS number. */
function names(e: Entry | undefined, c: ScreenComponent): boolean {
  return e !== undefined && (e.names.includes(c.inci) || (!!c.cas && casNumbersIn(e.cas).includes(c.cas)));
}

/**
 * A cap on each member on its own beside the cap on their sum (Annex V/12: 0.4 % as acid for a
 * single paraben, 0.8 % for a mixture): each member over it is reduced to it. Returns what the
 * members then sum to.
 */
function perMember(item: Item, cap: number, comps: readonly ScreenComponent[], ref: string, cite: { ref: string; regulation: string }, result: ScreenResult): number {
  const weight = (c: ScreenComponent) => c.pct * (item.basis !== null && c.asAcid !== null ? c.asAcid : 1);
  let after = 0;
  for (const inci of new Set(comps.map((c) => c.inci))) {
    const mine = comps.filter((c) => c.inci === inci);
    const own = mine.reduce((s, c) => s + weight(c), 0);
    after += Math.min(own, cap);
    if (own <= cap + EPS) continue;
    result.adjust = true;
    result.remedies.push(
      reduction('annex_over_max', inci, mine, weight, cap, cite, (t) =>
        `${inci} (Annex ${ref}): at most ${fmt(cap)} %${item.basis ? ` calculated as ${item.basis}` : ''} for one member on its own; this formula has ${fmt(t)} %. Reduce it to ${fmt(cap)} %.${chassisNote(mine)}`,
      ),
    );
  }
  /** What the members sum to once each is within its own cap. */
  return after;
}

/**
 * An annex pH condition not met: set the pH inside what the annex and the base's window both allow,
 * or remove the substance when they do not meet.
 */
function phRemedy(item: Item, ph: number, names: string, ref: string, comps: readonly ScreenComponent[], cite: { ref: string; regulation: string }, phWindow?: { min: number; max: number }): Remedy {
  const legal = { min: item.ph?.min ?? 0, max: item.ph?.max ?? 14 };
  const range = phWindow ? { min: Math.max(legal.min, phWindow.min), max: Math.min(legal.max, phWindow.max) } : legal;
  if (range.min > range.max) {
    return removal('annex_ph', names, comps, cite, `${names} (Annex ${ref}, ${item.text}) is permitted at pH ${fmt(legal.min)} to ${fmt(legal.max)} only, outside the base's pH window (${fmt(phWindow!.min)} to ${fmt(phWindow!.max)}). Remove it.${chassisNote(comps)}`);
  }
  const narrowed = range.min !== legal.min || range.max !== legal.max;
  return {
    code: 'annex_ph',
    action: 'set_ph',
    target: 'ph',
    from: ph,
    to: range,
    ...cite,
    message: `${names} (Annex ${ref}, ${item.text}) is permitted at pH ${fmt(legal.min)} to ${fmt(legal.max)} only; this formula is at pH ${ph}.${narrowed ? ` Within the base's pH window, aim for ${fmt(range.min)} to ${fmt(range.max)}.` : ''}`,
  };
}
