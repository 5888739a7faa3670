// Original file: protos/svc/v1/label.proto


export interface ChassisBandsRequest {
  'variant'?: (string);
}

export interface ChassisBandsRequest__Output {
  'variant': (string);
}
