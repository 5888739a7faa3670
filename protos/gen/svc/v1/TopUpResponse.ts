// Original file: protos/svc/v1/metering.proto


export interface TopUpResponse {
  'id'?: (string);
  'month'?: (string);
  'runs'?: (number);
  'topUpRuns'?: (number);
  'runsLimit'?: (number);
}

export interface TopUpResponse__Output {
  'id': (string);
  'month': (string);
  'runs': (number);
  'topUpRuns': (number);
  'runsLimit': (number);
}
