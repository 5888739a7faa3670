// Original file: protos/svc/v1/common.proto


export interface Problem {
  'field'?: (string);
  'message'?: (string);
}

export interface Problem__Output {
  'field': (string);
  'message': (string);
}
