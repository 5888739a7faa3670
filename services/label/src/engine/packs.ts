/**
 * The label's data packs, validated once at module load (never in the hot path): disclosure
 * bands, the Annex III fragrance-allergen thresholds, and the fixed order of the ingredients at or below 1 %.
 */
import { z } from 'zod';
import { CATEGORY_CODES } from '@svc/formula';
import { DISCLOSURE_BANDS, type BandsPack } from '@svc/chassis';
import allergensJson from '../data/allergen-thresholds.json';
import orderJson from '../data/label-order.json';

export const DEFAULT_BANDS: BandsPack = DISCLOSURE_BANDS;

const AllergenPackSchema = z.object({
  version: z.string().min(1),
  source: z.string().min(1),
  regulation: z.string().min(1),
  thresholds: z.object({ leave_on: z.number().positive(), rinse_off: z.number().positive() }),
});

/**
 * The labelling thresholds of the Annex III fragrance allergens: label law, so the label's own.
 * Which names form one entry is library data, read from each ingredient's allergenRef.
 */
export interface AllergenPack {
  version: string;
  thresholds: { leave_on: number; rinse_off: number };
}

export function parseAllergens(raw: unknown): AllergenPack {
  const p = AllergenPackSchema.parse(raw);
  return { version: p.version, thresholds: p.thresholds };
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
