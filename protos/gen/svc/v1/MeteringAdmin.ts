// Original file: protos/svc/v1/metering.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AccountIdRequest as _svc_v1_AccountIdRequest, AccountIdRequest__Output as _svc_v1_AccountIdRequest__Output } from '../../svc/v1/AccountIdRequest';
import type { AccountUsage as _svc_v1_AccountUsage, AccountUsage__Output as _svc_v1_AccountUsage__Output } from '../../svc/v1/AccountUsage';
import type { CreateAccountRequest as _svc_v1_CreateAccountRequest, CreateAccountRequest__Output as _svc_v1_CreateAccountRequest__Output } from '../../svc/v1/CreateAccountRequest';
import type { CreateAccountResponse as _svc_v1_CreateAccountResponse, CreateAccountResponse__Output as _svc_v1_CreateAccountResponse__Output } from '../../svc/v1/CreateAccountResponse';
import type { ListAccountsRequest as _svc_v1_ListAccountsRequest, ListAccountsRequest__Output as _svc_v1_ListAccountsRequest__Output } from '../../svc/v1/ListAccountsRequest';
import type { ListAccountsResponse as _svc_v1_ListAccountsResponse, ListAccountsResponse__Output as _svc_v1_ListAccountsResponse__Output } from '../../svc/v1/ListAccountsResponse';
import type { RotateKeyResponse as _svc_v1_RotateKeyResponse, RotateKeyResponse__Output as _svc_v1_RotateKeyResponse__Output } from '../../svc/v1/RotateKeyResponse';
import type { SetPlanRequest as _svc_v1_SetPlanRequest, SetPlanRequest__Output as _svc_v1_SetPlanRequest__Output } from '../../svc/v1/SetPlanRequest';
import type { SetPlanResponse as _svc_v1_SetPlanResponse, SetPlanResponse__Output as _svc_v1_SetPlanResponse__Output } from '../../svc/v1/SetPlanResponse';
import type { TopUpRequest as _svc_v1_TopUpRequest, TopUpRequest__Output as _svc_v1_TopUpRequest__Output } from '../../svc/v1/TopUpRequest';
import type { TopUpResponse as _svc_v1_TopUpResponse, TopUpResponse__Output as _svc_v1_TopUpResponse__Output } from '../../svc/v1/TopUpResponse';

export interface MeteringAdminClient extends grpc.Client {
  CreateAccount(argument: _svc_v1_CreateAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_CreateAccountResponse__Output>): grpc.ClientUnaryCall;
  CreateAccount(argument: _svc_v1_CreateAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_CreateAccountResponse__Output>): grpc.ClientUnaryCall;
  CreateAccount(argument: _svc_v1_CreateAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_CreateAccountResponse__Output>): grpc.ClientUnaryCall;
  CreateAccount(argument: _svc_v1_CreateAccountRequest, callback: grpc.requestCallback<_svc_v1_CreateAccountResponse__Output>): grpc.ClientUnaryCall;
  createAccount(argument: _svc_v1_CreateAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_CreateAccountResponse__Output>): grpc.ClientUnaryCall;
  createAccount(argument: _svc_v1_CreateAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_CreateAccountResponse__Output>): grpc.ClientUnaryCall;
  createAccount(argument: _svc_v1_CreateAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_CreateAccountResponse__Output>): grpc.ClientUnaryCall;
  createAccount(argument: _svc_v1_CreateAccountRequest, callback: grpc.requestCallback<_svc_v1_CreateAccountResponse__Output>): grpc.ClientUnaryCall;
  
