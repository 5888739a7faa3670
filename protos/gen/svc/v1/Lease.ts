// Original file: protos/svc/v1/metering.proto


export interface Lease {
  'id'?: (string);
  'runId'?: (string);
  'calls'?: (number);
  'ttlMs'?: (number);
  'runCallsBefore'?: (number);
}

export interface Lease__Output {
  'id': (string);
  'runId': (string);
  'calls': (number);
  'ttlMs': (number);
  'runCallsBefore': (number);
}
