export { assessPreservation, namesToResolve, type Cap, type CapStatus, type PreservationPacks, type PreservationResponse, type Reason, type TopUpOption } from './assess';
export { PreservationRequestSchema, MARKETS, PRODUCT_TYPES, parsePreservationRequest, type Market, type PreservationRequest, type ProductType } from './request';
export { ANNEX_V, DEFAULT_BANDS, RULES, WATER_ACTIVITY, parseAnnex, parseAw, parseRules, type AnnexPack, type AwPack, type Rules } from './packs';
export { waterActivity } from './water';
