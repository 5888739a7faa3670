/**
 * The US screen (issue 29, `market: "us"`): every ingredient of a formula against the US pack, for
 * the product described, with the EU screen's design and remedies. Pure: the pack, the
 * ingredients' public facts and the request in, findings out.
 *
 * An ingredient falls under an entry by its INCI name, its CAS number or the entry's pattern (a
 * class such as zirconium compounds). Prohibited -> remove. Restricted ingredients and colour
 * additives are permitted only in the uses their section lists: outside them -> remove (a colour:
 * replace), over a maximum -> reduce (members of one entry summed, converted to the maximum's basis
 * where the pack has the factor; a maximum binds in a product class too), a condition the request
 * cannot settle (purpose of use, a certified batch, a product class, a use no source settled) -> verify. With no area given, every area is evaluated and the
 * answers merged as the EU screen merges them. A colourant the pack does not hold -> verify. A lake
 * of a colour the pack holds is screened under that colour's uses and, where they permit it, asks to
 * verify that the lake is certified and listed for the use (the pack's `lakes`).
 */
import type { ProductDescription, Remedy } from '@svc/formula';
import { AREAS, type Area } from './product';
import { EPS, acrossPlaces, callerScale, chassisNote, floor4, fmt, linesOf, namesOf, productWords, reduction, removal, round4, whereOf, type ScreenComponent, type ScreenResult } from './screen';
import { lakeBase, usEntriesOf, type UsEntry, type UsPack, type UsUse } from './us-pack';

type Outcome =
  | { k: 'ok'; use: UsUse }
  | { k: 'over'; use: UsUse; max: number }
  | { k: 'not_permitted'; why: string }
  | { k: 'verify'; why: string };

export const regulationOfUs = (e: Pick<UsEntry, 'ref' | 'title'>): string => `${e.ref}, ${e.title}`;

const usesText = (e: UsEntry): string => e.uses.map((u) => `${u.text}${u.max !== null ? ` at up to ${fmt(u.max)} %` : ''}`).join('; ');

/** What the entry says for one possible area, at total `t` (in the maximum's basis). */
function inArea(e: UsEntry, area: Area, p: ProductDescription, t: number): Outcome {
  const covering = e.uses.filter((u) => u.areas.includes(area) && (u.productType === null || u.productType === p.productType));
  if (covering.length === 0) {
    const eye = area === 'eye' && e.kind === 'colour' ? '; a listing covers the eye area only where it says so (21 CFR 70.5(a))' : '';
    return { k: 'not_permitted', why: `permitted only in ${usesText(e)}${eye}` };
  }
  // An ordinary use (not a product class such as shampoos) applies first, the most permissive of them.
  const ordinary = covering.filter((u) => u.special === null);
  const use = (ordinary.length > 0 ? ordinary : covering).reduce((a, b) => ((b.max ?? Infinity) > (a.max ?? Infinity) ? b : a));
  // Over a maximum is over it whatever the product class: reducing is needed either way.
  if (use.max !== null && t > use.max + EPS) return { k: 'over', use, max: use.max };
  if (use.unsettled !== null) return { k: 'verify', why: `${use.text}: ${[use.unsettled, ...use.conditions].join(' ')}` };
  // A product class and the use's own conditions are both asked: the class alone would hide a certified batch or a formula restriction.
  if (use.special !== null) return { k: 'verify', why: `permitted here only in ${use.special}${use.max !== null ? ` at up to ${fmt(use.max)} %` : ''}: confirm the product is one${use.conditions.length > 0 ? `; conditions to verify: ${use.conditions.join(' ')}` : ''}` };
  if (use.conditions.length > 0) return { k: 'verify', why: `conditions to verify: ${use.conditions.join(' ')}` };
  return { k: 'ok', use };
}

const same = (a: Outcome, b: Outcome): boolean =>
  a.k === b.k && ('use' in a && 'use' in b ? a.use === b.use : true) && (a.k === 'verify' && b.k === 'verify' ? a.why === b.why : true);

/** The entry's answer over every area the description leaves possible. */
function evaluate(e: UsEntry, p: ProductDescription, t: number): Outcome {
  const areas: readonly Area[] = p.area === null ? AREAS : [p.area];
  return acrossPlaces(areas.map((a) => inArea(e, a, p, t)), areas, same, (o) => (o.k === 'ok' ? 'permitted' : null));
}

/** Colour additives of a shade the entry shares, permitted in every area the product may be, without conditions of amount. */
function alternativesFor(e: UsEntry, p: ProductDescription, pack: UsPack): string[] {
  const areas: readonly Area[] = p.area === null ? AREAS : [p.area];
  const fits = (x: UsEntry): boolean =>
    areas.every((a) => x.uses.some((u) => u.areas.includes(a) && u.special === null && u.max === null && u.unsettled === null && (u.productType === null || u.productType === p.productType)));
  const found = pack.entries.filter((x) => x.kind === 'colour' && x.ref !== e.ref && x.colours.some((c) => e.colours.includes(c)) && fits(x));
  // Colours exempt from certification first: they carry no batch condition.
  found.sort((a, b) => Number(a.certification) - Number(b.certification));
  return found.slice(0, 3).map((x) => x.names.find((n) => n.startsWith('CI ')) ?? (x.names[0] as string));
}

interface Group {
  entry: UsEntry;
  comps: ScreenComponent[];
}

