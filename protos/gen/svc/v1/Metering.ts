// Original file: protos/svc/v1/metering.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AccountView as _svc_v1_AccountView, AccountView__Output as _svc_v1_AccountView__Output } from '../../svc/v1/AccountView';
import type { AuthenticateRequest as _svc_v1_AuthenticateRequest, AuthenticateRequest__Output as _svc_v1_AuthenticateRequest__Output } from '../../svc/v1/AuthenticateRequest';
import type { AuthenticateResponse as _svc_v1_AuthenticateResponse, AuthenticateResponse__Output as _svc_v1_AuthenticateResponse__Output } from '../../svc/v1/AuthenticateResponse';
import type { GetAccountRequest as _svc_v1_GetAccountRequest, GetAccountRequest__Output as _svc_v1_GetAccountRequest__Output } from '../../svc/v1/GetAccountRequest';
import type { MeterRequest as _svc_v1_MeterRequest, MeterRequest__Output as _svc_v1_MeterRequest__Output } from '../../svc/v1/MeterRequest';
import type { MeterResponse as _svc_v1_MeterResponse, MeterResponse__Output as _svc_v1_MeterResponse__Output } from '../../svc/v1/MeterResponse';
import type { ReportCallsRequest as _svc_v1_ReportCallsRequest, ReportCallsRequest__Output as _svc_v1_ReportCallsRequest__Output } from '../../svc/v1/ReportCallsRequest';
import type { ReportCallsResponse as _svc_v1_ReportCallsResponse, ReportCallsResponse__Output as _svc_v1_ReportCallsResponse__Output } from '../../svc/v1/ReportCallsResponse';
import type { RotateKeyRequest as _svc_v1_RotateKeyRequest, RotateKeyRequest__Output as _svc_v1_RotateKeyRequest__Output } from '../../svc/v1/RotateKeyRequest';
import type { RotateKeyResponse as _svc_v1_RotateKeyResponse, RotateKeyResponse__Output as _svc_v1_RotateKeyResponse__Output } from '../../svc/v1/RotateKeyResponse';
import type { SeatsRequest as _svc_v1_SeatsRequest, SeatsRequest__Output as _svc_v1_SeatsRequest__Output } from '../../svc/v1/SeatsRequest';
import type { SeatsResponse as _svc_v1_SeatsResponse, SeatsResponse__Output as _svc_v1_SeatsResponse__Output } from '../../svc/v1/SeatsResponse';

export interface MeteringClient extends grpc.Client {
  Authenticate(argument: _svc_v1_AuthenticateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_AuthenticateResponse__Output>): grpc.ClientUnaryCall;
  Authenticate(argument: _svc_v1_AuthenticateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_AuthenticateResponse__Output>): grpc.ClientUnaryCall;
  Authenticate(argument: _svc_v1_AuthenticateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_AuthenticateResponse__Output>): grpc.ClientUnaryCall;
  Authenticate(argument: _svc_v1_AuthenticateRequest, callback: grpc.requestCallback<_svc_v1_AuthenticateResponse__Output>): grpc.ClientUnaryCall;
  authenticate(argument: _svc_v1_AuthenticateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_AuthenticateResponse__Output>): grpc.ClientUnaryCall;
  authenticate(argument: _svc_v1_AuthenticateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_AuthenticateResponse__Output>): grpc.ClientUnaryCall;
  authenticate(argument: _svc_v1_AuthenticateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_AuthenticateResponse__Output>): grpc.ClientUnaryCall;
  authenticate(argument: _svc_v1_AuthenticateRequest, callback: grpc.requestCallback<_svc_v1_AuthenticateResponse__Output>): grpc.ClientUnaryCall;
  
  GetAccount(argument: _svc_v1_GetAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_AccountView__Output>): grpc.ClientUnaryCall;
  GetAccount(argument: _svc_v1_GetAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_AccountView__Output>): grpc.ClientUnaryCall;
  GetAccount(argument: _svc_v1_GetAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_AccountView__Output>): grpc.ClientUnaryCall;
  GetAccount(argument: _svc_v1_GetAccountRequest, callback: grpc.requestCallback<_svc_v1_AccountView__Output>): grpc.ClientUnaryCall;
  getAccount(argument: _svc_v1_GetAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_AccountView__Output>): grpc.ClientUnaryCall;
  getAccount(argument: _svc_v1_GetAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_AccountView__Output>): grpc.ClientUnaryCall;
  getAccount(argument: _svc_v1_GetAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_AccountView__Output>): grpc.ClientUnaryCall;
  getAccount(argument: _svc_v1_GetAccountRequest, callback: grpc.requestCallback<_svc_v1_AccountView__Output>): grpc.ClientUnaryCall;
  
  Meter(argument: _svc_v1_MeterRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_MeterResponse__Output>): grpc.ClientUnaryCall;
  Meter(argument: _svc_v1_MeterRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_MeterResponse__Output>): grpc.ClientUnaryCall;
  Meter(argument: _svc_v1_MeterRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_MeterResponse__Output>): grpc.ClientUnaryCall;
  Meter(argument: _svc_v1_MeterRequest, callback: grpc.requestCallback<_svc_v1_MeterResponse__Output>): grpc.ClientUnaryCall;
  meter(argument: _svc_v1_MeterRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_MeterResponse__Output>): grpc.ClientUnaryCall;
  meter(argument: _svc_v1_MeterRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_MeterResponse__Output>): grpc.ClientUnaryCall;
  meter(argument: _svc_v1_MeterRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_MeterResponse__Output>): grpc.ClientUnaryCall;
  meter(argument: _svc_v1_MeterRequest, callback: grpc.requestCallback<_svc_v1_MeterResponse__Output>): grpc.ClientUnaryCall;
  
