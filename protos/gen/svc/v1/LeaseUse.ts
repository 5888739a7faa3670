// Original file: protos/svc/v1/metering.proto


export interface LeaseUse {
  'accountId'?: (string);
  'leaseId'?: (string);
  'used'?: (number);
}

export interface LeaseUse__Output {
  'accountId': (string);
  'leaseId': (string);
  'used': (number);
}
