// Original file: protos/svc/v1/metering.proto


export interface LeaseUse {
  'accountId'?: (string);
  'leaseId'?: (string);
  'used'?: (number);
  'firstUsedMs'?: (number | string);
  'done'?: (boolean);
}

export interface LeaseUse__Output {
  'accountId': (string);
  'leaseId': (string);
  'used': (number);
  'firstUsedMs': (number);
  'done': (boolean);
}