  ReportCalls(argument: _svc_v1_ReportCallsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ReportCallsResponse__Output>): grpc.ClientUnaryCall;
  ReportCalls(argument: _svc_v1_ReportCallsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_ReportCallsResponse__Output>): grpc.ClientUnaryCall;
  ReportCalls(argument: _svc_v1_ReportCallsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ReportCallsResponse__Output>): grpc.ClientUnaryCall;
  ReportCalls(argument: _svc_v1_ReportCallsRequest, callback: grpc.requestCallback<_svc_v1_ReportCallsResponse__Output>): grpc.ClientUnaryCall;
  reportCalls(argument: _svc_v1_ReportCallsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ReportCallsResponse__Output>): grpc.ClientUnaryCall;
  reportCalls(argument: _svc_v1_ReportCallsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_ReportCallsResponse__Output>): grpc.ClientUnaryCall;
  reportCalls(argument: _svc_v1_ReportCallsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ReportCallsResponse__Output>): grpc.ClientUnaryCall;
  reportCalls(argument: _svc_v1_ReportCallsRequest, callback: grpc.requestCallback<_svc_v1_ReportCallsResponse__Output>): grpc.ClientUnaryCall;
  
  RotateKey(argument: _svc_v1_RotateKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_RotateKeyResponse__Output>): grpc.ClientUnaryCall;
  RotateKey(argument: _svc_v1_RotateKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_RotateKeyResponse__Output>): grpc.ClientUnaryCall;
  RotateKey(argument: _svc_v1_RotateKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_RotateKeyResponse__Output>): grpc.ClientUnaryCall;
  RotateKey(argument: _svc_v1_RotateKeyRequest, callback: grpc.requestCallback<_svc_v1_RotateKeyResponse__Output>): grpc.ClientUnaryCall;
  rotateKey(argument: _svc_v1_RotateKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_RotateKeyResponse__Output>): grpc.ClientUnaryCall;
  rotateKey(argument: _svc_v1_RotateKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_RotateKeyResponse__Output>): grpc.ClientUnaryCall;
  rotateKey(argument: _svc_v1_RotateKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_RotateKeyResponse__Output>): grpc.ClientUnaryCall;
  rotateKey(argument: _svc_v1_RotateKeyRequest, callback: grpc.requestCallback<_svc_v1_RotateKeyResponse__Output>): grpc.ClientUnaryCall;
  
  Seats(argument: _svc_v1_SeatsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_SeatsResponse__Output>): grpc.ClientUnaryCall;
  Seats(argument: _svc_v1_SeatsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_SeatsResponse__Output>): grpc.ClientUnaryCall;
  Seats(argument: _svc_v1_SeatsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_SeatsResponse__Output>): grpc.ClientUnaryCall;
  Seats(argument: _svc_v1_SeatsRequest, callback: grpc.requestCallback<_svc_v1_SeatsResponse__Output>): grpc.ClientUnaryCall;
  seats(argument: _svc_v1_SeatsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_SeatsResponse__Output>): grpc.ClientUnaryCall;
  seats(argument: _svc_v1_SeatsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_SeatsResponse__Output>): grpc.ClientUnaryCall;
  seats(argument: _svc_v1_SeatsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_SeatsResponse__Output>): grpc.ClientUnaryCall;
  seats(argument: _svc_v1_SeatsRequest, callback: grpc.requestCallback<_svc_v1_SeatsResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface MeteringHandlers extends grpc.UntypedServiceImplementation {
  Authenticate: grpc.handleUnaryCall<_svc_v1_AuthenticateRequest__Output, _svc_v1_AuthenticateResponse>;
  
  GetAccount: grpc.handleUnaryCall<_svc_v1_GetAccountRequest__Output, _svc_v1_AccountView>;
  
  Meter: grpc.handleUnaryCall<_svc_v1_MeterRequest__Output, _svc_v1_MeterResponse>;
  
  ReportCalls: grpc.handleUnaryCall<_svc_v1_ReportCallsRequest__Output, _svc_v1_ReportCallsResponse>;
  
  RotateKey: grpc.handleUnaryCall<_svc_v1_RotateKeyRequest__Output, _svc_v1_RotateKeyResponse>;
  
  Seats: grpc.handleUnaryCall<_svc_v1_SeatsRequest__Output, _svc_v1_SeatsResponse>;
  
}

export interface MeteringDefinition extends grpc.ServiceDefinition {
  Authenticate: MethodDefinition<_svc_v1_AuthenticateRequest, _svc_v1_AuthenticateResponse, _svc_v1_AuthenticateRequest__Output, _svc_v1_AuthenticateResponse__Output>
  GetAccount: MethodDefinition<_svc_v1_GetAccountRequest, _svc_v1_AccountView, _svc_v1_GetAccountRequest__Output, _svc_v1_AccountView__Output>
  Meter: MethodDefinition<_svc_v1_MeterRequest, _svc_v1_MeterResponse, _svc_v1_MeterRequest__Output, _svc_v1_MeterResponse__Output>
  ReportCalls: MethodDefinition<_svc_v1_ReportCallsRequest, _svc_v1_ReportCallsResponse, _svc_v1_ReportCallsRequest__Output, _svc_v1_ReportCallsResponse__Output>
  RotateKey: MethodDefinition<_svc_v1_RotateKeyRequest, _svc_v1_RotateKeyResponse, _svc_v1_RotateKeyRequest__Output, _svc_v1_RotateKeyResponse__Output>
  Seats: MethodDefinition<_svc_v1_SeatsRequest, _svc_v1_SeatsResponse, _svc_v1_SeatsRequest__Output, _svc_v1_SeatsResponse__Output>
}
