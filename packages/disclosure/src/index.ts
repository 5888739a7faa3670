export { BandsPackSchema, DISCLOSURE_BANDS, bandOf, contributionOf, parseBands, sameBand, type Band, type BandsPack } from './bands';
