// Original file: protos/svc/v1/oauth.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ClientRecord as _svc_v1_ClientRecord, ClientRecord__Output as _svc_v1_ClientRecord__Output } from '../../svc/v1/ClientRecord';
import type { CreateUserRequest as _svc_v1_CreateUserRequest, CreateUserRequest__Output as _svc_v1_CreateUserRequest__Output } from '../../svc/v1/CreateUserRequest';
import type { CreateUserResponse as _svc_v1_CreateUserResponse, CreateUserResponse__Output as _svc_v1_CreateUserResponse__Output } from '../../svc/v1/CreateUserResponse';
import type { ExchangeCodeRequest as _svc_v1_ExchangeCodeRequest, ExchangeCodeRequest__Output as _svc_v1_ExchangeCodeRequest__Output } from '../../svc/v1/ExchangeCodeRequest';
import type { GetClientRequest as _svc_v1_GetClientRequest, GetClientRequest__Output as _svc_v1_GetClientRequest__Output } from '../../svc/v1/GetClientRequest';
import type { IntrospectRequest as _svc_v1_IntrospectRequest, IntrospectRequest__Output as _svc_v1_IntrospectRequest__Output } from '../../svc/v1/IntrospectRequest';
import type { IntrospectResponse as _svc_v1_IntrospectResponse, IntrospectResponse__Output as _svc_v1_IntrospectResponse__Output } from '../../svc/v1/IntrospectResponse';
import type { IssueCodeRequest as _svc_v1_IssueCodeRequest, IssueCodeRequest__Output as _svc_v1_IssueCodeRequest__Output } from '../../svc/v1/IssueCodeRequest';
import type { IssueCodeResponse as _svc_v1_IssueCodeResponse, IssueCodeResponse__Output as _svc_v1_IssueCodeResponse__Output } from '../../svc/v1/IssueCodeResponse';
import type { RefreshRequest as _svc_v1_RefreshRequest, RefreshRequest__Output as _svc_v1_RefreshRequest__Output } from '../../svc/v1/RefreshRequest';
import type { RegisterClientRequest as _svc_v1_RegisterClientRequest, RegisterClientRequest__Output as _svc_v1_RegisterClientRequest__Output } from '../../svc/v1/RegisterClientRequest';
import type { RevokeRequest as _svc_v1_RevokeRequest, RevokeRequest__Output as _svc_v1_RevokeRequest__Output } from '../../svc/v1/RevokeRequest';
import type { RevokeResponse as _svc_v1_RevokeResponse, RevokeResponse__Output as _svc_v1_RevokeResponse__Output } from '../../svc/v1/RevokeResponse';
import type { SignInRequest as _svc_v1_SignInRequest, SignInRequest__Output as _svc_v1_SignInRequest__Output } from '../../svc/v1/SignInRequest';
import type { SignInResponse as _svc_v1_SignInResponse, SignInResponse__Output as _svc_v1_SignInResponse__Output } from '../../svc/v1/SignInResponse';
import type { TokenGrant as _svc_v1_TokenGrant, TokenGrant__Output as _svc_v1_TokenGrant__Output } from '../../svc/v1/TokenGrant';

export interface OAuthClient extends grpc.Client {
  CreateUser(argument: _svc_v1_CreateUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_CreateUserResponse__Output>): grpc.ClientUnaryCall;
  CreateUser(argument: _svc_v1_CreateUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_CreateUserResponse__Output>): grpc.ClientUnaryCall;
  CreateUser(argument: _svc_v1_CreateUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_CreateUserResponse__Output>): grpc.ClientUnaryCall;
  CreateUser(argument: _svc_v1_CreateUserRequest, callback: grpc.requestCallback<_svc_v1_CreateUserResponse__Output>): grpc.ClientUnaryCall;
  createUser(argument: _svc_v1_CreateUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_CreateUserResponse__Output>): grpc.ClientUnaryCall;
  createUser(argument: _svc_v1_CreateUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_CreateUserResponse__Output>): grpc.ClientUnaryCall;
  createUser(argument: _svc_v1_CreateUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_CreateUserResponse__Output>): grpc.ClientUnaryCall;
  createUser(argument: _svc_v1_CreateUserRequest, callback: grpc.requestCallback<_svc_v1_CreateUserResponse__Output>): grpc.ClientUnaryCall;
  
