/**
 * The formula bodies (POST /check, /inci/label, /ai/preservation) recognised without zod when they
 * are plainly valid. Every formula call is validated twice, at the gateway and again by the compute
 * service, and zod's general machinery (a check object per rule, a copy of every line) was a tenth
 * of the gateway's CPU per POST /check. The schemas stay the definition and the only source of
 * error messages: a quick path may only ever say "valid, and this is what the schema returns";
 * anything unusual (an unknown key, a missing field, an object that is not a plain one) goes to zod.
 * test/quick-validation.test.ts holds every quick path to its schema on generated bodies and on
 * every name of the shipped catalogue.
 */
import { ARCHITECTURES, BLEND_TOLERANCE, CANARY_SHAPE, LONE_SURROGATE, MAX_INGREDIENTS, type Line } from './line';
import { CheckRequestSchema, type CheckRequest } from './check-request';
import { LABEL_MARKETS, LabelRequestSchema, MODES, PRESERVATION_MARKETS, PreservationRequestSchema, type LabelRequest, type PreservationRequest } from './requests';
import { AREAS, CHECK_MARKETS, PRODUCT_TYPES } from './product';
import { quickPath } from './validate';
import { isRegistryName } from './registry-number';

const LETTER = /\p{L}/u;
const CONTROL = /[\u0000-\u001f\u007f]/;

type Plain = Record<string, unknown>;

/** An object literal or JSON.parse's object; class instances, arrays and the like go to zod. */
function plain(v: unknown): v is Plain {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

function onlyKeys(o: Plain, allowed: ReadonlySet<string>): boolean {
  for (const k of Object.keys(o)) if (!allowed.has(k)) return false;
  return true;
}

const oneOf = (values: readonly string[]) => (v: unknown): v is string => typeof v === 'string' && values.includes(v);
const isArchitecture = oneOf(ARCHITECTURES);

// The rules of line.ts' and check-request.ts' schemas, as predicates.
const isName = (s: unknown): s is string =>
  typeof s === 'string' && s.length <= 200 && s.trim().length >= 1 && (LETTER.test(s) || isRegistryName(s)) && !CONTROL.test(s) && !LONE_SURROGATE.test(s) && !CANARY_SHAPE.test(s);
const isPct = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 100;
const isShare = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= 100;
const isPh = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 14;
const isFraction = (v: unknown): boolean => v === 'trace' || (typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= 1);
const isNano = (v: unknown): boolean => v === undefined || typeof v === 'boolean';

const PLAIN_LINE = new Set(['n', 'pct', 'nano']);
const BLEND_LINE = new Set(['pct', 'blend', 'nano']);
const COMPONENT = new Set(['n', 'f']);

/** The ingredients a valid line holds (1, or its blend's components), or 0 when zod must judge it. */
function lineIngredients(line: unknown): number {
  if (!plain(line)) return 0;
  if (!('blend' in line)) return onlyKeys(line, PLAIN_LINE) && isName(line.n) && isPct(line.pct) && isNano(line.nano) ? 1 : 0;
  const blend = line.blend;
  if (!onlyKeys(line, BLEND_LINE) || !isPct(line.pct) || !isNano(line.nano) || !Array.isArray(blend) || blend.length < 1 || blend.length > 50) return 0;
  // The sum as LineSchema adds it, in the same order, so the tolerance decides the same way.
  let sum = 0;
  let allTrace = true;
  for (const c of blend) {
    if (!plain(c) || !onlyKeys(c, COMPONENT) || !isName(c.n) || !isFraction(c.f)) return 0;
    if (c.f !== 'trace') allTrace = false;
    sum += c.f === 'trace' ? 0 : (c.f as number);
  }
  return allTrace || Math.abs(sum - 1) <= BLEND_TOLERANCE ? blend.length : 0;
}

export function quickLines(v: unknown): v is Line[] {
  if (!Array.isArray(v) || v.length < 1 || v.length > 200) return false;
  let ingredients = 0;
  for (const line of v) {
    const n = lineIngredients(line);
    if (n === 0) return false;
    ingredients += n;
  }
  return ingredients <= MAX_INGREDIENTS;
}

const CHECK = new Set(['base', 'basePct', 'ph', 'lines', 'productType', 'product', 'market', 'repair']);
const PRODUCT = new Set(['area', 'spray', 'childrenUnder3', 'professional']);
const optionalFlag = (v: unknown): boolean => v === undefined || typeof v === 'boolean';

/** The product fields of /check (product.ts), all optional. */
function quickProductFields(v: Plain): boolean {
  if (v.productType !== undefined && !(PRODUCT_TYPES as readonly unknown[]).includes(v.productType)) return false;
  if (v.market !== undefined && !(CHECK_MARKETS as readonly unknown[]).includes(v.market)) return false;
  if (!optionalFlag(v.repair)) return false;
  const p = v.product;
  if (p === undefined) return true;
  if (!plain(p) || !onlyKeys(p, PRODUCT)) return false;
  return (p.area === undefined || (AREAS as readonly unknown[]).includes(p.area)) && optionalFlag(p.spray) && optionalFlag(p.childrenUnder3) && optionalFlag(p.professional);
}

export function quickCheckRequest(v: unknown): CheckRequest | undefined {
  if (!plain(v) || !onlyKeys(v, CHECK)) return undefined;
  return isArchitecture(v.base) && isShare(v.basePct) && isPh(v.ph) && quickLines(v.lines) && quickProductFields(v) ? (v as unknown as CheckRequest) : undefined;
}

const LABEL = new Set(['variant', 'nbPct', 'lines', 'productType', 'mode', 'market', 'ph']);
const PRESERVATION = new Set(['variant', 'nbPct', 'lines', 'productType', 'market', 'ph']);
const optional = (is: (v: unknown) => boolean) => (v: unknown) => v === undefined || is(v);
const isProductType = optional(oneOf(PRODUCT_TYPES));

/** The fields label and preservation share, checked; the schema's defaults are the caller's to apply. */
function formulaBody(v: unknown, keys: ReadonlySet<string>): Plain | undefined {
  if (!plain(v) || !onlyKeys(v, keys)) return undefined;
  return isArchitecture(v.variant) && isShare(v.nbPct) && quickLines(v.lines) && isProductType(v.productType) && optional(isPh)(v.ph) ? v : undefined;
}

const withPh = (ph: unknown) => (ph === undefined ? {} : { ph: ph as number });

export function quickLabelRequest(v: unknown): LabelRequest | undefined {
  const b = formulaBody(v, LABEL);
  if (!b || !optional(oneOf(MODES))(b.mode) || !optional(oneOf(LABEL_MARKETS))(b.market)) return undefined;
  return {
    variant: b.variant,
    nbPct: b.nbPct,
    lines: b.lines,
    productType: b.productType ?? 'leave_on',
    mode: b.mode ?? 'label',
    market: b.market ?? 'eu',
    ...withPh(b.ph),
  } as LabelRequest;
}

export function quickPreservationRequest(v: unknown): PreservationRequest | undefined {
  const b = formulaBody(v, PRESERVATION);
  if (!b || !optional(oneOf(PRESERVATION_MARKETS))(b.market)) return undefined;
  return { variant: b.variant, nbPct: b.nbPct, lines: b.lines, productType: b.productType ?? 'leave_on', market: b.market ?? 'eu', ...withPh(b.ph) } as PreservationRequest;
}

quickPath(CheckRequestSchema, quickCheckRequest);
quickPath(LabelRequestSchema, quickLabelRequest);
quickPath(PreservationRequestSchema, quickPreservationRequest);
