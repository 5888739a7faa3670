/**
 * The product as the annexes describe it: where it is applied, whether it is rinsed off, and the
 * circumstances the annexes single out (sprays, children under three, professional use). A scope of
 * an annex entry is a set of cells `area:use`, so "rinse-off hair products" and "other products"
 * are plain sets and the screen only asks whether the product's cell is in them.
 */
export const AREAS = ['skin', 'face', 'eye', 'lip', 'oral', 'hair', 'scalp', 'nail', 'body'] as const;
export type Area = (typeof AREAS)[number];

export const PRODUCT_TYPES = ['leave_on', 'rinse_off'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** "hair:rinse_off" */
export type Cell = `${Area}:${ProductType}`;

export const cellOf = (area: Area, use: ProductType): Cell => `${area}:${use}`;

export const ALL_CELLS: readonly Cell[] = AREAS.flatMap((a) => PRODUCT_TYPES.map((u) => cellOf(a, u)));

/** The product a formula is for. `area` null: not given, so every area stays possible. */
export interface ProductDescription {
  productType: ProductType;
  area: Area | null;
  spray: boolean;
  childrenUnder3: boolean;
  professional: boolean;
}

/**
 * What the check assumes for a field the request leaves out. Leave-on, not a spray, not for
 * children under three and not professional are the strictest readings of the annexes for a
 * chassis formula (a serum or a cream); the area is left open rather than guessed.
 */
export const PRODUCT_DEFAULTS: ProductDescription = {
  productType: 'leave_on',
  area: null,
  spray: false,
  childrenUnder3: false,
  professional: false,
};

/** The cells a product may be in: one when the area is given, one per area otherwise. */
export function cellsOf(p: ProductDescription): Cell[] {
  return p.area === null ? AREAS.map((a) => cellOf(a, p.productType)) : [cellOf(p.area, p.productType)];
}
