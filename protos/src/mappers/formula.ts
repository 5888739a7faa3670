/**
 * Lines, ingredient facts and resolutions between the gRPC messages and the domain's plain objects,
 * so that every service and the gateway read a line or an ingredient the same way.
 */
import type { Category, IngredientFacts, Ionic, Line, Resolution } from '@svc/formula';
import type { Ingredient, Ingredient__Output } from '../../gen/svc/v1/Ingredient';
import type { Line as LineMsg, Line__Output } from '../../gen/svc/v1/Line';
import type { Resolution as ResolutionMsg, Resolution__Output } from '../../gen/svc/v1/Resolution';

export function lineToProto(l: Line): LineMsg {
  if ('blend' in l) {
    return { pct: l.pct, nano: l.nano === true, mayContain: l.mayContain === true, blend: l.blend.map((b) => (b.f === 'trace' ? { n: b.n, trace: true } : { n: b.n, f: b.f })) };
  }
  return { n: l.n, pct: l.pct, nano: l.nano === true, mayContain: l.mayContain === true, blend: [] };
}

export function lineFromProto(m: Line__Output): Line {
  const nano = { ...(m.nano ? { nano: true } : {}), ...(m.mayContain ? { mayContain: true } : {}) };
  if (m.blend.length) {
    return { pct: m.pct, ...nano, blend: m.blend.map((b) => ({ n: b.n, f: b.amount === 'trace' ? ('trace' as const) : (b.f ?? 0) })) };
  }
  return { n: m.n, pct: m.pct, ...nano };
}

export function factsToProto(f: IngredientFacts): Ingredient {
  return {
    inci: f.inci,
    usName: f.usName ?? '',
    c: f.c,
    ...(f.up === null ? {} : { up: f.up }),
    ionic: f.ionic ?? '',
    ...(f.valence === null ? {} : { valence: f.valence }),
    ...(f.asAcid === null ? {} : { asAcid: f.asAcid }),
    refs: f.refs,
    fn: f.fn,
    cas: f.cas ?? '',
    allergen: f.allergen,
    allergenRef: f.allergenRef ?? '',
    colourant: f.colourant,
    uvFilter: f.uvFilter,
    prohibited: f.prohibited,
    nano: f.nano,
    common: f.common,
  };
}

export function factsFromProto(m: Ingredient__Output): IngredientFacts {
  return {
    inci: m.inci,
    usName: m.usName || null,
    c: m.c as Category,
    up: m.up ?? null,
    ionic: (m.ionic || null) as Ionic | null,
    valence: m.valence ?? null,
    asAcid: m.asAcid ?? null,
    refs: m.refs,
    fn: m.fn,
    cas: m.cas || null,
    allergen: m.allergen,
    allergenRef: m.allergenRef || null,
    colourant: m.colourant,
    uvFilter: m.uvFilter,
    prohibited: m.prohibited,
    nano: m.nano,
    common: m.common,
  };
}

export function resolutionToProto(r: Resolution): ResolutionMsg {
  return r.matched ? { n: r.n, matched: true, facts: factsToProto(r.facts), suggestions: [] } : { n: r.n, matched: false, suggestions: r.suggestions };
}

export function resolutionFromProto(m: Resolution__Output): Resolution {
  return m.matched && m.facts ? { n: m.n, matched: true, facts: factsFromProto(m.facts) } : { n: m.n, matched: false, suggestions: m.suggestions };
}
