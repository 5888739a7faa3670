// Original file: protos/svc/v1/metering.proto


export interface ReportCallsRequest {
  'accountId'?: (string);
  'leaseId'?: (string);
  'used'?: (number);
}

export interface ReportCallsRequest__Output {
  'accountId': (string);
  'leaseId': (string);
  'used': (number);
}
