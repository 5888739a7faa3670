// Original file: protos/svc/v1/preservation.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AssessRequest as _svc_v1_AssessRequest, AssessRequest__Output as _svc_v1_AssessRequest__Output } from '../../svc/v1/AssessRequest';
import type { AssessResponse as _svc_v1_AssessResponse, AssessResponse__Output as _svc_v1_AssessResponse__Output } from '../../svc/v1/AssessResponse';

export interface PreservationClient extends grpc.Client {
  Assess(argument: _svc_v1_AssessRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_AssessResponse__Output>): grpc.ClientUnaryCall;
  Assess(argument: _svc_v1_AssessRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_AssessResponse__Output>): grpc.ClientUnaryCall;
  Assess(argument: _svc_v1_AssessRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_AssessResponse__Output>): grpc.ClientUnaryCall;
  Assess(argument: _svc_v1_AssessRequest, callback: grpc.requestCallback<_svc_v1_AssessResponse__Output>): grpc.ClientUnaryCall;
  assess(argument: _svc_v1_AssessRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_AssessResponse__Output>): grpc.ClientUnaryCall;
  assess(argument: _svc_v1_AssessRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_AssessResponse__Output>): grpc.ClientUnaryCall;
  assess(argument: _svc_v1_AssessRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_AssessResponse__Output>): grpc.ClientUnaryCall;
  assess(argument: _svc_v1_AssessRequest, callback: grpc.requestCallback<_svc_v1_AssessResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface PreservationHandlers extends grpc.UntypedServiceImplementation {
  Assess: grpc.handleUnaryCall<_svc_v1_AssessRequest__Output, _svc_v1_AssessResponse>;
  
}

export interface PreservationDefinition extends grpc.ServiceDefinition {
  Assess: MethodDefinition<_svc_v1_AssessRequest, _svc_v1_AssessResponse, _svc_v1_AssessRequest__Output, _svc_v1_AssessResponse__Output>
}
