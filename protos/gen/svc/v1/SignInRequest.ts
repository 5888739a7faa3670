// Original file: protos/svc/v1/oauth.proto


export interface SignInRequest {
  'email'?: (string);
  'password'?: (string);
}

export interface SignInRequest__Output {
  'email': (string);
  'password': (string);
}
