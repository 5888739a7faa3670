/** The envelope engine: pure functions the gRPC server calls. */
export { checkFormula, namesToResolve, maxLoadsFor } from './check';
export type { ChassisShare, CheckResult, CategoryLoad, LineResult, MaxLoads, Verdict } from './check';
export type { Unmatched } from './analyse';
export { DEFAULT_PACK, compilePack, CapacityPackSchema } from './pack';
export type { EnvelopePack, ArchitectureCaps, CapacityPackJson } from './pack';
export { benchCheck } from './bench';
export { repairFormula, REPAIR_NAMES, REPAIR_ROUNDS } from './repair';
export type { Repair, RepairStep } from './repair';
