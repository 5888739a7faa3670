/** POST /check: the envelope's result as a CheckResponse message, and that message as the API's JSON. */
import type { CheckResponse, CheckResponse__Output } from '../../gen/svc/v1/CheckResponse';
import type { Remedy as RemedyMsg, Remedy__Output } from '../../gen/svc/v1/Remedy';
import type { Product, Product__Output } from '../../gen/svc/v1/Product';
import type { RepairStep__Output } from '../../gen/svc/v1/RepairStep';
import type { RepairedFormula__Output } from '../../gen/svc/v1/RepairedFormula';
import type { CheckRequest__Output } from '../../gen/svc/v1/CheckRequest';
import type { ScreenedProduct__Output } from '../../gen/svc/v1/ScreenedProduct';
import type { Area, CheckMarket, CheckRequest, Line, ProductType } from '@svc/formula';
import { lineFromProto, lineToProto } from './formula';

export interface RemedyJson {
  code: string;
  action: string;
  target: string;
  from: number | null;
  to: number | { min: number; max: number } | string[] | null;
  message: string;
  changes?: Array<{ line: number; from: number; to: number }>;
  /** Regulatory remedies: the annex entry ("II/1339") or US section ("21 CFR 700.13"), and the regulation that set the rule. */
  ref?: string;
  regulation?: string;
}

/** The product as the check screened it; `area` null when not given. */
export interface ScreenedProductJson {
  productType: string;
  area: string | null;
  spray: boolean;
  childrenUnder3: boolean;
  professional: boolean;
}

export interface RepairJson {
  request: { base: string; basePct: number; ph: number; lines: Line[] };
  verdict: string;
  steps: Array<{ step: number; verdict: string; applied: RemedyJson[] }>;
}

/** A name the library could not resolve, with suggestions: one shape on every route. */
export interface UnmatchedJson {
  n: string;
  suggestions: string[];
}

export const unmatchedJson = (u: { n: string; suggestions: string[] }): UnmatchedJson => ({ n: u.n, suggestions: u.suggestions });

/** The documented fields of a check result (domain.md section 2), as the engine returns them. */
export interface CheckJson {
  verdict: string;
  categories: Array<{ code: string; name: string; load: number; max: number | null; share: number | null; status: string }>;
  remedies: RemedyJson[];
  maxLoads: Record<string, number>;
  lines: Array<{ n: string; inci: string | null; c: string | null; pct: number; matched: boolean; line: number; trace: boolean }>;
  unmatched: UnmatchedJson[];
  market: string;
  product: ScreenedProductJson;
  assumed: string[];
}

export function remedyToProto(r: RemedyJson): RemedyMsg {
  const to = r.to;
  return {
    code: r.code,
    action: r.action,
    target: r.target,
    ...(r.from === null ? {} : { from: r.from }),
    ...(to === null ? {} : typeof to === 'number' ? { toValue: to } : Array.isArray(to) ? { toNames: { names: to } } : { toRange: to }),
    message: r.message,
    changes: r.changes ?? [],
    ...(r.ref === undefined ? {} : { ref: r.ref }),
    ...(r.regulation === undefined ? {} : { regulation: r.regulation }),
  };
}

export function remedyJson(r: Remedy__Output): RemedyJson {
  return {
    code: r.code,
    action: r.action,
    target: r.target,
    from: r.from ?? null,
    to: r.to === 'toValue' ? (r.toValue ?? 0) : r.to === 'toRange' ? { min: r.toRange!.min, max: r.toRange!.max } : r.to === 'toNames' ? r.toNames!.names : null,
    message: r.message,
    ...(r.changes.length ? { changes: r.changes.map((c) => ({ line: c.line, from: c.from, to: c.to })) } : {}),
    ...(r.ref === undefined ? {} : { ref: r.ref }),
    ...(r.regulation === undefined ? {} : { regulation: r.regulation }),
  };
}

/** The /check body's product fields as the CheckRequest message carries them (absent stays absent). */
export function checkRequestExtrasToProto(b: Pick<CheckRequest, 'productType' | 'product' | 'market' | 'repair'>): { productType: string; product?: Product; market: string; repair: boolean } {
  return {
    productType: b.productType ?? '',
    ...(b.product === undefined ? {} : { product: { ...b.product } }),
    market: b.market ?? '',
    repair: b.repair === true,
  };
}

