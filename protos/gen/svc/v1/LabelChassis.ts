// Original file: protos/svc/v1/label.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ChassisBandsRequest as _svc_v1_ChassisBandsRequest, ChassisBandsRequest__Output as _svc_v1_ChassisBandsRequest__Output } from '../../svc/v1/ChassisBandsRequest';
import type { ChassisBandsResponse as _svc_v1_ChassisBandsResponse, ChassisBandsResponse__Output as _svc_v1_ChassisBandsResponse__Output } from '../../svc/v1/ChassisBandsResponse';

export interface LabelChassisClient extends grpc.Client {
  Bands(argument: _svc_v1_ChassisBandsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ChassisBandsResponse__Output>): grpc.ClientUnaryCall;
  Bands(argument: _svc_v1_ChassisBandsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_ChassisBandsResponse__Output>): grpc.ClientUnaryCall;
  Bands(argument: _svc_v1_ChassisBandsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ChassisBandsResponse__Output>): grpc.ClientUnaryCall;
  Bands(argument: _svc_v1_ChassisBandsRequest, callback: grpc.requestCallback<_svc_v1_ChassisBandsResponse__Output>): grpc.ClientUnaryCall;
  bands(argument: _svc_v1_ChassisBandsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ChassisBandsResponse__Output>): grpc.ClientUnaryCall;
  bands(argument: _svc_v1_ChassisBandsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_ChassisBandsResponse__Output>): grpc.ClientUnaryCall;
  bands(argument: _svc_v1_ChassisBandsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ChassisBandsResponse__Output>): grpc.ClientUnaryCall;
  bands(argument: _svc_v1_ChassisBandsRequest, callback: grpc.requestCallback<_svc_v1_ChassisBandsResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface LabelChassisHandlers extends grpc.UntypedServiceImplementation {
  Bands: grpc.handleUnaryCall<_svc_v1_ChassisBandsRequest__Output, _svc_v1_ChassisBandsResponse>;
  
}

export interface LabelChassisDefinition extends grpc.ServiceDefinition {
  Bands: MethodDefinition<_svc_v1_ChassisBandsRequest, _svc_v1_ChassisBandsResponse, _svc_v1_ChassisBandsRequest__Output, _svc_v1_ChassisBandsResponse__Output>
}
