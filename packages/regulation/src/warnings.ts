/**
 * The wording an annex entry requires on the label (issue 29): for every Annex III and VI entry an
 * ingredient of the product falls under, the warnings of the sub-conditions that may apply to the
 * product described. Presence decides, not amount, so the chassis' components count by name alone
 * and nothing here reads how much of them there is.
 */
import type { ProductDescription } from '@svc/formula';
import type { Entry, RegulatoryPack } from './pack';
import { cellsOf } from './product';
import { regulationOf } from './screen';

export interface LabelWarning {
  ref: string;
  /** The ingredients it is printed for, as their INCI names. */
  inci: string;
  text: string[];
  regulation: string;
}

export interface PresentIngredient {
  inci: string;
  refs: readonly string[];
  nano: boolean;
}

/** Annex III before VI, then by entry number ("2a" after "2", before "3"). */
function byRef(a: Entry, b: Entry): number {
  const n = (e: Entry) => /\/(\d+)([a-z]*)$/.exec(e.ref) ?? ['', '0', ''];
  const [, an = '0', as = ''] = n(a);
  const [, bn = '0', bs = ''] = n(b);
  return a.annex.length - b.annex.length || Number(an) - Number(bn) || as.localeCompare(bs);
}

export function labelWarnings(present: readonly PresentIngredient[], product: ProductDescription, pack: RegulatoryPack): LabelWarning[] {
  const cells = cellsOf(product);
  const found = new Map<Entry, Set<string>>();
  for (const p of present) {
    for (const r of p.refs) {
      const e = pack.byRef.get(r);
      if (!e || (e.annex !== 'III' && e.annex !== 'VI') || e.status !== 'structured') continue;
      if (e.items.every((i) => i.nano) && !p.nano) continue;
      const names = found.get(e) ?? new Set<string>();
      names.add(p.inci);
      found.set(e, names);
    }
  }
  const out: LabelWarning[] = [];
  for (const e of [...found.keys()].sort(byRef)) {
    const text: string[] = [];
    for (const i of e.items) {
      // A product class the description does not carry (hair dyes, depilatories) is not assumed.
      if (i.special !== null || (i.professional && !product.professional) || (i.sprayOnly && !product.spray)) continue;
      if (!cells.some((c) => i.cells.includes(c))) continue;
      for (const w of i.warnings) if (!text.includes(w)) text.push(w);
    }
    if (text.length > 0) out.push({ ref: e.ref, inci: [...(found.get(e) ?? [])].sort().join(', '), text, regulation: regulationOf(e, pack) });
  }
  return out;
}
