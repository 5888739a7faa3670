// Original file: protos/svc/v1/compliance.proto


export interface LiftRequest {
  'subject'?: (string);
  'reason'?: (string);
}

export interface LiftRequest__Output {
  'subject': (string);
  'reason': (string);
}
