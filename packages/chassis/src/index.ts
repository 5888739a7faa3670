export {
  Chassis,
  ChassisError,
  CHASSIS_FILE_ENV,
  DEFAULT_CHASSIS_FILE,
  bandedChassis,
  chassisFileFromEnv,
  loadChassis,
  loadChassisFromEnv,
  parseChassis,
  type BandedComponent,
  type ChassisArchitecture,
} from './chassis';
// The policy is public and lives in @svc/disclosure; re-exported for the two engines that apply it.
export { BandsPackSchema, bandOf, contributionOf, DISCLOSURE_BANDS, parseBands, sameBand, type Band, type BandsPack } from '@svc/disclosure';
export { ChassisFileSchema, COMPONENT_SUM_TOLERANCE, type ChassisFile } from './schema';
export { LeakError, assertNoLeak, findLeaks, type LeakFinding, type LeakOptions } from './guard';
export { assertCallerNames, callerNamesOf, releaseOrWithhold } from './egress';
