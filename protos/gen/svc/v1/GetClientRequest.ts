// Original file: protos/svc/v1/oauth.proto


export interface GetClientRequest {
  'clientId'?: (string);
}

export interface GetClientRequest__Output {
  'clientId': (string);
}