  ExchangeCode(argument: _svc_v1_ExchangeCodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_TokenGrant__Output>): grpc.ClientUnaryCall;
  ExchangeCode(argument: _svc_v1_ExchangeCodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_TokenGrant__Output>): grpc.ClientUnaryCall;
  ExchangeCode(argument: _svc_v1_ExchangeCodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_TokenGrant__Output>): grpc.ClientUnaryCall;
  ExchangeCode(argument: _svc_v1_ExchangeCodeRequest, callback: grpc.requestCallback<_svc_v1_TokenGrant__Output>): grpc.ClientUnaryCall;
  exchangeCode(argument: _svc_v1_ExchangeCodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_TokenGrant__Output>): grpc.ClientUnaryCall;
  exchangeCode(argument: _svc_v1_ExchangeCodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_TokenGrant__Output>): grpc.ClientUnaryCall;
  exchangeCode(argument: _svc_v1_ExchangeCodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_TokenGrant__Output>): grpc.ClientUnaryCall;
  exchangeCode(argument: _svc_v1_ExchangeCodeRequest, callback: grpc.requestCallback<_svc_v1_TokenGrant__Output>): grpc.ClientUnaryCall;
  
  GetClient(argument: _svc_v1_GetClientRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ClientRecord__Output>): grpc.ClientUnaryCall;
  GetClient(argument: _svc_v1_GetClientRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_ClientRecord__Output>): grpc.ClientUnaryCall;
  GetClient(argument: _svc_v1_GetClientRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ClientRecord__Output>): grpc.ClientUnaryCall;
  GetClient(argument: _svc_v1_GetClientRequest, callback: grpc.requestCallback<_svc_v1_ClientRecord__Output>): grpc.ClientUnaryCall;
  getClient(argument: _svc_v1_GetClientRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ClientRecord__Output>): grpc.ClientUnaryCall;
  getClient(argument: _svc_v1_GetClientRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_ClientRecord__Output>): grpc.ClientUnaryCall;
  getClient(argument: _svc_v1_GetClientRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ClientRecord__Output>): grpc.ClientUnaryCall;
  getClient(argument: _svc_v1_GetClientRequest, callback: grpc.requestCallback<_svc_v1_ClientRecord__Output>): grpc.ClientUnaryCall;
  
  Introspect(argument: _svc_v1_IntrospectRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_IntrospectResponse__Output>): grpc.ClientUnaryCall;
  Introspect(argument: _svc_v1_IntrospectRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_IntrospectResponse__Output>): grpc.ClientUnaryCall;
  Introspect(argument: _svc_v1_IntrospectRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_IntrospectResponse__Output>): grpc.ClientUnaryCall;
  Introspect(argument: _svc_v1_IntrospectRequest, callback: grpc.requestCallback<_svc_v1_IntrospectResponse__Output>): grpc.ClientUnaryCall;
  introspect(argument: _svc_v1_IntrospectRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_IntrospectResponse__Output>): grpc.ClientUnaryCall;
  introspect(argument: _svc_v1_IntrospectRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_IntrospectResponse__Output>): grpc.ClientUnaryCall;
  introspect(argument: _svc_v1_IntrospectRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_IntrospectResponse__Output>): grpc.ClientUnaryCall;
  introspect(argument: _svc_v1_IntrospectRequest, callback: grpc.requestCallback<_svc_v1_IntrospectResponse__Output>): grpc.ClientUnaryCall;
  
