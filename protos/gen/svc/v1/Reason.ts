// Original file: protos/svc/v1/preservation.proto


export interface Reason {
  'code'?: (string);
  'text'?: (string);
}

export interface Reason__Output {
  'code': (string);
  'text': (string);
}
