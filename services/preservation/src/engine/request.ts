/** The body of POST /ai/preservation lives in @svc/formula, shared with the gateway. */
export {
  PRESERVATION_MARKETS as MARKETS,
  PreservationRequestSchema,
  PRODUCT_TYPES,
  parsePreservationRequest,
  type PreservationMarket as Market,
  type PreservationRequest,
  type ProductType,
} from '@svc/formula';
