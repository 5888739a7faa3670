// Original file: protos/svc/v1/oauth.proto


export interface CreateUserResponse {
  'userId'?: (string);
}

export interface CreateUserResponse__Output {
  'userId': (string);
}