  ListAccounts(argument: _svc_v1_ListAccountsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ListAccountsResponse__Output>): grpc.ClientUnaryCall;
  ListAccounts(argument: _svc_v1_ListAccountsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_ListAccountsResponse__Output>): grpc.ClientUnaryCall;
  ListAccounts(argument: _svc_v1_ListAccountsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ListAccountsResponse__Output>): grpc.ClientUnaryCall;
  ListAccounts(argument: _svc_v1_ListAccountsRequest, callback: grpc.requestCallback<_svc_v1_ListAccountsResponse__Output>): grpc.ClientUnaryCall;
  listAccounts(argument: _svc_v1_ListAccountsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ListAccountsResponse__Output>): grpc.ClientUnaryCall;
  listAccounts(argument: _svc_v1_ListAccountsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_ListAccountsResponse__Output>): grpc.ClientUnaryCall;
  listAccounts(argument: _svc_v1_ListAccountsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ListAccountsResponse__Output>): grpc.ClientUnaryCall;
  listAccounts(argument: _svc_v1_ListAccountsRequest, callback: grpc.requestCallback<_svc_v1_ListAccountsResponse__Output>): grpc.ClientUnaryCall;
  
  RotateKey(argument: _svc_v1_AccountIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_RotateKeyResponse__Output>): grpc.ClientUnaryCall;
  RotateKey(argument: _svc_v1_AccountIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_RotateKeyResponse__Output>): grpc.ClientUnaryCall;
  RotateKey(argument: _svc_v1_AccountIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_RotateKeyResponse__Output>): grpc.ClientUnaryCall;
  RotateKey(argument: _svc_v1_AccountIdRequest, callback: grpc.requestCallback<_svc_v1_RotateKeyResponse__Output>): grpc.ClientUnaryCall;
  rotateKey(argument: _svc_v1_AccountIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_RotateKeyResponse__Output>): grpc.ClientUnaryCall;
  rotateKey(argument: _svc_v1_AccountIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_RotateKeyResponse__Output>): grpc.ClientUnaryCall;
  rotateKey(argument: _svc_v1_AccountIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_RotateKeyResponse__Output>): grpc.ClientUnaryCall;
  rotateKey(argument: _svc_v1_AccountIdRequest, callback: grpc.requestCallback<_svc_v1_RotateKeyResponse__Output>): grpc.ClientUnaryCall;
  
  SetPlan(argument: _svc_v1_SetPlanRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_SetPlanResponse__Output>): grpc.ClientUnaryCall;
  SetPlan(argument: _svc_v1_SetPlanRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_SetPlanResponse__Output>): grpc.ClientUnaryCall;
  SetPlan(argument: _svc_v1_SetPlanRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_SetPlanResponse__Output>): grpc.ClientUnaryCall;
  SetPlan(argument: _svc_v1_SetPlanRequest, callback: grpc.requestCallback<_svc_v1_SetPlanResponse__Output>): grpc.ClientUnaryCall;
  setPlan(argument: _svc_v1_SetPlanRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_SetPlanResponse__Output>): grpc.ClientUnaryCall;
  setPlan(argument: _svc_v1_SetPlanRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_SetPlanResponse__Output>): grpc.ClientUnaryCall;
  setPlan(argument: _svc_v1_SetPlanRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_SetPlanResponse__Output>): grpc.ClientUnaryCall;
  setPlan(argument: _svc_v1_SetPlanRequest, callback: grpc.requestCallback<_svc_v1_SetPlanResponse__Output>): grpc.ClientUnaryCall;
  
  TopUp(argument: _svc_v1_TopUpRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_TopUpResponse__Output>): grpc.ClientUnaryCall;
  TopUp(argument: _svc_v1_TopUpRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_TopUpResponse__Output>): grpc.ClientUnaryCall;
  TopUp(argument: _svc_v1_TopUpRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_TopUpResponse__Output>): grpc.ClientUnaryCall;
  TopUp(argument: _svc_v1_TopUpRequest, callback: grpc.requestCallback<_svc_v1_TopUpResponse__Output>): grpc.ClientUnaryCall;
  topUp(argument: _svc_v1_TopUpRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_TopUpResponse__Output>): grpc.ClientUnaryCall;
  topUp(argument: _svc_v1_TopUpRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_TopUpResponse__Output>): grpc.ClientUnaryCall;
  topUp(argument: _svc_v1_TopUpRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_TopUpResponse__Output>): grpc.ClientUnaryCall;
  topUp(argument: _svc_v1_TopUpRequest, callback: grpc.requestCallback<_svc_v1_TopUpResponse__Output>): grpc.ClientUnaryCall;
  