/** Screens the formula's ingredients against the US pack for the product described. */
export function screenUs(components: readonly ScreenComponent[], product: ProductDescription, pack: UsPack): ScreenResult {
  const groups = new Map<string, Group>();
  const unlisted: ScreenComponent[] = [];
  /** Lakes of a colour the pack holds, with that colour's entry (a name of the entry itself is no lake). */
  const lakes: Array<{ c: ScreenComponent; e: UsEntry }> = [];
  for (const c of components) {
    if (!(c.pct > 0)) continue;
    const entries = c.usRefs ? c.usRefs.flatMap((r) => pack.byRef.get(r) ?? []) : usEntriesOf(pack, c.inci, c.cas ?? null);
    if (entries.length === 0 && c.colourant === true) unlisted.push(c);
    const colour = entries.find((e) => e.kind === 'colour');
    if (colour && lakeBase(c.inci) !== null && !colour.names.includes(c.inci.toUpperCase())) lakes.push({ c, e: colour });
    for (const entry of entries) {
      let g = groups.get(entry.ref);
      if (!g) groups.set(entry.ref, (g = { entry, comps: [] }));
      if (!g.comps.includes(c)) g.comps.push(c);
    }
  }

  const result: ScreenResult = { adjust: false, verify: false, remedies: [], warnings: [] };
  const verify = (e: { ref: string; regulation: string }, target: string, message: string, code = 'cfr_verify'): void => {
    result.verify = true;
    result.remedies.push({ code, action: 'verify', target, from: null, to: null, ref: e.ref, regulation: e.regulation, message });
  };

  // Prohibitions first: a line removed for one section is not screened against the others.
  const refused = new Set<ScreenComponent>();
  /** Lines a colour remedy takes out: a lake among them is not asked about as well. */
  const replaced = new Set<ScreenComponent>();
  for (const { entry: e, comps } of groups.values()) {
    if (e.status !== 'prohibited') continue;
    for (const c of comps) {
      if (refused.has(c)) continue;
      refused.add(c);
      result.adjust = true;
      result.remedies.push(removal('prohibited', c.inci, [c], { ref: e.ref, regulation: regulationOfUs(e) }, `${c.inci} is prohibited in cosmetic products (${e.ref}, ${e.substance}${c.byPack ? '; not in the ingredient library, recognised by the section\'s own name or CAS number' : ''})${e.exception ? `: ${e.exception}` : ''}; this formula has ${fmt(c.pct)} %. ${c.chassis ? chassisNote([c]).trim() : `Remove ${whereOf(c)}.`}`));
    }
  }

  for (const { entry: e, comps: all } of groups.values()) {
    if (e.status === 'prohibited') continue;
    const comps = all.filter((c) => !refused.has(c));
    if (comps.length === 0) continue;
    const names = namesOf(comps);
    const cite = { ref: e.ref, regulation: regulationOfUs(e) };
    if (e.status === 'verify') {
      verify(cite, names, `${names} (${e.ref}, ${e.substance}): ${e.conditions.join(' ')}`);
      continue;
    }
    if (e.status === 'aerosol_prohibited') {
      if (product.spray) verify(cite, names, `${names} (${e.ref}): ${e.substance} may not be used in aerosol cosmetic products; this product is described as a spray: confirm it is not an aerosol (self-pressurised container), or remove ${names}.`);
      continue;
    }
    const t = comps.reduce((s, c) => s + c.pct * (e.factors[c.inci] ?? 1), 0);
    const o = evaluate(e, product, t);
    if (o.k === 'ok') continue;
    if (o.k === 'verify') {
      verify(cite, names, `${names} (${e.ref}, ${e.substance}): ${o.why.replace(/\.$/, '')}.`);
      continue;
    }
    result.adjust = true;
    const total = comps.reduce((s, c) => s + c.pct, 0);
    if (o.k === 'not_permitted' && e.kind === 'colour') {
      for (const c of comps) replaced.add(c);
      const alternatives = alternativesFor(e, product, pack);
      result.remedies.push({
        code: 'colour_additive_use',
        action: 'replace',
        target: names,
        from: round4(total),
        to: alternatives,
        changes: linesOf(comps, () => 0),
        ...cite,
        message:
          `${names} (${e.ref}, ${e.substance}) is ${o.why}; not in this ${productWords(product)}. ` +
          `Replace it${alternatives.length ? ` with a colour additive listed for this product, such as ${alternatives.join(', ')}` : ''}.${chassisNote(comps)}`,
      });
    } else if (o.k === 'not_permitted') {
      result.remedies.push(removal('cfr_not_permitted', names, comps, cite, `${names} (${e.ref}, ${e.substance}) is ${o.why}${e.exception ? `; ${e.exception}` : ''}; not in this ${productWords(product)}. Remove it.${chassisNote(comps)}`));
    } else {
      const unconverted = o.use.basis !== null && comps.some((c) => e.factors[c.inci] === undefined);
      result.remedies.push(
        reduction('cfr_over_max', names, comps, (c) => c.pct * (e.factors[c.inci] ?? 1), o.max, cite, (total) =>
          `${names} (${e.ref}, ${o.use.text}): at most ${fmt(o.max)} %${o.use.basis ? ` calculated as ${o.use.basis}` : ''} in the finished product; ` +
          `this formula has ${fmt(total)} %${unconverted ? ' (counted as it is, without conversion)' : ''}. Reduce it to ${fmt(o.max)} %.${chassisNote(comps)}`,
        ),
      );
    }
  }

  for (const c of unlisted) {
    verify(pack.unlisted, c.inci, `${c.inci} ${pack.unlisted.text}.`, 'colour_additive_unlisted');
  }
  for (const { c, e } of lakes) {
    if (replaced.has(c) || refused.has(c)) continue;
    verify(pack.lakes, c.inci, `${c.inci} (a lake of ${e.title}, ${e.ref}) ${pack.lakes.text}.`, 'colour_additive_lake');
  }
  return result;
}
