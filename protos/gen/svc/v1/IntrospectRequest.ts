// Original file: protos/svc/v1/oauth.proto


export interface IntrospectRequest {
  'accessHash'?: (string);
}

export interface IntrospectRequest__Output {
  'accessHash': (string);
}
