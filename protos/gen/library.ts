import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { BlendComponent as _svc_v1_BlendComponent, BlendComponent__Output as _svc_v1_BlendComponent__Output } from './svc/v1/BlendComponent';
import type { Caller as _svc_v1_Caller, Caller__Output as _svc_v1_Caller__Output } from './svc/v1/Caller';
import type { DecideRequest as _svc_v1_DecideRequest, DecideRequest__Output as _svc_v1_DecideRequest__Output } from './svc/v1/DecideRequest';
import type { Empty as _svc_v1_Empty, Empty__Output as _svc_v1_Empty__Output } from './svc/v1/Empty';
import type { Ingredient as _svc_v1_Ingredient, Ingredient__Output as _svc_v1_Ingredient__Output } from './svc/v1/Ingredient';
import type { LibraryClient as _svc_v1_LibraryClient, LibraryDefinition as _svc_v1_LibraryDefinition } from './svc/v1/Library';
import type { Line as _svc_v1_Line, Line__Output as _svc_v1_Line__Output } from './svc/v1/Line';
import type { ListSubmissionsRequest as _svc_v1_ListSubmissionsRequest, ListSubmissionsRequest__Output as _svc_v1_ListSubmissionsRequest__Output } from './svc/v1/ListSubmissionsRequest';
import type { ListSubmissionsResponse as _svc_v1_ListSubmissionsResponse, ListSubmissionsResponse__Output as _svc_v1_ListSubmissionsResponse__Output } from './svc/v1/ListSubmissionsResponse';
import type { Meta as _svc_v1_Meta, Meta__Output as _svc_v1_Meta__Output } from './svc/v1/Meta';
import type { Problem as _svc_v1_Problem, Problem__Output as _svc_v1_Problem__Output } from './svc/v1/Problem';
import type { Product as _svc_v1_Product, Product__Output as _svc_v1_Product__Output } from './svc/v1/Product';
import type { Resolution as _svc_v1_Resolution, Resolution__Output as _svc_v1_Resolution__Output } from './svc/v1/Resolution';
import type { ResolveRequest as _svc_v1_ResolveRequest, ResolveRequest__Output as _svc_v1_ResolveRequest__Output } from './svc/v1/ResolveRequest';
import type { ResolveResponse as _svc_v1_ResolveResponse, ResolveResponse__Output as _svc_v1_ResolveResponse__Output } from './svc/v1/ResolveResponse';
import type { Run as _svc_v1_Run, Run__Output as _svc_v1_Run__Output } from './svc/v1/Run';
import type { SearchRequest as _svc_v1_SearchRequest, SearchRequest__Output as _svc_v1_SearchRequest__Output } from './svc/v1/SearchRequest';
import type { SearchResponse as _svc_v1_SearchResponse, SearchResponse__Output as _svc_v1_SearchResponse__Output } from './svc/v1/SearchResponse';
import type { Submission as _svc_v1_Submission, Submission__Output as _svc_v1_Submission__Output } from './svc/v1/Submission';
import type { SubmitRequest as _svc_v1_SubmitRequest, SubmitRequest__Output as _svc_v1_SubmitRequest__Output } from './svc/v1/SubmitRequest';
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
      DecideRequest: MessageTypeDefinition<_svc_v1_DecideRequest, _svc_v1_DecideRequest__Output>
      Empty: MessageTypeDefinition<_svc_v1_Empty, _svc_v1_Empty__Output>
      Ingredient: MessageTypeDefinition<_svc_v1_Ingredient, _svc_v1_Ingredient__Output>
      Library: SubtypeConstructor<typeof grpc.Client, _svc_v1_LibraryClient> & { service: _svc_v1_LibraryDefinition }
      Line: MessageTypeDefinition<_svc_v1_Line, _svc_v1_Line__Output>
      ListSubmissionsRequest: MessageTypeDefinition<_svc_v1_ListSubmissionsRequest, _svc_v1_ListSubmissionsRequest__Output>
      ListSubmissionsResponse: MessageTypeDefinition<_svc_v1_ListSubmissionsResponse, _svc_v1_ListSubmissionsResponse__Output>
      Meta: MessageTypeDefinition<_svc_v1_Meta, _svc_v1_Meta__Output>
      Problem: MessageTypeDefinition<_svc_v1_Problem, _svc_v1_Problem__Output>
      Product: MessageTypeDefinition<_svc_v1_Product, _svc_v1_Product__Output>
      Resolution: MessageTypeDefinition<_svc_v1_Resolution, _svc_v1_Resolution__Output>
      ResolveRequest: MessageTypeDefinition<_svc_v1_ResolveRequest, _svc_v1_ResolveRequest__Output>
      ResolveResponse: MessageTypeDefinition<_svc_v1_ResolveResponse, _svc_v1_ResolveResponse__Output>
      Run: MessageTypeDefinition<_svc_v1_Run, _svc_v1_Run__Output>
      SearchRequest: MessageTypeDefinition<_svc_v1_SearchRequest, _svc_v1_SearchRequest__Output>
      SearchResponse: MessageTypeDefinition<_svc_v1_SearchResponse, _svc_v1_SearchResponse__Output>
      Submission: MessageTypeDefinition<_svc_v1_Submission, _svc_v1_Submission__Output>
      SubmitRequest: MessageTypeDefinition<_svc_v1_SubmitRequest, _svc_v1_SubmitRequest__Output>
      Unmatched: MessageTypeDefinition<_svc_v1_Unmatched, _svc_v1_Unmatched__Output>
      Usage: MessageTypeDefinition<_svc_v1_Usage, _svc_v1_Usage__Output>
    }
  }
}

