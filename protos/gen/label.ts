import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { BlendComponent as _svc_v1_BlendComponent, BlendComponent__Output as _svc_v1_BlendComponent__Output } from './svc/v1/BlendComponent';
import type { BuildRequest as _svc_v1_BuildRequest, BuildRequest__Output as _svc_v1_BuildRequest__Output } from './svc/v1/BuildRequest';
import type { BuildResponse as _svc_v1_BuildResponse, BuildResponse__Output as _svc_v1_BuildResponse__Output } from './svc/v1/BuildResponse';
import type { Caller as _svc_v1_Caller, Caller__Output as _svc_v1_Caller__Output } from './svc/v1/Caller';
import type { ChassisBandsRequest as _svc_v1_ChassisBandsRequest, ChassisBandsRequest__Output as _svc_v1_ChassisBandsRequest__Output } from './svc/v1/ChassisBandsRequest';
import type { ChassisBandsResponse as _svc_v1_ChassisBandsResponse, ChassisBandsResponse__Output as _svc_v1_ChassisBandsResponse__Output } from './svc/v1/ChassisBandsResponse';
import type { ChassisShareBand as _svc_v1_ChassisShareBand, ChassisShareBand__Output as _svc_v1_ChassisShareBand__Output } from './svc/v1/ChassisShareBand';
import type { CompositionLine as _svc_v1_CompositionLine, CompositionLine__Output as _svc_v1_CompositionLine__Output } from './svc/v1/CompositionLine';
import type { Empty as _svc_v1_Empty, Empty__Output as _svc_v1_Empty__Output } from './svc/v1/Empty';
import type { LabelClient as _svc_v1_LabelClient, LabelDefinition as _svc_v1_LabelDefinition } from './svc/v1/Label';
import type { LabelChassisClient as _svc_v1_LabelChassisClient, LabelChassisDefinition as _svc_v1_LabelChassisDefinition } from './svc/v1/LabelChassis';
import type { LabelWarning as _svc_v1_LabelWarning, LabelWarning__Output as _svc_v1_LabelWarning__Output } from './svc/v1/LabelWarning';
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
      BuildRequest: MessageTypeDefinition<_svc_v1_BuildRequest, _svc_v1_BuildRequest__Output>
      BuildResponse: MessageTypeDefinition<_svc_v1_BuildResponse, _svc_v1_BuildResponse__Output>
      Caller: MessageTypeDefinition<_svc_v1_Caller, _svc_v1_Caller__Output>
      ChassisBandsRequest: MessageTypeDefinition<_svc_v1_ChassisBandsRequest, _svc_v1_ChassisBandsRequest__Output>
      ChassisBandsResponse: MessageTypeDefinition<_svc_v1_ChassisBandsResponse, _svc_v1_ChassisBandsResponse__Output>
      ChassisShareBand: MessageTypeDefinition<_svc_v1_ChassisShareBand, _svc_v1_ChassisShareBand__Output>
      CompositionLine: MessageTypeDefinition<_svc_v1_CompositionLine, _svc_v1_CompositionLine__Output>
      Empty: MessageTypeDefinition<_svc_v1_Empty, _svc_v1_Empty__Output>
      Label: SubtypeConstructor<typeof grpc.Client, _svc_v1_LabelClient> & { service: _svc_v1_LabelDefinition }
      LabelChassis: SubtypeConstructor<typeof grpc.Client, _svc_v1_LabelChassisClient> & { service: _svc_v1_LabelChassisDefinition }
      LabelWarning: MessageTypeDefinition<_svc_v1_LabelWarning, _svc_v1_LabelWarning__Output>
      Line: MessageTypeDefinition<_svc_v1_Line, _svc_v1_Line__Output>
      Problem: MessageTypeDefinition<_svc_v1_Problem, _svc_v1_Problem__Output>
      Product: MessageTypeDefinition<_svc_v1_Product, _svc_v1_Product__Output>
      Run: MessageTypeDefinition<_svc_v1_Run, _svc_v1_Run__Output>
      Unmatched: MessageTypeDefinition<_svc_v1_Unmatched, _svc_v1_Unmatched__Output>
      Usage: MessageTypeDefinition<_svc_v1_Usage, _svc_v1_Usage__Output>
    }
  }
}

