// Original file: protos/svc/v1/compliance.proto


export interface ListRefusalsRequest {
  'subject'?: (string);
  'accountId'?: (string);
  'limit'?: (number);
  'cursor'?: (string);
}

export interface ListRefusalsRequest__Output {
  'subject': (string);
  'accountId': (string);
  'limit': (number);
  'cursor': (string);
}
