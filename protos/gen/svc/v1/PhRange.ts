// Original file: protos/svc/v1/envelope.proto


export interface PhRange {
  'min'?: (number | string);
  'max'?: (number | string);
}

export interface PhRange__Output {
  'min': (number);
  'max': (number);
}
