/**
 * The product a formula is for, as chemists and the EU annexes describe it (issue 29): leave-on or
 * rinse-off, where it is applied, and the circumstances the annexes single out. Optional on /check;
 * what the check assumed for a missing field is stated in its answer.
 */
import { z } from 'zod';

export const PRODUCT_TYPES = ['leave_on', 'rinse_off'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const AREAS = ['skin', 'face', 'eye', 'lip', 'oral', 'hair', 'scalp', 'nail', 'body'] as const;
export type Area = (typeof AREAS)[number];

/** Markets /check screens: the EU annexes, or the US 21 CFR pack (@svc/regulation). */
export const CHECK_MARKETS = ['eu', 'us'] as const;
export type CheckMarket = (typeof CHECK_MARKETS)[number];

const flag = (what: string) => z.boolean({ error: `must be true or false (${what})` }).optional();

export const ProductSchema = z.strictObject(
  {
    area: z.enum(AREAS, { error: `must be one of ${AREAS.join(', ')}` }).optional(),
    spray: flag('a spray or other product that may be inhaled'),
    childrenUnder3: flag('intended for children under 3'),
    professional: flag('for professional use only'),
  },
  { error: 'must be an object {area, spray, childrenUnder3, professional}' },
);
export type ProductInput = z.output<typeof ProductSchema>;

/** The product with every field settled: area null when not given (every area stays possible). */
export interface ProductDescription {
  productType: ProductType;
  area: Area | null;
  spray: boolean;
  childrenUnder3: boolean;
  professional: boolean;
}

/**
 * What a missing field is taken to be. Leave-on, not a spray, not for children under three and not
 * professional are the strictest readings of the annexes; the area is left open, not guessed.
 */
export const PRODUCT_DEFAULTS: ProductDescription = {
  productType: 'leave_on',
  area: null,
  spray: false,
  childrenUnder3: false,
  professional: false,
};

/** The settled product and the names of the fields that took their default. */
export function describeProduct(productType: ProductType | undefined, product: ProductInput | undefined): { product: ProductDescription; assumed: string[] } {
  const assumed: string[] = [];
  const pick = <K extends keyof ProductDescription>(k: K, given: ProductDescription[K] | undefined, name: string): ProductDescription[K] => {
    if (given === undefined) {
      assumed.push(name);
      return PRODUCT_DEFAULTS[k];
    }
    return given;
  };
  return {
    product: {
      productType: pick('productType', productType, 'productType'),
      area: pick('area', product?.area, 'product.area'),
      spray: pick('spray', product?.spray, 'product.spray'),
      childrenUnder3: pick('childrenUnder3', product?.childrenUnder3, 'product.childrenUnder3'),
      professional: pick('professional', product?.professional, 'product.professional'),
    },
    assumed,
  };
}
