// Original file: protos/svc/v1/metering.proto


export interface AuthenticateRequest {
  'keyHash'?: (string);
}

export interface AuthenticateRequest__Output {
  'keyHash': (string);
}
