// Original file: protos/svc/v1/label.proto


export interface CompositionLine {
  'name'?: (string);
  'pct'?: (number | string);
}

export interface CompositionLine__Output {
  'name': (string);
  'pct': (number);
}
