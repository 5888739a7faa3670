// Original file: protos/svc/v1/oauth.proto


export interface SignInResponse {
  'ok'?: (boolean);
  'userId'?: (string);
  'accountId'?: (string);
  'company'?: (string);
}

export interface SignInResponse__Output {
  'ok': (boolean);
  'userId': (string);
  'accountId': (string);
  'company': (string);
}
