// Original file: protos/svc/v1/label.proto


export interface LabelWarning {
  'ref'?: (string);
  'inci'?: (string);
  'text'?: (string)[];
  'regulation'?: (string);
}

export interface LabelWarning__Output {
  'ref': (string);
  'inci': (string);
  'text': (string)[];
  'regulation': (string);
}
