// Original file: protos/svc/v1/envelope.proto


export interface LineChange {
  'line'?: (number);
  'from'?: (number | string);
  'to'?: (number | string);
}

export interface LineChange__Output {
  'line': (number);
  'from': (number);
  'to': (number);
}