  Usage(argument: _svc_v1_AccountIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_AccountUsage__Output>): grpc.ClientUnaryCall;
  Usage(argument: _svc_v1_AccountIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_AccountUsage__Output>): grpc.ClientUnaryCall;
  Usage(argument: _svc_v1_AccountIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_AccountUsage__Output>): grpc.ClientUnaryCall;
  Usage(argument: _svc_v1_AccountIdRequest, callback: grpc.requestCallback<_svc_v1_AccountUsage__Output>): grpc.ClientUnaryCall;
  usage(argument: _svc_v1_AccountIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_AccountUsage__Output>): grpc.ClientUnaryCall;
  usage(argument: _svc_v1_AccountIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_AccountUsage__Output>): grpc.ClientUnaryCall;
  usage(argument: _svc_v1_AccountIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_AccountUsage__Output>): grpc.ClientUnaryCall;
  usage(argument: _svc_v1_AccountIdRequest, callback: grpc.requestCallback<_svc_v1_AccountUsage__Output>): grpc.ClientUnaryCall;
  
}

export interface MeteringAdminHandlers extends grpc.UntypedServiceImplementation {
  CreateAccount: grpc.handleUnaryCall<_svc_v1_CreateAccountRequest__Output, _svc_v1_CreateAccountResponse>;
  
  ListAccounts: grpc.handleUnaryCall<_svc_v1_ListAccountsRequest__Output, _svc_v1_ListAccountsResponse>;
  
  RotateKey: grpc.handleUnaryCall<_svc_v1_AccountIdRequest__Output, _svc_v1_RotateKeyResponse>;
  
  SetPlan: grpc.handleUnaryCall<_svc_v1_SetPlanRequest__Output, _svc_v1_SetPlanResponse>;
  
  TopUp: grpc.handleUnaryCall<_svc_v1_TopUpRequest__Output, _svc_v1_TopUpResponse>;
  
  Usage: grpc.handleUnaryCall<_svc_v1_AccountIdRequest__Output, _svc_v1_AccountUsage>;
  
}

export interface MeteringAdminDefinition extends grpc.ServiceDefinition {
  CreateAccount: MethodDefinition<_svc_v1_CreateAccountRequest, _svc_v1_CreateAccountResponse, _svc_v1_CreateAccountRequest__Output, _svc_v1_CreateAccountResponse__Output>
  ListAccounts: MethodDefinition<_svc_v1_ListAccountsRequest, _svc_v1_ListAccountsResponse, _svc_v1_ListAccountsRequest__Output, _svc_v1_ListAccountsResponse__Output>
  RotateKey: MethodDefinition<_svc_v1_AccountIdRequest, _svc_v1_RotateKeyResponse, _svc_v1_AccountIdRequest__Output, _svc_v1_RotateKeyResponse__Output>
  SetPlan: MethodDefinition<_svc_v1_SetPlanRequest, _svc_v1_SetPlanResponse, _svc_v1_SetPlanRequest__Output, _svc_v1_SetPlanResponse__Output>
  TopUp: MethodDefinition<_svc_v1_TopUpRequest, _svc_v1_TopUpResponse, _svc_v1_TopUpRequest__Output, _svc_v1_TopUpResponse__Output>
  Usage: MethodDefinition<_svc_v1_AccountIdRequest, _svc_v1_AccountUsage, _svc_v1_AccountIdRequest__Output, _svc_v1_AccountUsage__Output>
}
