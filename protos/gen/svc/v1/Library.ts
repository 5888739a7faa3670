// Original file: protos/svc/v1/library.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { DecideRequest as _svc_v1_DecideRequest, DecideRequest__Output as _svc_v1_DecideRequest__Output } from '../../svc/v1/DecideRequest';
import type { Empty as _svc_v1_Empty, Empty__Output as _svc_v1_Empty__Output } from '../../svc/v1/Empty';
import type { ListSubmissionsRequest as _svc_v1_ListSubmissionsRequest, ListSubmissionsRequest__Output as _svc_v1_ListSubmissionsRequest__Output } from '../../svc/v1/ListSubmissionsRequest';
import type { ListSubmissionsResponse as _svc_v1_ListSubmissionsResponse, ListSubmissionsResponse__Output as _svc_v1_ListSubmissionsResponse__Output } from '../../svc/v1/ListSubmissionsResponse';
import type { Meta as _svc_v1_Meta, Meta__Output as _svc_v1_Meta__Output } from '../../svc/v1/Meta';
import type { ResolveRequest as _svc_v1_ResolveRequest, ResolveRequest__Output as _svc_v1_ResolveRequest__Output } from '../../svc/v1/ResolveRequest';
import type { ResolveResponse as _svc_v1_ResolveResponse, ResolveResponse__Output as _svc_v1_ResolveResponse__Output } from '../../svc/v1/ResolveResponse';
import type { SearchRequest as _svc_v1_SearchRequest, SearchRequest__Output as _svc_v1_SearchRequest__Output } from '../../svc/v1/SearchRequest';
import type { SearchResponse as _svc_v1_SearchResponse, SearchResponse__Output as _svc_v1_SearchResponse__Output } from '../../svc/v1/SearchResponse';
import type { Submission as _svc_v1_Submission, Submission__Output as _svc_v1_Submission__Output } from '../../svc/v1/Submission';
import type { SubmitRequest as _svc_v1_SubmitRequest, SubmitRequest__Output as _svc_v1_SubmitRequest__Output } from '../../svc/v1/SubmitRequest';

export interface LibraryClient extends grpc.Client {
  Decide(argument: _svc_v1_DecideRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_Submission__Output>): grpc.ClientUnaryCall;
  Decide(argument: _svc_v1_DecideRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_Submission__Output>): grpc.ClientUnaryCall;
  Decide(argument: _svc_v1_DecideRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_Submission__Output>): grpc.ClientUnaryCall;
  Decide(argument: _svc_v1_DecideRequest, callback: grpc.requestCallback<_svc_v1_Submission__Output>): grpc.ClientUnaryCall;
  decide(argument: _svc_v1_DecideRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_Submission__Output>): grpc.ClientUnaryCall;
  decide(argument: _svc_v1_DecideRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_Submission__Output>): grpc.ClientUnaryCall;
  decide(argument: _svc_v1_DecideRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_Submission__Output>): grpc.ClientUnaryCall;
  decide(argument: _svc_v1_DecideRequest, callback: grpc.requestCallback<_svc_v1_Submission__Output>): grpc.ClientUnaryCall;
  
  GetMeta(argument: _svc_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_Meta__Output>): grpc.ClientUnaryCall;
  GetMeta(argument: _svc_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_Meta__Output>): grpc.ClientUnaryCall;
  GetMeta(argument: _svc_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_Meta__Output>): grpc.ClientUnaryCall;
  GetMeta(argument: _svc_v1_Empty, callback: grpc.requestCallback<_svc_v1_Meta__Output>): grpc.ClientUnaryCall;
  getMeta(argument: _svc_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_Meta__Output>): grpc.ClientUnaryCall;
  getMeta(argument: _svc_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_Meta__Output>): grpc.ClientUnaryCall;
  getMeta(argument: _svc_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_Meta__Output>): grpc.ClientUnaryCall;
  getMeta(argument: _svc_v1_Empty, callback: grpc.requestCallback<_svc_v1_Meta__Output>): grpc.ClientUnaryCall;
  
  ListSubmissions(argument: _svc_v1_ListSubmissionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ListSubmissionsResponse__Output>): grpc.ClientUnaryCall;
  ListSubmissions(argument: _svc_v1_ListSubmissionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_ListSubmissionsResponse__Output>): grpc.ClientUnaryCall;
  ListSubmissions(argument: _svc_v1_ListSubmissionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ListSubmissionsResponse__Output>): grpc.ClientUnaryCall;
  ListSubmissions(argument: _svc_v1_ListSubmissionsRequest, callback: grpc.requestCallback<_svc_v1_ListSubmissionsResponse__Output>): grpc.ClientUnaryCall;
  listSubmissions(argument: _svc_v1_ListSubmissionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ListSubmissionsResponse__Output>): grpc.ClientUnaryCall;
  listSubmissions(argument: _svc_v1_ListSubmissionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_ListSubmissionsResponse__Output>): grpc.ClientUnaryCall;
  listSubmissions(argument: _svc_v1_ListSubmissionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ListSubmissionsResponse__Output>): grpc.ClientUnaryCall;
  listSubmissions(argument: _svc_v1_ListSubmissionsRequest, callback: grpc.requestCallback<_svc_v1_ListSubmissionsResponse__Output>): grpc.ClientUnaryCall;
  
