/**
 * The product as the annexes' scopes read it. A scope of an annex entry is a set of cells
 * `area:use`, so "rinse-off hair products" and "other products" are plain sets and the screen only
 * asks whether the product's cell is in them. The product description itself is @svc/formula's.
 */
import { AREAS, PRODUCT_TYPES, type Area, type ProductDescription, type ProductType } from '@svc/formula';

export { AREAS, PRODUCT_TYPES, type Area, type ProductType };

/** "hair:rinse_off" */
export type Cell = `${Area}:${ProductType}`;

export const cellOf = (area: Area, use: ProductType): Cell => `${area}:${use}`;

export const ALL_CELLS: readonly Cell[] = AREAS.flatMap((a) => PRODUCT_TYPES.map((u) => cellOf(a, u)));

/** The cells a product may be in: one when the area is given, one per area otherwise. */
export function cellsOf(p: ProductDescription): Cell[] {
  return p.area === null ? AREAS.map((a) => cellOf(a, p.productType)) : [cellOf(p.area, p.productType)];
}
