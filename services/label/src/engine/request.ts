/** The body of POST /inci/label lives in @svc/formula, shared with the gateway. */
export {
  LABEL_MARKETS as MARKETS,
  LabelRequestSchema,
  MODES,
  NbPctSchema,
  PhSchema,
  PRODUCT_TYPES,
  parseLabelRequest,
  type LabelMarket as Market,
  type LabelRequest,
  type Mode,
  type ProductType,
} from '@svc/formula';
