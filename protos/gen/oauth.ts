import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Account as _svc_v1_Account, Account__Output as _svc_v1_Account__Output } from './svc/v1/Account';
import type { AccountIdRequest as _svc_v1_AccountIdRequest, AccountIdRequest__Output as _svc_v1_AccountIdRequest__Output } from './svc/v1/AccountIdRequest';
import type { AccountUsage as _svc_v1_AccountUsage, AccountUsage__Output as _svc_v1_AccountUsage__Output } from './svc/v1/AccountUsage';
import type { AccountView as _svc_v1_AccountView, AccountView__Output as _svc_v1_AccountView__Output } from './svc/v1/AccountView';
import type { AdminAccount as _svc_v1_AdminAccount, AdminAccount__Output as _svc_v1_AdminAccount__Output } from './svc/v1/AdminAccount';
import type { AuthenticateRequest as _svc_v1_AuthenticateRequest, AuthenticateRequest__Output as _svc_v1_AuthenticateRequest__Output } from './svc/v1/AuthenticateRequest';
import type { AuthenticateResponse as _svc_v1_AuthenticateResponse, AuthenticateResponse__Output as _svc_v1_AuthenticateResponse__Output } from './svc/v1/AuthenticateResponse';
import type { BlendComponent as _svc_v1_BlendComponent, BlendComponent__Output as _svc_v1_BlendComponent__Output } from './svc/v1/BlendComponent';
import type { Caller as _svc_v1_Caller, Caller__Output as _svc_v1_Caller__Output } from './svc/v1/Caller';
import type { ClientRecord as _svc_v1_ClientRecord, ClientRecord__Output as _svc_v1_ClientRecord__Output } from './svc/v1/ClientRecord';
import type { CreateAccountRequest as _svc_v1_CreateAccountRequest, CreateAccountRequest__Output as _svc_v1_CreateAccountRequest__Output } from './svc/v1/CreateAccountRequest';
import type { CreateAccountResponse as _svc_v1_CreateAccountResponse, CreateAccountResponse__Output as _svc_v1_CreateAccountResponse__Output } from './svc/v1/CreateAccountResponse';
import type { CreateUserRequest as _svc_v1_CreateUserRequest, CreateUserRequest__Output as _svc_v1_CreateUserRequest__Output } from './svc/v1/CreateUserRequest';
import type { CreateUserResponse as _svc_v1_CreateUserResponse, CreateUserResponse__Output as _svc_v1_CreateUserResponse__Output } from './svc/v1/CreateUserResponse';
import type { Empty as _svc_v1_Empty, Empty__Output as _svc_v1_Empty__Output } from './svc/v1/Empty';
import type { ExchangeCodeRequest as _svc_v1_ExchangeCodeRequest, ExchangeCodeRequest__Output as _svc_v1_ExchangeCodeRequest__Output } from './svc/v1/ExchangeCodeRequest';
import type { GetAccountRequest as _svc_v1_GetAccountRequest, GetAccountRequest__Output as _svc_v1_GetAccountRequest__Output } from './svc/v1/GetAccountRequest';
import type { GetClientRequest as _svc_v1_GetClientRequest, GetClientRequest__Output as _svc_v1_GetClientRequest__Output } from './svc/v1/GetClientRequest';
import type { IntrospectRequest as _svc_v1_IntrospectRequest, IntrospectRequest__Output as _svc_v1_IntrospectRequest__Output } from './svc/v1/IntrospectRequest';
import type { IntrospectResponse as _svc_v1_IntrospectResponse, IntrospectResponse__Output as _svc_v1_IntrospectResponse__Output } from './svc/v1/IntrospectResponse';
import type { IssueCodeRequest as _svc_v1_IssueCodeRequest, IssueCodeRequest__Output as _svc_v1_IssueCodeRequest__Output } from './svc/v1/IssueCodeRequest';
import type { IssueCodeResponse as _svc_v1_IssueCodeResponse, IssueCodeResponse__Output as _svc_v1_IssueCodeResponse__Output } from './svc/v1/IssueCodeResponse';
import type { Lease as _svc_v1_Lease, Lease__Output as _svc_v1_Lease__Output } from './svc/v1/Lease';
import type { LeaseUse as _svc_v1_LeaseUse, LeaseUse__Output as _svc_v1_LeaseUse__Output } from './svc/v1/LeaseUse';
import type { Line as _svc_v1_Line, Line__Output as _svc_v1_Line__Output } from './svc/v1/Line';
import type { ListAccountsRequest as _svc_v1_ListAccountsRequest, ListAccountsRequest__Output as _svc_v1_ListAccountsRequest__Output } from './svc/v1/ListAccountsRequest';
import type { ListAccountsResponse as _svc_v1_ListAccountsResponse, ListAccountsResponse__Output as _svc_v1_ListAccountsResponse__Output } from './svc/v1/ListAccountsResponse';
import type { MeterRequest as _svc_v1_MeterRequest, MeterRequest__Output as _svc_v1_MeterRequest__Output } from './svc/v1/MeterRequest';
import type { MeterResponse as _svc_v1_MeterResponse, MeterResponse__Output as _svc_v1_MeterResponse__Output } from './svc/v1/MeterResponse';
import type { MeteringClient as _svc_v1_MeteringClient, MeteringDefinition as _svc_v1_MeteringDefinition } from './svc/v1/Metering';
import type { MeteringAdminClient as _svc_v1_MeteringAdminClient, MeteringAdminDefinition as _svc_v1_MeteringAdminDefinition } from './svc/v1/MeteringAdmin';
import type { OAuthClient as _svc_v1_OAuthClient, OAuthDefinition as _svc_v1_OAuthDefinition } from './svc/v1/OAuth';
import type { Problem as _svc_v1_Problem, Problem__Output as _svc_v1_Problem__Output } from './svc/v1/Problem';
import type { Product as _svc_v1_Product, Product__Output as _svc_v1_Product__Output } from './svc/v1/Product';
import type { RefreshRequest as _svc_v1_RefreshRequest, RefreshRequest__Output as _svc_v1_RefreshRequest__Output } from './svc/v1/RefreshRequest';
import type { RegisterClientRequest as _svc_v1_RegisterClientRequest, RegisterClientRequest__Output as _svc_v1_RegisterClientRequest__Output } from './svc/v1/RegisterClientRequest';
import type { ReportCallsRequest as _svc_v1_ReportCallsRequest, ReportCallsRequest__Output as _svc_v1_ReportCallsRequest__Output } from './svc/v1/ReportCallsRequest';
import type { ReportCallsResponse as _svc_v1_ReportCallsResponse, ReportCallsResponse__Output as _svc_v1_ReportCallsResponse__Output } from './svc/v1/ReportCallsResponse';
import type { RevokeRequest as _svc_v1_RevokeRequest, RevokeRequest__Output as _svc_v1_RevokeRequest__Output } from './svc/v1/RevokeRequest';
import type { RevokeResponse as _svc_v1_RevokeResponse, RevokeResponse__Output as _svc_v1_RevokeResponse__Output } from './svc/v1/RevokeResponse';
import type { RotateKeyRequest as _svc_v1_RotateKeyRequest, RotateKeyRequest__Output as _svc_v1_RotateKeyRequest__Output } from './svc/v1/RotateKeyRequest';
import type { RotateKeyResponse as _svc_v1_RotateKeyResponse, RotateKeyResponse__Output as _svc_v1_RotateKeyResponse__Output } from './svc/v1/RotateKeyResponse';
import type { Run as _svc_v1_Run, Run__Output as _svc_v1_Run__Output } from './svc/v1/Run';
import type { SeatsRequest as _svc_v1_SeatsRequest, SeatsRequest__Output as _svc_v1_SeatsRequest__Output } from './svc/v1/SeatsRequest';
import type { SeatsResponse as _svc_v1_SeatsResponse, SeatsResponse__Output as _svc_v1_SeatsResponse__Output } from './svc/v1/SeatsResponse';
import type { SetPlanRequest as _svc_v1_SetPlanRequest, SetPlanRequest__Output as _svc_v1_SetPlanRequest__Output } from './svc/v1/SetPlanRequest';
import type { SetPlanResponse as _svc_v1_SetPlanResponse, SetPlanResponse__Output as _svc_v1_SetPlanResponse__Output } from './svc/v1/SetPlanResponse';
import type { SignInRequest as _svc_v1_SignInRequest, SignInRequest__Output as _svc_v1_SignInRequest__Output } from './svc/v1/SignInRequest';
import type { SignInResponse as _svc_v1_SignInResponse, SignInResponse__Output as _svc_v1_SignInResponse__Output } from './svc/v1/SignInResponse';
import type { TokenGrant as _svc_v1_TokenGrant, TokenGrant__Output as _svc_v1_TokenGrant__Output } from './svc/v1/TokenGrant';
import type { TopUpRequest as _svc_v1_TopUpRequest, TopUpRequest__Output as _svc_v1_TopUpRequest__Output } from './svc/v1/TopUpRequest';
import type { TopUpResponse as _svc_v1_TopUpResponse, TopUpResponse__Output as _svc_v1_TopUpResponse__Output } from './svc/v1/TopUpResponse';
import type { Unmatched as _svc_v1_Unmatched, Unmatched__Output as _svc_v1_Unmatched__Output } from './svc/v1/Unmatched';
import type { Usage as _svc_v1_Usage, Usage__Output as _svc_v1_Usage__Output } from './svc/v1/Usage';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  svc: {
    v1: {
      Account: MessageTypeDefinition<_svc_v1_Account, _svc_v1_Account__Output>
      AccountIdRequest: MessageTypeDefinition<_svc_v1_AccountIdRequest, _svc_v1_AccountIdRequest__Output>
      AccountUsage: MessageTypeDefinition<_svc_v1_AccountUsage, _svc_v1_AccountUsage__Output>
      AccountView: MessageTypeDefinition<_svc_v1_AccountView, _svc_v1_AccountView__Output>
      AdminAccount: MessageTypeDefinition<_svc_v1_AdminAccount, _svc_v1_AdminAccount__Output>
      AuthenticateRequest: MessageTypeDefinition<_svc_v1_AuthenticateRequest, _svc_v1_AuthenticateRequest__Output>
      AuthenticateResponse: MessageTypeDefinition<_svc_v1_AuthenticateResponse, _svc_v1_AuthenticateResponse__Output>
      BlendComponent: MessageTypeDefinition<_svc_v1_BlendComponent, _svc_v1_BlendComponent__Output>
      Caller: MessageTypeDefinition<_svc_v1_Caller, _svc_v1_Caller__Output>
      ClientRecord: MessageTypeDefinition<_svc_v1_ClientRecord, _svc_v1_ClientRecord__Output>
      CreateAccountRequest: MessageTypeDefinition<_svc_v1_CreateAccountRequest, _svc_v1_CreateAccountRequest__Output>
      CreateAccountResponse: MessageTypeDefinition<_svc_v1_CreateAccountResponse, _svc_v1_CreateAccountResponse__Output>
      CreateUserRequest: MessageTypeDefinition<_svc_v1_CreateUserRequest, _svc_v1_CreateUserRequest__Output>
      CreateUserResponse: MessageTypeDefinition<_svc_v1_CreateUserResponse, _svc_v1_CreateUserResponse__Output>
      Empty: MessageTypeDefinition<_svc_v1_Empty, _svc_v1_Empty__Output>
      ExchangeCodeRequest: MessageTypeDefinition<_svc_v1_ExchangeCodeRequest, _svc_v1_ExchangeCodeRequest__Output>
      GetAccountRequest: MessageTypeDefinition<_svc_v1_GetAccountRequest, _svc_v1_GetAccountRequest__Output>
      GetClientRequest: MessageTypeDefinition<_svc_v1_GetClientRequest, _svc_v1_GetClientRequest__Output>
      IntrospectRequest: MessageTypeDefinition<_svc_v1_IntrospectRequest, _svc_v1_IntrospectRequest__Output>
      IntrospectResponse: MessageTypeDefinition<_svc_v1_IntrospectResponse, _svc_v1_IntrospectResponse__Output>
      IssueCodeRequest: MessageTypeDefinition<_svc_v1_IssueCodeRequest, _svc_v1_IssueCodeRequest__Output>
      IssueCodeResponse: MessageTypeDefinition<_svc_v1_IssueCodeResponse, _svc_v1_IssueCodeResponse__Output>
      Lease: MessageTypeDefinition<_svc_v1_Lease, _svc_v1_Lease__Output>
      LeaseUse: MessageTypeDefinition<_svc_v1_LeaseUse, _svc_v1_LeaseUse__Output>
      Line: MessageTypeDefinition<_svc_v1_Line, _svc_v1_Line__Output>
      ListAccountsRequest: MessageTypeDefinition<_svc_v1_ListAccountsRequest, _svc_v1_ListAccountsRequest__Output>
      ListAccountsResponse: MessageTypeDefinition<_svc_v1_ListAccountsResponse, _svc_v1_ListAccountsResponse__Output>
      MeterRequest: MessageTypeDefinition<_svc_v1_MeterRequest, _svc_v1_MeterRequest__Output>
      MeterResponse: MessageTypeDefinition<_svc_v1_MeterResponse, _svc_v1_MeterResponse__Output>
      Metering: SubtypeConstructor<typeof grpc.Client, _svc_v1_MeteringClient> & { service: _svc_v1_MeteringDefinition }
      MeteringAdmin: SubtypeConstructor<typeof grpc.Client, _svc_v1_MeteringAdminClient> & { service: _svc_v1_MeteringAdminDefinition }
      OAuth: SubtypeConstructor<typeof grpc.Client, _svc_v1_OAuthClient> & { service: _svc_v1_OAuthDefinition }
      Problem: MessageTypeDefinition<_svc_v1_Problem, _svc_v1_Problem__Output>
      Product: MessageTypeDefinition<_svc_v1_Product, _svc_v1_Product__Output>
      RefreshRequest: MessageTypeDefinition<_svc_v1_RefreshRequest, _svc_v1_RefreshRequest__Output>
      RegisterClientRequest: MessageTypeDefinition<_svc_v1_RegisterClientRequest, _svc_v1_RegisterClientRequest__Output>
      ReportCallsRequest: MessageTypeDefinition<_svc_v1_ReportCallsRequest, _svc_v1_ReportCallsRequest__Output>
      ReportCallsResponse: MessageTypeDefinition<_svc_v1_ReportCallsResponse, _svc_v1_ReportCallsResponse__Output>
      RevokeRequest: MessageTypeDefinition<_svc_v1_RevokeRequest, _svc_v1_RevokeRequest__Output>
      RevokeResponse: MessageTypeDefinition<_svc_v1_RevokeResponse, _svc_v1_RevokeResponse__Output>
      RotateKeyRequest: MessageTypeDefinition<_svc_v1_RotateKeyRequest, _svc_v1_RotateKeyRequest__Output>
      RotateKeyResponse: MessageTypeDefinition<_svc_v1_RotateKeyResponse, _svc_v1_RotateKeyResponse__Output>
      Run: MessageTypeDefinition<_svc_v1_Run, _svc_v1_Run__Output>
      SeatsRequest: MessageTypeDefinition<_svc_v1_SeatsRequest, _svc_v1_SeatsRequest__Output>
      SeatsResponse: MessageTypeDefinition<_svc_v1_SeatsResponse, _svc_v1_SeatsResponse__Output>
      SetPlanRequest: MessageTypeDefinition<_svc_v1_SetPlanRequest, _svc_v1_SetPlanRequest__Output>
      SetPlanResponse: MessageTypeDefinition<_svc_v1_SetPlanResponse, _svc_v1_SetPlanResponse__Output>
      SignInRequest: MessageTypeDefinition<_svc_v1_SignInRequest, _svc_v1_SignInRequest__Output>
      SignInResponse: MessageTypeDefinition<_svc_v1_SignInResponse, _svc_v1_SignInResponse__Output>
      TokenGrant: MessageTypeDefinition<_svc_v1_TokenGrant, _svc_v1_TokenGrant__Output>
      TopUpRequest: MessageTypeDefinition<_svc_v1_TopUpRequest, _svc_v1_TopUpRequest__Output>
      TopUpResponse: MessageTypeDefinition<_svc_v1_TopUpResponse, _svc_v1_TopUpResponse__Output>
      Unmatched: MessageTypeDefinition<_svc_v1_Unmatched, _svc_v1_Unmatched__Output>
      Usage: MessageTypeDefinition<_svc_v1_Usage, _svc_v1_Usage__Output>
    }
  }
}

