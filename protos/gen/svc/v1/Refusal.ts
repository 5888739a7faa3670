// Original file: protos/svc/v1/compliance.proto


export interface Refusal {
  'id'?: (string);
  'subject'?: (string);
  'accountId'?: (string);
  'endUser'?: (string);
  'channel'?: (string);
  'rule'?: (string);
  'requestId'?: (string);
  'requestHash'?: (string);
  'at'?: (string);
  'outcome'?: (string);
}

export interface Refusal__Output {
  'id': (string);
  'subject': (string);
  'accountId': (string);
  'endUser': (string);
  'channel': (string);
  'rule': (string);
  'requestId': (string);
  'requestHash': (string);
  'at': (string);
  'outcome': (string);
}
