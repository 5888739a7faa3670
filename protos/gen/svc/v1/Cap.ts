// Original file: protos/svc/v1/preservation.proto


export interface Cap {
  'n'?: (string);
  'ref'?: (string);
  'status'?: (string);
  'limit'?: (string);
}

export interface Cap__Output {
  'n': (string);
  'ref': (string);
  'status': (string);
  'limit': (string);
}
