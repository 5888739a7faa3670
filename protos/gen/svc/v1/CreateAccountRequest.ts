// Original file: protos/svc/v1/metering.proto


export interface CreateAccountRequest {
  'company'?: (string);
  'plan'?: (string);
}

export interface CreateAccountRequest__Output {
  'company': (string);
  'plan': (string);
}
