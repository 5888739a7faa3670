import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { BlendComponent as _svc_v1_BlendComponent, BlendComponent__Output as _svc_v1_BlendComponent__Output } from './svc/v1/BlendComponent';
import type { Caller as _svc_v1_Caller, Caller__Output as _svc_v1_Caller__Output } from './svc/v1/Caller';
import type { CategoryLoad as _svc_v1_CategoryLoad, CategoryLoad__Output as _svc_v1_CategoryLoad__Output } from './svc/v1/CategoryLoad';
import type { CheckRequest as _svc_v1_CheckRequest, CheckRequest__Output as _svc_v1_CheckRequest__Output } from './svc/v1/CheckRequest';
import type { CheckResponse as _svc_v1_CheckResponse, CheckResponse__Output as _svc_v1_CheckResponse__Output } from './svc/v1/CheckResponse';
import type { CheckedLine as _svc_v1_CheckedLine, CheckedLine__Output as _svc_v1_CheckedLine__Output } from './svc/v1/CheckedLine';
import type { Empty as _svc_v1_Empty, Empty__Output as _svc_v1_Empty__Output } from './svc/v1/Empty';
import type { EnvelopeClient as _svc_v1_EnvelopeClient, EnvelopeDefinition as _svc_v1_EnvelopeDefinition } from './svc/v1/Envelope';
import type { Line as _svc_v1_Line, Line__Output as _svc_v1_Line__Output } from './svc/v1/Line';
import type { LineChange as _svc_v1_LineChange, LineChange__Output as _svc_v1_LineChange__Output } from './svc/v1/LineChange';
import type { NameList as _svc_v1_NameList, NameList__Output as _svc_v1_NameList__Output } from './svc/v1/NameList';
import type { PhRange as _svc_v1_PhRange, PhRange__Output as _svc_v1_PhRange__Output } from './svc/v1/PhRange';
import type { Problem as _svc_v1_Problem, Problem__Output as _svc_v1_Problem__Output } from './svc/v1/Problem';
import type { Product as _svc_v1_Product, Product__Output as _svc_v1_Product__Output } from './svc/v1/Product';
import type { Remedy as _svc_v1_Remedy, Remedy__Output as _svc_v1_Remedy__Output } from './svc/v1/Remedy';
import type { RepairStep as _svc_v1_RepairStep, RepairStep__Output as _svc_v1_RepairStep__Output } from './svc/v1/RepairStep';
import type { RepairedFormula as _svc_v1_RepairedFormula, RepairedFormula__Output as _svc_v1_RepairedFormula__Output } from './svc/v1/RepairedFormula';
import type { Run as _svc_v1_Run, Run__Output as _svc_v1_Run__Output } from './svc/v1/Run';
import type { ScreenedProduct as _svc_v1_ScreenedProduct, ScreenedProduct__Output as _svc_v1_ScreenedProduct__Output } from './svc/v1/ScreenedProduct';
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
      CategoryLoad: MessageTypeDefinition<_svc_v1_CategoryLoad, _svc_v1_CategoryLoad__Output>
      CheckRequest: MessageTypeDefinition<_svc_v1_CheckRequest, _svc_v1_CheckRequest__Output>
      CheckResponse: MessageTypeDefinition<_svc_v1_CheckResponse, _svc_v1_CheckResponse__Output>
      CheckedLine: MessageTypeDefinition<_svc_v1_CheckedLine, _svc_v1_CheckedLine__Output>
      Empty: MessageTypeDefinition<_svc_v1_Empty, _svc_v1_Empty__Output>
      Envelope: SubtypeConstructor<typeof grpc.Client, _svc_v1_EnvelopeClient> & { service: _svc_v1_EnvelopeDefinition }
      Line: MessageTypeDefinition<_svc_v1_Line, _svc_v1_Line__Output>
      LineChange: MessageTypeDefinition<_svc_v1_LineChange, _svc_v1_LineChange__Output>
      NameList: MessageTypeDefinition<_svc_v1_NameList, _svc_v1_NameList__Output>
      PhRange: MessageTypeDefinition<_svc_v1_PhRange, _svc_v1_PhRange__Output>
      Problem: MessageTypeDefinition<_svc_v1_Problem, _svc_v1_Problem__Output>
      Product: MessageTypeDefinition<_svc_v1_Product, _svc_v1_Product__Output>
      Remedy: MessageTypeDefinition<_svc_v1_Remedy, _svc_v1_Remedy__Output>
      RepairStep: MessageTypeDefinition<_svc_v1_RepairStep, _svc_v1_RepairStep__Output>
      RepairedFormula: MessageTypeDefinition<_svc_v1_RepairedFormula, _svc_v1_RepairedFormula__Output>
      Run: MessageTypeDefinition<_svc_v1_Run, _svc_v1_Run__Output>
      ScreenedProduct: MessageTypeDefinition<_svc_v1_ScreenedProduct, _svc_v1_ScreenedProduct__Output>
      Unmatched: MessageTypeDefinition<_svc_v1_Unmatched, _svc_v1_Unmatched__Output>
      Usage: MessageTypeDefinition<_svc_v1_Usage, _svc_v1_Usage__Output>
    }
  }
}

