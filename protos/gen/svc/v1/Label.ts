// Original file: protos/svc/v1/label.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { BuildRequest as _svc_v1_BuildRequest, BuildRequest__Output as _svc_v1_BuildRequest__Output } from '../../svc/v1/BuildRequest';
import type { BuildResponse as _svc_v1_BuildResponse, BuildResponse__Output as _svc_v1_BuildResponse__Output } from '../../svc/v1/BuildResponse';

export interface LabelClient extends grpc.Client {
  Build(argument: _svc_v1_BuildRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_BuildResponse__Output>): grpc.ClientUnaryCall;
  Build(argument: _svc_v1_BuildRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_BuildResponse__Output>): grpc.ClientUnaryCall;
  Build(argument: _svc_v1_BuildRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_BuildResponse__Output>): grpc.ClientUnaryCall;
  Build(argument: _svc_v1_BuildRequest, callback: grpc.requestCallback<_svc_v1_BuildResponse__Output>): grpc.ClientUnaryCall;
  build(argument: _svc_v1_BuildRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_BuildResponse__Output>): grpc.ClientUnaryCall;
  build(argument: _svc_v1_BuildRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_BuildResponse__Output>): grpc.ClientUnaryCall;
  build(argument: _svc_v1_BuildRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_BuildResponse__Output>): grpc.ClientUnaryCall;
  build(argument: _svc_v1_BuildRequest, callback: grpc.requestCallback<_svc_v1_BuildResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface LabelHandlers extends grpc.UntypedServiceImplementation {
  Build: grpc.handleUnaryCall<_svc_v1_BuildRequest__Output, _svc_v1_BuildResponse>;
  
}

export interface LabelDefinition extends grpc.ServiceDefinition {
  Build: MethodDefinition<_svc_v1_BuildRequest, _svc_v1_BuildResponse, _svc_v1_BuildRequest__Output, _svc_v1_BuildResponse__Output>
}
