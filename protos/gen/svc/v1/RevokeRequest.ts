// Original file: protos/svc/v1/oauth.proto


export interface RevokeRequest {
  'tokenHash'?: (string);
  'clientId'?: (string);
}

export interface RevokeRequest__Output {
  'tokenHash': (string);
  'clientId': (string);
}
