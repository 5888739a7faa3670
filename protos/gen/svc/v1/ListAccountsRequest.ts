// Original file: protos/svc/v1/metering.proto


export interface ListAccountsRequest {
  'limit'?: (number);
  'cursor'?: (string);
}

export interface ListAccountsRequest__Output {
  'limit': (number);
  'cursor': (string);
}
