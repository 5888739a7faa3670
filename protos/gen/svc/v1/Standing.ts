// Original file: protos/svc/v1/compliance.proto


export interface Standing {
  'state'?: (string);
  'until'?: (string);
  'strikesToday'?: (number);
  'subject'?: (string);
  'level'?: (number);
  'version'?: (number);
}

export interface Standing__Output {
  'state': (string);
  'until': (string);
  'strikesToday': (number);
  'subject': (string);
  'level': (number);
  'version': (number);
}
