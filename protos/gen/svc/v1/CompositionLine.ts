// Original file: protos/svc/v1/label.proto


export interface CompositionLine {
  'name'?: (string);
  'pct'?: (number | string);
  'trace'?: (boolean);
}

export interface CompositionLine__Output {
  'name': (string);
  'pct': (number);
  'trace': (boolean);
}
