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
export { BandsPackSchema, bandOf, DISCLOSURE_BANDS, parseBands, sameBand, type Band, type BandsPack } from './bands';
export { ChassisFileSchema, COMPONENT_SUM_TOLERANCE, type ChassisFile } from './schema';
export { LeakError, assertNoLeak, findLeaks, type LeakFinding, type LeakOptions } from './guard';
export { assertCallerNames, releaseOrWithhold } from './egress';
