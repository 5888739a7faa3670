/**
 * Loads the gRPC contracts at run time with the same options the type generator used, and
 * exposes each service's constructor and definition with its generated types.
 */
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { fileURLToPath } from 'node:url';
import type { ProtoGrpcType as Common } from '../gen/common';
import type { ProtoGrpcType as HealthProto } from '../gen/health';
import type { ProtoGrpcType as LibraryProto } from '../gen/library';
import type { ProtoGrpcType as EnvelopeProto } from '../gen/envelope';
import type { ProtoGrpcType as PreservationProto } from '../gen/preservation';
import type { ProtoGrpcType as LabelProto } from '../gen/label';
import type { ProtoGrpcType as MeteringProto } from '../gen/metering';
import type { ProtoGrpcType as ComplianceProto } from '../gen/compliance';
import type { ProtoGrpcType as OAuthProto } from '../gen/oauth';

export const PROTO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Keep in step with the flags in scripts/gen-protos.mjs. */
export const LOADER_OPTIONS: protoLoader.Options = {
  keepCase: false,
  longs: String,
  enums: String,
  defaults: true,
  oneofs: true,
  includeDirs: [PROTO_ROOT],
};

function load<T>(file: string | string[]): T {
  const def = protoLoader.loadSync(file, LOADER_OPTIONS);
  return grpc.loadPackageDefinition(def) as unknown as T;
}

type All = Common & HealthProto & LibraryProto & EnvelopeProto & PreservationProto & LabelProto & MeteringProto & ComplianceProto & OAuthProto;

const all = load<All>([
  'svc/v1/common.proto', 'grpc/health/v1/health.proto', 'svc/v1/library.proto', 'svc/v1/envelope.proto',
  'svc/v1/preservation.proto', 'svc/v1/label.proto', 'svc/v1/metering.proto', 'svc/v1/compliance.proto', 'svc/v1/oauth.proto',
]);

export const proto = {
  health: all.grpc.health.v1.Health,
  library: all.svc.v1.Library,
  envelope: all.svc.v1.Envelope,
  preservation: all.svc.v1.Preservation,
  label: all.svc.v1.Label,
  /** The chassis' published bands, served by the label process to the envelope; never called by the gateway. */
  labelChassis: all.svc.v1.LabelChassis,
  metering: all.svc.v1.Metering,
  /** Operators' commands (the admin CLI); served by the metering process, never called by the gateway. */
  meteringAdmin: all.svc.v1.MeteringAdmin,
  compliance: all.svc.v1.Compliance,
  /** Served by the metering process beside Metering (it owns the accounts), so not a ServiceName. */
  oauth: all.svc.v1.OAuth,
};

export const OAUTH_QUALIFIED = 'svc.v1.OAuth';

export type ServiceName = 'library' | 'envelope' | 'preservation' | 'label' | 'metering' | 'compliance';
export const SERVICE_NAMES: readonly ServiceName[] = ['library', 'envelope', 'preservation', 'label', 'metering', 'compliance'];

/** The fully qualified gRPC name, as health checks and logs name a service. */
export const QUALIFIED: Record<ServiceName, string> = {
  library: 'svc.v1.Library',
  envelope: 'svc.v1.Envelope',
  preservation: 'svc.v1.Preservation',
  label: 'svc.v1.Label',
  metering: 'svc.v1.Metering',
  compliance: 'svc.v1.Compliance',
};

export type { LibraryClient, LibraryHandlers } from '../gen/svc/v1/Library';
export type { EnvelopeClient, EnvelopeHandlers } from '../gen/svc/v1/Envelope';
export type { PreservationClient, PreservationHandlers } from '../gen/svc/v1/Preservation';
export type { LabelClient, LabelHandlers } from '../gen/svc/v1/Label';
export type { LabelChassisClient, LabelChassisHandlers } from '../gen/svc/v1/LabelChassis';
export type { MeteringClient, MeteringHandlers } from '../gen/svc/v1/Metering';
export type { MeteringAdminClient, MeteringAdminHandlers } from '../gen/svc/v1/MeteringAdmin';
export type { ComplianceClient, ComplianceHandlers } from '../gen/svc/v1/Compliance';
export type { OAuthClient, OAuthHandlers } from '../gen/svc/v1/OAuth';
export type { HealthClient, HealthHandlers } from '../gen/grpc/health/v1/Health';
export type { Definitions, MethodName, RequestOf, ResponseOf } from './calls';
export * from './mappers/index';
export { EVENTS, publishEvent, subscribeEvent, type EventName, type EventOf } from './events';
