// Original file: protos/svc/v1/metering.proto


export interface ReportCallsResponse {
  'recorded'?: (number)[];
}

export interface ReportCallsResponse__Output {
  'recorded': (number)[];
}
