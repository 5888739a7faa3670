export {
  buildLabel,
  callerAmounts,
  namesToResolve,
  ORDERED_ABOVE,
  type CompositionModeResponse,
  type CompositionRow,
  type LabelModeResponse,
  type LabelPacks,
  type LabelResponse,
} from './label';
export {
  LabelRequestSchema,
  MARKETS,
  MODES,
  NbPctSchema,
  PhSchema,
  PRODUCT_TYPES,
  parseLabelRequest,
  type LabelRequest,
  type Market,
  type Mode,
  type ProductType,
} from './request';
export { ALLERGENS, DEFAULT_BANDS, LABEL_ORDER, parseAllergens, parseOrder, type AllergenPack, type OrderPack } from './packs';
export { ChassisBandsRequestSchema, publishedShares, type PublishedShare } from './published';
