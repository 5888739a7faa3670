// Original file: protos/svc/v1/common.proto


export interface Run {
  'id'?: (string);
  'opensAt'?: (string);
  'closesAt'?: (string);
  'calls'?: (number);
  'callsLeft'?: (number);
}

export interface Run__Output {
  'id': (string);
  'opensAt': (string);
  'closesAt': (string);
  'calls': (number);
  'callsLeft': (number);
}
