// Original file: protos/svc/v1/library.proto


export interface DecideRequest {
  'id'?: (string);
  'decision'?: (string);
  'reason'?: (string);
}

export interface DecideRequest__Output {
  'id': (string);
  'decision': (string);
  'reason': (string);
}
