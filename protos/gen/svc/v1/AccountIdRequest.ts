// Original file: protos/svc/v1/metering.proto


export interface AccountIdRequest {
  'accountId'?: (string);
}

export interface AccountIdRequest__Output {
  'accountId': (string);
}
