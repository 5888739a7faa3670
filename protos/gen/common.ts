import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { BlendComponent as _svc_v1_BlendComponent, BlendComponent__Output as _svc_v1_BlendComponent__Output } from './svc/v1/BlendComponent';
import type { Caller as _svc_v1_Caller, Caller__Output as _svc_v1_Caller__Output } from './svc/v1/Caller';
import type { Empty as _svc_v1_Empty, Empty__Output as _svc_v1_Empty__Output } from './svc/v1/Empty';
import type { Line as _svc_v1_Line, Line__Output as _svc_v1_Line__Output } from './svc/v1/Line';
import type { Problem as _svc_v1_Problem, Problem__Output as _svc_v1_Problem__Output } from './svc/v1/Problem';
import type { Product as _svc_v1_Product, Product__Output as _svc_v1_Product__Output } from './svc/v1/Product';
import type { Run as _svc_v1_Run, Run__Output as _svc_v1_Run__Output } from './svc/v1/Run';
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
      Empty: MessageTypeDefinition<_svc_v1_Empty, _svc_v1_Empty__Output>
      Line: MessageTypeDefinition<_svc_v1_Line, _svc_v1_Line__Output>
      Problem: MessageTypeDefinition<_svc_v1_Problem, _svc_v1_Problem__Output>
      Product: MessageTypeDefinition<_svc_v1_Product, _svc_v1_Product__Output>
      Run: MessageTypeDefinition<_svc_v1_Run, _svc_v1_Run__Output>
      Unmatched: MessageTypeDefinition<_svc_v1_Unmatched, _svc_v1_Unmatched__Output>
      Usage: MessageTypeDefinition<_svc_v1_Usage, _svc_v1_Usage__Output>
    }
  }
}

