// Original file: protos/svc/v1/common.proto


export interface Caller {
  'accountId'?: (string);
  'endUser'?: (string);
  'plan'?: (string);
  'requestId'?: (string);
}

export interface Caller__Output {
  'accountId': (string);
  'endUser': (string);
  'plan': (string);
  'requestId': (string);
}
