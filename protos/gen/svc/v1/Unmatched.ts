// Original file: protos/svc/v1/common.proto


export interface Unmatched {
  'n'?: (string);
  'suggestions'?: (string)[];
}

export interface Unmatched__Output {
  'n': (string);
  'suggestions': (string)[];
}
