// Original file: protos/svc/v1/library.proto


export interface ResolveRequest {
  'names'?: (string)[];
}

export interface ResolveRequest__Output {
  'names': (string)[];
}
