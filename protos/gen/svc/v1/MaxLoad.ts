// Original file: protos/svc/v1/envelope.proto


export interface MaxLoad {
  'code'?: (string);
  'name'?: (string);
  'max'?: (number | string);
}

export interface MaxLoad__Output {
  'code': (string);
  'name': (string);
  'max': (number);
}