  IssueCode(argument: _svc_v1_IssueCodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_IssueCodeResponse__Output>): grpc.ClientUnaryCall;
  IssueCode(argument: _svc_v1_IssueCodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_IssueCodeResponse__Output>): grpc.ClientUnaryCall;
  IssueCode(argument: _svc_v1_IssueCodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_IssueCodeResponse__Output>): grpc.ClientUnaryCall;
  IssueCode(argument: _svc_v1_IssueCodeRequest, callback: grpc.requestCallback<_svc_v1_IssueCodeResponse__Output>): grpc.ClientUnaryCall;
  issueCode(argument: _svc_v1_IssueCodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_IssueCodeResponse__Output>): grpc.ClientUnaryCall;
  issueCode(argument: _svc_v1_IssueCodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_IssueCodeResponse__Output>): grpc.ClientUnaryCall;
  issueCode(argument: _svc_v1_IssueCodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_IssueCodeResponse__Output>): grpc.ClientUnaryCall;
  issueCode(argument: _svc_v1_IssueCodeRequest, callback: grpc.requestCallback<_svc_v1_IssueCodeResponse__Output>): grpc.ClientUnaryCall;
  
  Refresh(argument: _svc_v1_RefreshRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_TokenGrant__Output>): grpc.ClientUnaryCall;
  Refresh(argument: _svc_v1_RefreshRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_TokenGrant__Output>): grpc.ClientUnaryCall;
  Refresh(argument: _svc_v1_RefreshRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_TokenGrant__Output>): grpc.ClientUnaryCall;
  Refresh(argument: _svc_v1_RefreshRequest, callback: grpc.requestCallback<_svc_v1_TokenGrant__Output>): grpc.ClientUnaryCall;
  refresh(argument: _svc_v1_RefreshRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_TokenGrant__Output>): grpc.ClientUnaryCall;
  refresh(argument: _svc_v1_RefreshRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_TokenGrant__Output>): grpc.ClientUnaryCall;
  refresh(argument: _svc_v1_RefreshRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_TokenGrant__Output>): grpc.ClientUnaryCall;
  refresh(argument: _svc_v1_RefreshRequest, callback: grpc.requestCallback<_svc_v1_TokenGrant__Output>): grpc.ClientUnaryCall;
  
  RegisterClient(argument: _svc_v1_RegisterClientRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ClientRecord__Output>): grpc.ClientUnaryCall;
  RegisterClient(argument: _svc_v1_RegisterClientRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_ClientRecord__Output>): grpc.ClientUnaryCall;
  RegisterClient(argument: _svc_v1_RegisterClientRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ClientRecord__Output>): grpc.ClientUnaryCall;
  RegisterClient(argument: _svc_v1_RegisterClientRequest, callback: grpc.requestCallback<_svc_v1_ClientRecord__Output>): grpc.ClientUnaryCall;
  registerClient(argument: _svc_v1_RegisterClientRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ClientRecord__Output>): grpc.ClientUnaryCall;
  registerClient(argument: _svc_v1_RegisterClientRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_ClientRecord__Output>): grpc.ClientUnaryCall;
  registerClient(argument: _svc_v1_RegisterClientRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ClientRecord__Output>): grpc.ClientUnaryCall;
  registerClient(argument: _svc_v1_RegisterClientRequest, callback: grpc.requestCallback<_svc_v1_ClientRecord__Output>): grpc.ClientUnaryCall;
  
  Revoke(argument: _svc_v1_RevokeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_RevokeResponse__Output>): grpc.ClientUnaryCall;
  Revoke(argument: _svc_v1_RevokeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_RevokeResponse__Output>): grpc.ClientUnaryCall;
  Revoke(argument: _svc_v1_RevokeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_RevokeResponse__Output>): grpc.ClientUnaryCall;
  Revoke(argument: _svc_v1_RevokeRequest, callback: grpc.requestCallback<_svc_v1_RevokeResponse__Output>): grpc.ClientUnaryCall;
  revoke(argument: _svc_v1_RevokeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_RevokeResponse__Output>): grpc.ClientUnaryCall;
  revoke(argument: _svc_v1_RevokeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_RevokeResponse__Output>): grpc.ClientUnaryCall;
  revoke(argument: _svc_v1_RevokeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_RevokeResponse__Output>): grpc.ClientUnaryCall;
  revoke(argument: _svc_v1_RevokeRequest, callback: grpc.requestCallback<_svc_v1_RevokeResponse__Output>): grpc.ClientUnaryCall;
  
