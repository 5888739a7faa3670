// Original file: protos/svc/v1/envelope.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CheckRequest as _svc_v1_CheckRequest, CheckRequest__Output as _svc_v1_CheckRequest__Output } from '../../svc/v1/CheckRequest';
import type { CheckResponse as _svc_v1_CheckResponse, CheckResponse__Output as _svc_v1_CheckResponse__Output } from '../../svc/v1/CheckResponse';

export interface EnvelopeClient extends grpc.Client {
  Check(argument: _svc_v1_CheckRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_CheckResponse__Output>): grpc.ClientUnaryCall;
  Check(argument: _svc_v1_CheckRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_CheckResponse__Output>): grpc.ClientUnaryCall;
  Check(argument: _svc_v1_CheckRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_CheckResponse__Output>): grpc.ClientUnaryCall;
  Check(argument: _svc_v1_CheckRequest, callback: grpc.requestCallback<_svc_v1_CheckResponse__Output>): grpc.ClientUnaryCall;
  check(argument: _svc_v1_CheckRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_CheckResponse__Output>): grpc.ClientUnaryCall;
  check(argument: _svc_v1_CheckRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_CheckResponse__Output>): grpc.ClientUnaryCall;
  check(argument: _svc_v1_CheckRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_CheckResponse__Output>): grpc.ClientUnaryCall;
  check(argument: _svc_v1_CheckRequest, callback: grpc.requestCallback<_svc_v1_CheckResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface EnvelopeHandlers extends grpc.UntypedServiceImplementation {
  Check: grpc.handleUnaryCall<_svc_v1_CheckRequest__Output, _svc_v1_CheckResponse>;
  
}

export interface EnvelopeDefinition extends grpc.ServiceDefinition {
  Check: MethodDefinition<_svc_v1_CheckRequest, _svc_v1_CheckResponse, _svc_v1_CheckRequest__Output, _svc_v1_CheckResponse__Output>
}
