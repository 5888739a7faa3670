// Original file: protos/svc/v1/metering.proto


export interface SetPlanRequest {
  'accountId'?: (string);
  'plan'?: (string);
}

export interface SetPlanRequest__Output {
  'accountId': (string);
  'plan': (string);
}
