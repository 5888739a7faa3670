// Original file: protos/svc/v1/envelope.proto


export interface CheckedLine {
  'n'?: (string);
  'inci'?: (string);
  'c'?: (string);
  'pct'?: (number | string);
  'matched'?: (boolean);
  'line'?: (number);
  'trace'?: (boolean);
  '_inci'?: "inci";
  '_c'?: "c";
}

export interface CheckedLine__Output {
  'n': (string);
  'inci'?: (string);
  'c'?: (string);
  'pct': (number);
  'matched': (boolean);
  'line': (number);
  'trace': (boolean);
  '_inci'?: "inci";
  '_c'?: "c";
}
