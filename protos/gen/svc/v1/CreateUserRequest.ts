// Original file: protos/svc/v1/oauth.proto


export interface CreateUserRequest {
  'accountId'?: (string);
  'email'?: (string);
  'password'?: (string);
}

export interface CreateUserRequest__Output {
  'accountId': (string);
  'email': (string);
  'password': (string);
}
