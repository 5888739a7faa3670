import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { BlendComponent as _svc_v1_BlendComponent, BlendComponent__Output as _svc_v1_BlendComponent__Output } from './svc/v1/BlendComponent';
import type { Caller as _svc_v1_Caller, Caller__Output as _svc_v1_Caller__Output } from './svc/v1/Caller';
import type { ComplianceClient as _svc_v1_ComplianceClient, ComplianceDefinition as _svc_v1_ComplianceDefinition } from './svc/v1/Compliance';
import type { Empty as _svc_v1_Empty, Empty__Output as _svc_v1_Empty__Output } from './svc/v1/Empty';
import type { LiftRequest as _svc_v1_LiftRequest, LiftRequest__Output as _svc_v1_LiftRequest__Output } from './svc/v1/LiftRequest';
import type { Line as _svc_v1_Line, Line__Output as _svc_v1_Line__Output } from './svc/v1/Line';
import type { ListRefusalsRequest as _svc_v1_ListRefusalsRequest, ListRefusalsRequest__Output as _svc_v1_ListRefusalsRequest__Output } from './svc/v1/ListRefusalsRequest';
import type { ListRefusalsResponse as _svc_v1_ListRefusalsResponse, ListRefusalsResponse__Output as _svc_v1_ListRefusalsResponse__Output } from './svc/v1/ListRefusalsResponse';
import type { Problem as _svc_v1_Problem, Problem__Output as _svc_v1_Problem__Output } from './svc/v1/Problem';
import type { Product as _svc_v1_Product, Product__Output as _svc_v1_Product__Output } from './svc/v1/Product';
import type { RecordRefusalRequest as _svc_v1_RecordRefusalRequest, RecordRefusalRequest__Output as _svc_v1_RecordRefusalRequest__Output } from './svc/v1/RecordRefusalRequest';
import type { Refusal as _svc_v1_Refusal, Refusal__Output as _svc_v1_Refusal__Output } from './svc/v1/Refusal';
import type { RefusalOutcome as _svc_v1_RefusalOutcome, RefusalOutcome__Output as _svc_v1_RefusalOutcome__Output } from './svc/v1/RefusalOutcome';
import type { Run as _svc_v1_Run, Run__Output as _svc_v1_Run__Output } from './svc/v1/Run';
import type { ScreenRequest as _svc_v1_ScreenRequest, ScreenRequest__Output as _svc_v1_ScreenRequest__Output } from './svc/v1/ScreenRequest';
import type { ScreenResponse as _svc_v1_ScreenResponse, ScreenResponse__Output as _svc_v1_ScreenResponse__Output } from './svc/v1/ScreenResponse';
import type { Standing as _svc_v1_Standing, Standing__Output as _svc_v1_Standing__Output } from './svc/v1/Standing';
import type { StandingRequest as _svc_v1_StandingRequest, StandingRequest__Output as _svc_v1_StandingRequest__Output } from './svc/v1/StandingRequest';
import type { Unmatched as _svc_v1_Unmatched, Unmatched__Output as _svc_v1_Unmatched__Output } from './svc/v1/Unmatched';
import type { Usage as _svc_v1_Usage, Usage__Output as _svc_v1_Usage__Output } from './svc/v1/Usage';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  svc: {
    v1: {
      BlendComponent: MessageTypeDefinition<_svc_v1_BlendComponent, _svc_v1_BlendComponent__Output>
      Caller: MessageTypeDefinition<_svc_v1_Caller, _svc_v1_Caller__Output>
      Compliance: SubtypeConstructor<typeof grpc.Client, _svc_v1_ComplianceClient> & { service: _svc_v1_ComplianceDefinition }
      Empty: MessageTypeDefinition<_svc_v1_Empty, _svc_v1_Empty__Output>
      LiftRequest: MessageTypeDefinition<_svc_v1_LiftRequest, _svc_v1_LiftRequest__Output>
      Line: MessageTypeDefinition<_svc_v1_Line, _svc_v1_Line__Output>
      ListRefusalsRequest: MessageTypeDefinition<_svc_v1_ListRefusalsRequest, _svc_v1_ListRefusalsRequest__Output>
      ListRefusalsResponse: MessageTypeDefinition<_svc_v1_ListRefusalsResponse, _svc_v1_ListRefusalsResponse__Output>
      Problem: MessageTypeDefinition<_svc_v1_Problem, _svc_v1_Problem__Output>
      Product: MessageTypeDefinition<_svc_v1_Product, _svc_v1_Product__Output>
      RecordRefusalRequest: MessageTypeDefinition<_svc_v1_RecordRefusalRequest, _svc_v1_RecordRefusalRequest__Output>
      Refusal: MessageTypeDefinition<_svc_v1_Refusal, _svc_v1_Refusal__Output>
      RefusalOutcome: MessageTypeDefinition<_svc_v1_RefusalOutcome, _svc_v1_RefusalOutcome__Output>
      Run: MessageTypeDefinition<_svc_v1_Run, _svc_v1_Run__Output>
      ScreenRequest: MessageTypeDefinition<_svc_v1_ScreenRequest, _svc_v1_ScreenRequest__Output>
      ScreenResponse: MessageTypeDefinition<_svc_v1_ScreenResponse, _svc_v1_ScreenResponse__Output>
      Standing: MessageTypeDefinition<_svc_v1_Standing, _svc_v1_Standing__Output>
      StandingRequest: MessageTypeDefinition<_svc_v1_StandingRequest, _svc_v1_StandingRequest__Output>
      Unmatched: MessageTypeDefinition<_svc_v1_Unmatched, _svc_v1_Unmatched__Output>
      Usage: MessageTypeDefinition<_svc_v1_Usage, _svc_v1_Usage__Output>
    }
  }
}