  SignIn(argument: _svc_v1_SignInRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  SignIn(argument: _svc_v1_SignInRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  SignIn(argument: _svc_v1_SignInRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  SignIn(argument: _svc_v1_SignInRequest, callback: grpc.requestCallback<_svc_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  signIn(argument: _svc_v1_SignInRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  signIn(argument: _svc_v1_SignInRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  signIn(argument: _svc_v1_SignInRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  signIn(argument: _svc_v1_SignInRequest, callback: grpc.requestCallback<_svc_v1_SignInResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface OAuthHandlers extends grpc.UntypedServiceImplementation {
  CreateUser: grpc.handleUnaryCall<_svc_v1_CreateUserRequest__Output, _svc_v1_CreateUserResponse>;
  
  ExchangeCode: grpc.handleUnaryCall<_svc_v1_ExchangeCodeRequest__Output, _svc_v1_TokenGrant>;
  
  GetClient: grpc.handleUnaryCall<_svc_v1_GetClientRequest__Output, _svc_v1_ClientRecord>;
  
  Introspect: grpc.handleUnaryCall<_svc_v1_IntrospectRequest__Output, _svc_v1_IntrospectResponse>;
  
  IssueCode: grpc.handleUnaryCall<_svc_v1_IssueCodeRequest__Output, _svc_v1_IssueCodeResponse>;
  
  Refresh: grpc.handleUnaryCall<_svc_v1_RefreshRequest__Output, _svc_v1_TokenGrant>;
  
  RegisterClient: grpc.handleUnaryCall<_svc_v1_RegisterClientRequest__Output, _svc_v1_ClientRecord>;
  
  Revoke: grpc.handleUnaryCall<_svc_v1_RevokeRequest__Output, _svc_v1_RevokeResponse>;
  
  SignIn: grpc.handleUnaryCall<_svc_v1_SignInRequest__Output, _svc_v1_SignInResponse>;
  
}

export interface OAuthDefinition extends grpc.ServiceDefinition {
  CreateUser: MethodDefinition<_svc_v1_CreateUserRequest, _svc_v1_CreateUserResponse, _svc_v1_CreateUserRequest__Output, _svc_v1_CreateUserResponse__Output>
  ExchangeCode: MethodDefinition<_svc_v1_ExchangeCodeRequest, _svc_v1_TokenGrant, _svc_v1_ExchangeCodeRequest__Output, _svc_v1_TokenGrant__Output>
  GetClient: MethodDefinition<_svc_v1_GetClientRequest, _svc_v1_ClientRecord, _svc_v1_GetClientRequest__Output, _svc_v1_ClientRecord__Output>
  Introspect: MethodDefinition<_svc_v1_IntrospectRequest, _svc_v1_IntrospectResponse, _svc_v1_IntrospectRequest__Output, _svc_v1_IntrospectResponse__Output>
  IssueCode: MethodDefinition<_svc_v1_IssueCodeRequest, _svc_v1_IssueCodeResponse, _svc_v1_IssueCodeRequest__Output, _svc_v1_IssueCodeResponse__Output>
  Refresh: MethodDefinition<_svc_v1_RefreshRequest, _svc_v1_TokenGrant, _svc_v1_RefreshRequest__Output, _svc_v1_TokenGrant__Output>
  RegisterClient: MethodDefinition<_svc_v1_RegisterClientRequest, _svc_v1_ClientRecord, _svc_v1_RegisterClientRequest__Output, _svc_v1_ClientRecord__Output>
  Revoke: MethodDefinition<_svc_v1_RevokeRequest, _svc_v1_RevokeResponse, _svc_v1_RevokeRequest__Output, _svc_v1_RevokeResponse__Output>
  SignIn: MethodDefinition<_svc_v1_SignInRequest, _svc_v1_SignInResponse, _svc_v1_SignInRequest__Output, _svc_v1_SignInResponse__Output>
}
