// Original file: protos/svc/v1/oauth.proto


export interface TokenGrant {
  'ok'?: (boolean);
  'reason'?: (string);
  'scope'?: (string);
  'resource'?: (string);
}

export interface TokenGrant__Output {
  'ok': (boolean);
  'reason': (string);
  'scope': (string);
  'resource': (string);
}