/** The CheckRequest message's product fields back as the /check body has them. */
export function checkRequestExtrasFromProto(m: Pick<CheckRequest__Output, 'productType' | 'product' | 'market' | 'repair'>): Pick<CheckRequest, 'productType' | 'product' | 'market' | 'repair'> {
  const p: Product__Output | null = m.product ?? null;
  return {
    ...(m.productType ? { productType: m.productType as ProductType } : {}),
    ...(p
      ? {
          product: {
            ...(p.area === undefined ? {} : { area: p.area as Area }),
            ...(p.spray === undefined ? {} : { spray: p.spray }),
            ...(p.childrenUnder3 === undefined ? {} : { childrenUnder3: p.childrenUnder3 }),
            ...(p.professional === undefined ? {} : { professional: p.professional }),
          },
        }
      : {}),
    ...(m.market ? { market: m.market as CheckMarket } : {}),
    ...(m.repair ? { repair: true } : {}),
  };
}

export function checkToProto(r: CheckJson, packVersion: string, extra: { regulatoryVersion: string; repair?: RepairJson } = { regulatoryVersion: '' }): CheckResponse {
  const p = r.product;
  return {
    verdict: r.verdict,
    categories: r.categories.map((c) => ({ code: c.code, name: c.name, load: c.load, status: c.status, ...(c.max === null ? {} : { max: c.max }), ...(c.share === null ? {} : { share: c.share }) })),
    remedies: r.remedies.map(remedyToProto),
    maxLoads: r.maxLoads,
    lines: r.lines.map((l) => ({ n: l.n, pct: l.pct, matched: l.matched, line: l.line, trace: l.trace, ...(l.inci === null ? {} : { inci: l.inci }), ...(l.c === null ? {} : { c: l.c }) })),
    unmatched: r.unmatched,
    packVersion,
    market: r.market,
    product: { productType: p.productType, ...(p.area === null ? {} : { area: p.area }), spray: p.spray, childrenUnder3: p.childrenUnder3, professional: p.professional },
    assumed: r.assumed,
    regulatoryVersion: extra.regulatoryVersion,
    ...(extra.repair
      ? {
          repaired: { base: extra.repair.request.base, basePct: extra.repair.request.basePct, ph: extra.repair.request.ph, lines: extra.repair.request.lines.map(lineToProto), verdict: extra.repair.verdict },
          repairSteps: extra.repair.steps.map((s) => ({ step: s.step, verdict: s.verdict, applied: s.applied.map(remedyToProto) })),
        }
      : {}),
  };
}

function productJson(p: ScreenedProductJson | ScreenedProduct__Output | null): ScreenedProductJson {
  return { productType: p?.productType ?? 'leave_on', area: p?.area ?? null, spray: p?.spray ?? false, childrenUnder3: p?.childrenUnder3 ?? false, professional: p?.professional ?? false };
}

/**
 * With repair: the repaired formula as a /check body (the request's product fields carried over,
 * so that sending it back checks the same product), its verdict, and the steps.
 */
function repairJson(r: RepairedFormula__Output, steps: RepairStep__Output[]): RepairJson {
  return {
    request: { base: r.base, basePct: r.basePct, ph: r.ph, lines: r.lines.map(lineFromProto) },
    verdict: r.verdict,
    steps: steps.map((s) => ({ step: s.step, verdict: s.verdict, applied: s.applied.map(remedyJson) })),
  };
}

export function checkJson(m: CheckResponse__Output): CheckJson & { packVersion: string; regulatoryVersion: string; repaired?: RepairJson['request'] & { verdict: string }; repairSteps?: RepairJson['steps'] } {
  const repair = m.repaired ? repairJson(m.repaired, m.repairSteps) : null;
  return {
    verdict: m.verdict,
    categories: m.categories.map((c) => ({ code: c.code, name: c.name, load: c.load, max: c.max ?? null, share: c.share ?? null, status: c.status })),
    remedies: m.remedies.map(remedyJson),
    maxLoads: m.maxLoads,
    lines: m.lines.map((l) => ({ n: l.n, inci: l.inci ?? null, c: l.c ?? null, pct: l.pct, matched: l.matched, line: l.line, trace: l.trace })),
    unmatched: m.unmatched.map(unmatchedJson),
    market: m.market || 'eu',
    product: productJson(m.product),
    assumed: m.assumed,
    packVersion: m.packVersion,
    regulatoryVersion: m.regulatoryVersion,
    ...(repair ? { repaired: { ...repair.request, verdict: repair.verdict }, repairSteps: repair.steps } : {}),
  };
}
