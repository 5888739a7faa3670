// Original file: protos/svc/v1/library.proto


export interface ListSubmissionsRequest {
  'status'?: (string);
  'accountId'?: (string);
  'limit'?: (number);
  'cursor'?: (string);
}

export interface ListSubmissionsRequest__Output {
  'status': (string);
  'accountId': (string);
  'limit': (number);
  'cursor': (string);
}
