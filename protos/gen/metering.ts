import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Account as _svc_v1_Account, Account__Output as _svc_v1_Account__Output } from './svc/v1/Account';
import type { AccountView as _svc_v1_AccountView, AccountView__Output as _svc_v1_AccountView__Output } from './svc/v1/AccountView';
import type { AuthenticateRequest as _svc_v1_AuthenticateRequest, AuthenticateRequest__Output as _svc_v1_AuthenticateRequest__Output } from './svc/v1/AuthenticateRequest';
import type { AuthenticateResponse as _svc_v1_AuthenticateResponse, AuthenticateResponse__Output as _svc_v1_AuthenticateResponse__Output } from './svc/v1/AuthenticateResponse';
import type { BlendComponent as _svc_v1_BlendComponent, BlendComponent__Output as _svc_v1_BlendComponent__Output } from './svc/v1/BlendComponent';
import type { Caller as _svc_v1_Caller, Caller__Output as _svc_v1_Caller__Output } from './svc/v1/Caller';
import type { Empty as _svc_v1_Empty, Empty__Output as _svc_v1_Empty__Output } from './svc/v1/Empty';
import type { GetAccountRequest as _svc_v1_GetAccountRequest, GetAccountRequest__Output as _svc_v1_GetAccountRequest__Output } from './svc/v1/GetAccountRequest';
import type { Lease as _svc_v1_Lease, Lease__Output as _svc_v1_Lease__Output } from './svc/v1/Lease';
import type { LeaseUse as _svc_v1_LeaseUse, LeaseUse__Output as _svc_v1_LeaseUse__Output } from './svc/v1/LeaseUse';
import type { Line as _svc_v1_Line, Line__Output as _svc_v1_Line__Output } from './svc/v1/Line';
import type { MeterRequest as _svc_v1_MeterRequest, MeterRequest__Output as _svc_v1_MeterRequest__Output } from './svc/v1/MeterRequest';
import type { MeterResponse as _svc_v1_MeterResponse, MeterResponse__Output as _svc_v1_MeterResponse__Output } from './svc/v1/MeterResponse';
import type { MeteringClient as _svc_v1_MeteringClient, MeteringDefinition as _svc_v1_MeteringDefinition } from './svc/v1/Metering';
import type { Problem as _svc_v1_Problem, Problem__Output as _svc_v1_Problem__Output } from './svc/v1/Problem';
import type { ReportCallsRequest as _svc_v1_ReportCallsRequest, ReportCallsRequest__Output as _svc_v1_ReportCallsRequest__Output } from './svc/v1/ReportCallsRequest';
import type { ReportCallsResponse as _svc_v1_ReportCallsResponse, ReportCallsResponse__Output as _svc_v1_ReportCallsResponse__Output } from './svc/v1/ReportCallsResponse';
import type { RotateKeyRequest as _svc_v1_RotateKeyRequest, RotateKeyRequest__Output as _svc_v1_RotateKeyRequest__Output } from './svc/v1/RotateKeyRequest';
import type { RotateKeyResponse as _svc_v1_RotateKeyResponse, RotateKeyResponse__Output as _svc_v1_RotateKeyResponse__Output } from './svc/v1/RotateKeyResponse';
import type { Run as _svc_v1_Run, Run__Output as _svc_v1_Run__Output } from './svc/v1/Run';
import type { SeatsRequest as _svc_v1_SeatsRequest, SeatsRequest__Output as _svc_v1_SeatsRequest__Output } from './svc/v1/SeatsRequest';
import type { SeatsResponse as _svc_v1_SeatsResponse, SeatsResponse__Output as _svc_v1_SeatsResponse__Output } from './svc/v1/SeatsResponse';
import type { Unmatched as _svc_v1_Unmatched, Unmatched__Output as _svc_v1_Unmatched__Output } from './svc/v1/Unmatched';
import type { Usage as _svc_v1_Usage, Usage__Output as _svc_v1_Usage__Output } from './svc/v1/Usage';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  svc: {
    v1: {
      Account: MessageTypeDefinition<_svc_v1_Account, _svc_v1_Account__Output>
      AccountView: MessageTypeDefinition<_svc_v1_AccountView, _svc_v1_AccountView__Output>
      AuthenticateRequest: MessageTypeDefinition<_svc_v1_AuthenticateRequest, _svc_v1_AuthenticateRequest__Output>
      AuthenticateResponse: MessageTypeDefinition<_svc_v1_AuthenticateResponse, _svc_v1_AuthenticateResponse__Output>
      BlendComponent: MessageTypeDefinition<_svc_v1_BlendComponent, _svc_v1_BlendComponent__Output>
      Caller: MessageTypeDefinition<_svc_v1_Caller, _svc_v1_Caller__Output>
      Empty: MessageTypeDefinition<_svc_v1_Empty, _svc_v1_Empty__Output>
      GetAccountRequest: MessageTypeDefinition<_svc_v1_GetAccountRequest, _svc_v1_GetAccountRequest__Output>
      Lease: MessageTypeDefinition<_svc_v1_Lease, _svc_v1_Lease__Output>
      LeaseUse: MessageTypeDefinition<_svc_v1_LeaseUse, _svc_v1_LeaseUse__Output>
      Line: MessageTypeDefinition<_svc_v1_Line, _svc_v1_Line__Output>
      MeterRequest: MessageTypeDefinition<_svc_v1_MeterRequest, _svc_v1_MeterRequest__Output>
      MeterResponse: MessageTypeDefinition<_svc_v1_MeterResponse, _svc_v1_MeterResponse__Output>
      Metering: SubtypeConstructor<typeof grpc.Client, _svc_v1_MeteringClient> & { service: _svc_v1_MeteringDefinition }
      Problem: MessageTypeDefinition<_svc_v1_Problem, _svc_v1_Problem__Output>
      ReportCallsRequest: MessageTypeDefinition<_svc_v1_ReportCallsRequest, _svc_v1_ReportCallsRequest__Output>
      ReportCallsResponse: MessageTypeDefinition<_svc_v1_ReportCallsResponse, _svc_v1_ReportCallsResponse__Output>
      RotateKeyRequest: MessageTypeDefinition<_svc_v1_RotateKeyRequest, _svc_v1_RotateKeyRequest__Output>
      RotateKeyResponse: MessageTypeDefinition<_svc_v1_RotateKeyResponse, _svc_v1_RotateKeyResponse__Output>
      Run: MessageTypeDefinition<_svc_v1_Run, _svc_v1_Run__Output>
      SeatsRequest: MessageTypeDefinition<_svc_v1_SeatsRequest, _svc_v1_SeatsRequest__Output>
      SeatsResponse: MessageTypeDefinition<_svc_v1_SeatsResponse, _svc_v1_SeatsResponse__Output>
      Unmatched: MessageTypeDefinition<_svc_v1_Unmatched, _svc_v1_Unmatched__Output>
      Usage: MessageTypeDefinition<_svc_v1_Usage, _svc_v1_Usage__Output>
    }
  }
}

