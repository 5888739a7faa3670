// Original file: protos/svc/v1/compliance.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { LiftRequest as _svc_v1_LiftRequest, LiftRequest__Output as _svc_v1_LiftRequest__Output } from '../../svc/v1/LiftRequest';
import type { ListRefusalsRequest as _svc_v1_ListRefusalsRequest, ListRefusalsRequest__Output as _svc_v1_ListRefusalsRequest__Output } from '../../svc/v1/ListRefusalsRequest';
import type { ListRefusalsResponse as _svc_v1_ListRefusalsResponse, ListRefusalsResponse__Output as _svc_v1_ListRefusalsResponse__Output } from '../../svc/v1/ListRefusalsResponse';
import type { RecordRefusalRequest as _svc_v1_RecordRefusalRequest, RecordRefusalRequest__Output as _svc_v1_RecordRefusalRequest__Output } from '../../svc/v1/RecordRefusalRequest';
import type { RefusalOutcome as _svc_v1_RefusalOutcome, RefusalOutcome__Output as _svc_v1_RefusalOutcome__Output } from '../../svc/v1/RefusalOutcome';
import type { ScreenRequest as _svc_v1_ScreenRequest, ScreenRequest__Output as _svc_v1_ScreenRequest__Output } from '../../svc/v1/ScreenRequest';
import type { ScreenResponse as _svc_v1_ScreenResponse, ScreenResponse__Output as _svc_v1_ScreenResponse__Output } from '../../svc/v1/ScreenResponse';
import type { Standing as _svc_v1_Standing, Standing__Output as _svc_v1_Standing__Output } from '../../svc/v1/Standing';
import type { StandingRequest as _svc_v1_StandingRequest, StandingRequest__Output as _svc_v1_StandingRequest__Output } from '../../svc/v1/StandingRequest';

export interface ComplianceClient extends grpc.Client {
  GetStanding(argument: _svc_v1_StandingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_Standing__Output>): grpc.ClientUnaryCall;
  GetStanding(argument: _svc_v1_StandingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_Standing__Output>): grpc.ClientUnaryCall;
  GetStanding(argument: _svc_v1_StandingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_Standing__Output>): grpc.ClientUnaryCall;
  GetStanding(argument: _svc_v1_StandingRequest, callback: grpc.requestCallback<_svc_v1_Standing__Output>): grpc.ClientUnaryCall;
  getStanding(argument: _svc_v1_StandingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_Standing__Output>): grpc.ClientUnaryCall;
  getStanding(argument: _svc_v1_StandingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_Standing__Output>): grpc.ClientUnaryCall;
  getStanding(argument: _svc_v1_StandingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_Standing__Output>): grpc.ClientUnaryCall;
  getStanding(argument: _svc_v1_StandingRequest, callback: grpc.requestCallback<_svc_v1_Standing__Output>): grpc.ClientUnaryCall;
  
  Lift(argument: _svc_v1_LiftRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_Standing__Output>): grpc.ClientUnaryCall;
  Lift(argument: _svc_v1_LiftRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_Standing__Output>): grpc.ClientUnaryCall;
  Lift(argument: _svc_v1_LiftRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_Standing__Output>): grpc.ClientUnaryCall;
  Lift(argument: _svc_v1_LiftRequest, callback: grpc.requestCallback<_svc_v1_Standing__Output>): grpc.ClientUnaryCall;
  lift(argument: _svc_v1_LiftRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_Standing__Output>): grpc.ClientUnaryCall;
  lift(argument: _svc_v1_LiftRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_Standing__Output>): grpc.ClientUnaryCall;
  lift(argument: _svc_v1_LiftRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_Standing__Output>): grpc.ClientUnaryCall;
  lift(argument: _svc_v1_LiftRequest, callback: grpc.requestCallback<_svc_v1_Standing__Output>): grpc.ClientUnaryCall;
  
  ListRefusals(argument: _svc_v1_ListRefusalsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ListRefusalsResponse__Output>): grpc.ClientUnaryCall;
  ListRefusals(argument: _svc_v1_ListRefusalsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_ListRefusalsResponse__Output>): grpc.ClientUnaryCall;
  ListRefusals(argument: _svc_v1_ListRefusalsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ListRefusalsResponse__Output>): grpc.ClientUnaryCall;
  ListRefusals(argument: _svc_v1_ListRefusalsRequest, callback: grpc.requestCallback<_svc_v1_ListRefusalsResponse__Output>): grpc.ClientUnaryCall;
  listRefusals(argument: _svc_v1_ListRefusalsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ListRefusalsResponse__Output>): grpc.ClientUnaryCall;
  listRefusals(argument: _svc_v1_ListRefusalsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_ListRefusalsResponse__Output>): grpc.ClientUnaryCall;
  listRefusals(argument: _svc_v1_ListRefusalsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ListRefusalsResponse__Output>): grpc.ClientUnaryCall;
  listRefusals(argument: _svc_v1_ListRefusalsRequest, callback: grpc.requestCallback<_svc_v1_ListRefusalsResponse__Output>): grpc.ClientUnaryCall;
  
