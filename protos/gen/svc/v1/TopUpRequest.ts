// Original file: protos/svc/v1/metering.proto


export interface TopUpRequest {
  'accountId'?: (string);
  'pack'?: (string);
}

export interface TopUpRequest__Output {
  'accountId': (string);
  'pack': (string);
}
