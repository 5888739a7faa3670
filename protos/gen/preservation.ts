import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AssessRequest as _svc_v1_AssessRequest, AssessRequest__Output as _svc_v1_AssessRequest__Output } from './svc/v1/AssessRequest';
import type { AssessResponse as _svc_v1_AssessResponse, AssessResponse__Output as _svc_v1_AssessResponse__Output } from './svc/v1/AssessResponse';
import type { BlendComponent as _svc_v1_BlendComponent, BlendComponent__Output as _svc_v1_BlendComponent__Output } from './svc/v1/BlendComponent';
import type { Caller as _svc_v1_Caller, Caller__Output as _svc_v1_Caller__Output } from './svc/v1/Caller';
import type { Cap as _svc_v1_Cap, Cap__Output as _svc_v1_Cap__Output } from './svc/v1/Cap';
import type { Empty as _svc_v1_Empty, Empty__Output as _svc_v1_Empty__Output } from './svc/v1/Empty';
import type { Line as _svc_v1_Line, Line__Output as _svc_v1_Line__Output } from './svc/v1/Line';
import type { Option as _svc_v1_Option, Option__Output as _svc_v1_Option__Output } from './svc/v1/Option';
import type { PreservationClient as _svc_v1_PreservationClient, PreservationDefinition as _svc_v1_PreservationDefinition } from './svc/v1/Preservation';
import type { Problem as _svc_v1_Problem, Problem__Output as _svc_v1_Problem__Output } from './svc/v1/Problem';
import type { Product as _svc_v1_Product, Product__Output as _svc_v1_Product__Output } from './svc/v1/Product';
import type { Reason as _svc_v1_Reason, Reason__Output as _svc_v1_Reason__Output } from './svc/v1/Reason';
import type { Run as _svc_v1_Run, Run__Output as _svc_v1_Run__Output } from './svc/v1/Run';
import type { TopUp as _svc_v1_TopUp, TopUp__Output as _svc_v1_TopUp__Output } from './svc/v1/TopUp';
import type { Unmatched as _svc_v1_Unmatched, Unmatched__Output as _svc_v1_Unmatched__Output } from './svc/v1/Unmatched';
import type { Usage as _svc_v1_Usage, Usage__Output as _svc_v1_Usage__Output } from './svc/v1/Usage';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  svc: {
    v1: {
      AssessRequest: MessageTypeDefinition<_svc_v1_AssessRequest, _svc_v1_AssessRequest__Output>
      AssessResponse: MessageTypeDefinition<_svc_v1_AssessResponse, _svc_v1_AssessResponse__Output>
      BlendComponent: MessageTypeDefinition<_svc_v1_BlendComponent, _svc_v1_BlendComponent__Output>
      Caller: MessageTypeDefinition<_svc_v1_Caller, _svc_v1_Caller__Output>
      Cap: MessageTypeDefinition<_svc_v1_Cap, _svc_v1_Cap__Output>
      Empty: MessageTypeDefinition<_svc_v1_Empty, _svc_v1_Empty__Output>
      Line: MessageTypeDefinition<_svc_v1_Line, _svc_v1_Line__Output>
      Option: MessageTypeDefinition<_svc_v1_Option, _svc_v1_Option__Output>
      Preservation: SubtypeConstructor<typeof grpc.Client, _svc_v1_PreservationClient> & { service: _svc_v1_PreservationDefinition }
      Problem: MessageTypeDefinition<_svc_v1_Problem, _svc_v1_Problem__Output>
      Product: MessageTypeDefinition<_svc_v1_Product, _svc_v1_Product__Output>
      Reason: MessageTypeDefinition<_svc_v1_Reason, _svc_v1_Reason__Output>
      Run: MessageTypeDefinition<_svc_v1_Run, _svc_v1_Run__Output>
      TopUp: MessageTypeDefinition<_svc_v1_TopUp, _svc_v1_TopUp__Output>
      Unmatched: MessageTypeDefinition<_svc_v1_Unmatched, _svc_v1_Unmatched__Output>
      Usage: MessageTypeDefinition<_svc_v1_Usage, _svc_v1_Usage__Output>
    }
  }
}

