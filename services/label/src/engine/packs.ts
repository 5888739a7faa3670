/**
 * The label's data packs, validated once at module load (never in the hot path): disclosure
 * bands, the Annex III fragrance allergens, and the fixed order of the ingredients at or below 1 %.
 */
import { z } from 'zod';
import { normaliseName, CATEGORY_CODES } from '@svc/formula';
import { DISCLOSURE_BANDS, type BandsPack } from '@svc/chassis';
import allergensJson from '../data/fragrance-allergens.json';
import orderJson from '../data/label-order.json';

export const DEFAULT_BANDS: BandsPack = DISCLOSURE_BANDS;

const AllergenPackSchema = z.object({
  version: z.string().min(1),
  source: z.string().min(1),
  vintage: z.string(),
  thresholds: z.object({ leave_on: z.number().positive(), rinse_off: z.number().positive() }),
  entries: z
    .array(z.object({ ref: z.string().regex(/^III\/\d+[a-z]?$/), members: z.array(z.string().min(1)).min(1), labelAs: z.string().optional() }))
    .min(1),
});

export interface AllergenPack {
  version: string;
  thresholds: { leave_on: number; rinse_off: number };
  /** Normalised member name → Annex III reference of its entry. */
  refOf: ReadonlyMap<string, string>;
}

export function parseAllergens(raw: unknown): AllergenPack {
  const p = AllergenPackSchema.parse(raw);
  const refOf = new Map<string, string>();
  for (const e of p.entries) {
    for (const m of e.members) {
      const key = normaliseName(m);
      const prev = refOf.get(key);
      if (prev && prev !== e.ref) throw new Error(`allergen pack: ${m} belongs to both ${prev} and ${e.ref}`);
      refOf.set(key, e.ref);
    }
  }
  return { version: p.version, thresholds: p.thresholds, refOf };
}

export const ALLERGENS: AllergenPack = parseAllergens(allergensJson);

/** Group of the named fragrance allergens in the fixed order (follows FR, which holds PARFUM). */
export const ALLERGEN_GROUP = 'FRAGRANCE_ALLERGEN';

const OrderPackSchema = z.object({
  version: z.string().min(1),
  groups: z.array(z.string()).superRefine((groups, ctx) => {
    for (const c of [...CATEGORY_CODES, ALLERGEN_GROUP]) {
      if (!groups.includes(c)) ctx.addIssue({ code: 'custom', message: `group ${c} is missing` });
    }
    if (new Set(groups).size !== groups.length) ctx.addIssue({ code: 'custom', message: 'groups must not repeat' });
  }),
});

export interface OrderPack {
  version: string;
  rank: ReadonlyMap<string, number>;
}

export function parseOrder(raw: unknown): OrderPack {
  const p = OrderPackSchema.parse(raw);
  return { version: p.version, rank: new Map(p.groups.map((g, i) => [g, i])) };
}

export const LABEL_ORDER: OrderPack = parseOrder(orderJson);