  RecordRefusal(argument: _svc_v1_RecordRefusalRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_RefusalOutcome__Output>): grpc.ClientUnaryCall;
  RecordRefusal(argument: _svc_v1_RecordRefusalRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_RefusalOutcome__Output>): grpc.ClientUnaryCall;
  RecordRefusal(argument: _svc_v1_RecordRefusalRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_RefusalOutcome__Output>): grpc.ClientUnaryCall;
  RecordRefusal(argument: _svc_v1_RecordRefusalRequest, callback: grpc.requestCallback<_svc_v1_RefusalOutcome__Output>): grpc.ClientUnaryCall;
  recordRefusal(argument: _svc_v1_RecordRefusalRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_RefusalOutcome__Output>): grpc.ClientUnaryCall;
  recordRefusal(argument: _svc_v1_RecordRefusalRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_RefusalOutcome__Output>): grpc.ClientUnaryCall;
  recordRefusal(argument: _svc_v1_RecordRefusalRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_RefusalOutcome__Output>): grpc.ClientUnaryCall;
  recordRefusal(argument: _svc_v1_RecordRefusalRequest, callback: grpc.requestCallback<_svc_v1_RefusalOutcome__Output>): grpc.ClientUnaryCall;
  
  Screen(argument: _svc_v1_ScreenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ScreenResponse__Output>): grpc.ClientUnaryCall;
  Screen(argument: _svc_v1_ScreenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_ScreenResponse__Output>): grpc.ClientUnaryCall;
  Screen(argument: _svc_v1_ScreenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ScreenResponse__Output>): grpc.ClientUnaryCall;
  Screen(argument: _svc_v1_ScreenRequest, callback: grpc.requestCallback<_svc_v1_ScreenResponse__Output>): grpc.ClientUnaryCall;
  screen(argument: _svc_v1_ScreenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ScreenResponse__Output>): grpc.ClientUnaryCall;
  screen(argument: _svc_v1_ScreenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_ScreenResponse__Output>): grpc.ClientUnaryCall;
  screen(argument: _svc_v1_ScreenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ScreenResponse__Output>): grpc.ClientUnaryCall;
  screen(argument: _svc_v1_ScreenRequest, callback: grpc.requestCallback<_svc_v1_ScreenResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface ComplianceHandlers extends grpc.UntypedServiceImplementation {
  GetStanding: grpc.handleUnaryCall<_svc_v1_StandingRequest__Output, _svc_v1_Standing>;
  
  Lift: grpc.handleUnaryCall<_svc_v1_LiftRequest__Output, _svc_v1_Standing>;
  
  ListRefusals: grpc.handleUnaryCall<_svc_v1_ListRefusalsRequest__Output, _svc_v1_ListRefusalsResponse>;
  
  RecordRefusal: grpc.handleUnaryCall<_svc_v1_RecordRefusalRequest__Output, _svc_v1_RefusalOutcome>;
  
  Screen: grpc.handleUnaryCall<_svc_v1_ScreenRequest__Output, _svc_v1_ScreenResponse>;
  
}

export interface ComplianceDefinition extends grpc.ServiceDefinition {
  GetStanding: MethodDefinition<_svc_v1_StandingRequest, _svc_v1_Standing, _svc_v1_StandingRequest__Output, _svc_v1_Standing__Output>
  Lift: MethodDefinition<_svc_v1_LiftRequest, _svc_v1_Standing, _svc_v1_LiftRequest__Output, _svc_v1_Standing__Output>
  ListRefusals: MethodDefinition<_svc_v1_ListRefusalsRequest, _svc_v1_ListRefusalsResponse, _svc_v1_ListRefusalsRequest__Output, _svc_v1_ListRefusalsResponse__Output>
  RecordRefusal: MethodDefinition<_svc_v1_RecordRefusalRequest, _svc_v1_RefusalOutcome, _svc_v1_RecordRefusalRequest__Output, _svc_v1_RefusalOutcome__Output>
  Screen: MethodDefinition<_svc_v1_ScreenRequest, _svc_v1_ScreenResponse, _svc_v1_ScreenRequest__Output, _svc_v1_ScreenResponse__Output>
}