  Resolve(argument: _svc_v1_ResolveRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ResolveResponse__Output>): grpc.ClientUnaryCall;
  Resolve(argument: _svc_v1_ResolveRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_ResolveResponse__Output>): grpc.ClientUnaryCall;
  Resolve(argument: _svc_v1_ResolveRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ResolveResponse__Output>): grpc.ClientUnaryCall;
  Resolve(argument: _svc_v1_ResolveRequest, callback: grpc.requestCallback<_svc_v1_ResolveResponse__Output>): grpc.ClientUnaryCall;
  resolve(argument: _svc_v1_ResolveRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ResolveResponse__Output>): grpc.ClientUnaryCall;
  resolve(argument: _svc_v1_ResolveRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_ResolveResponse__Output>): grpc.ClientUnaryCall;
  resolve(argument: _svc_v1_ResolveRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_ResolveResponse__Output>): grpc.ClientUnaryCall;
  resolve(argument: _svc_v1_ResolveRequest, callback: grpc.requestCallback<_svc_v1_ResolveResponse__Output>): grpc.ClientUnaryCall;
  
  Search(argument: _svc_v1_SearchRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_SearchResponse__Output>): grpc.ClientUnaryCall;
  Search(argument: _svc_v1_SearchRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_SearchResponse__Output>): grpc.ClientUnaryCall;
  Search(argument: _svc_v1_SearchRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_SearchResponse__Output>): grpc.ClientUnaryCall;
  Search(argument: _svc_v1_SearchRequest, callback: grpc.requestCallback<_svc_v1_SearchResponse__Output>): grpc.ClientUnaryCall;
  search(argument: _svc_v1_SearchRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_SearchResponse__Output>): grpc.ClientUnaryCall;
  search(argument: _svc_v1_SearchRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_SearchResponse__Output>): grpc.ClientUnaryCall;
  search(argument: _svc_v1_SearchRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_SearchResponse__Output>): grpc.ClientUnaryCall;
  search(argument: _svc_v1_SearchRequest, callback: grpc.requestCallback<_svc_v1_SearchResponse__Output>): grpc.ClientUnaryCall;
  
  Submit(argument: _svc_v1_SubmitRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_Submission__Output>): grpc.ClientUnaryCall;
  Submit(argument: _svc_v1_SubmitRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_Submission__Output>): grpc.ClientUnaryCall;
  Submit(argument: _svc_v1_SubmitRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_Submission__Output>): grpc.ClientUnaryCall;
  Submit(argument: _svc_v1_SubmitRequest, callback: grpc.requestCallback<_svc_v1_Submission__Output>): grpc.ClientUnaryCall;
  submit(argument: _svc_v1_SubmitRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_Submission__Output>): grpc.ClientUnaryCall;
  submit(argument: _svc_v1_SubmitRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_svc_v1_Submission__Output>): grpc.ClientUnaryCall;
  submit(argument: _svc_v1_SubmitRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_svc_v1_Submission__Output>): grpc.ClientUnaryCall;
  submit(argument: _svc_v1_SubmitRequest, callback: grpc.requestCallback<_svc_v1_Submission__Output>): grpc.ClientUnaryCall;
  
}

export interface LibraryHandlers extends grpc.UntypedServiceImplementation {
  Decide: grpc.handleUnaryCall<_svc_v1_DecideRequest__Output, _svc_v1_Submission>;
  
  GetMeta: grpc.handleUnaryCall<_svc_v1_Empty__Output, _svc_v1_Meta>;
  
  ListSubmissions: grpc.handleUnaryCall<_svc_v1_ListSubmissionsRequest__Output, _svc_v1_ListSubmissionsResponse>;
  
  Resolve: grpc.handleUnaryCall<_svc_v1_ResolveRequest__Output, _svc_v1_ResolveResponse>;
  
  Search: grpc.handleUnaryCall<_svc_v1_SearchRequest__Output, _svc_v1_SearchResponse>;
  
  Submit: grpc.handleUnaryCall<_svc_v1_SubmitRequest__Output, _svc_v1_Submission>;
  
}

export interface LibraryDefinition extends grpc.ServiceDefinition {
  Decide: MethodDefinition<_svc_v1_DecideRequest, _svc_v1_Submission, _svc_v1_DecideRequest__Output, _svc_v1_Submission__Output>
  GetMeta: MethodDefinition<_svc_v1_Empty, _svc_v1_Meta, _svc_v1_Empty__Output, _svc_v1_Meta__Output>
  ListSubmissions: MethodDefinition<_svc_v1_ListSubmissionsRequest, _svc_v1_ListSubmissionsResponse, _svc_v1_ListSubmissionsRequest__Output, _svc_v1_ListSubmissionsResponse__Output>
  Resolve: MethodDefinition<_svc_v1_ResolveRequest, _svc_v1_ResolveResponse, _svc_v1_ResolveRequest__Output, _svc_v1_ResolveResponse__Output>
  Search: MethodDefinition<_svc_v1_SearchRequest, _svc_v1_SearchResponse, _svc_v1_SearchRequest__Output, _svc_v1_SearchResponse__Output>
  Submit: MethodDefinition<_svc_v1_SubmitRequest, _svc_v1_Submission, _svc_v1_SubmitRequest__Output, _svc_v1_Submission__Output>
}
