// Original file: protos/svc/v1/metering.proto


export interface Account {
  'id'?: (string);
  'company'?: (string);
  'plan'?: (string);
  'tier'?: (string);
  'status'?: (string);
  'keyId'?: (string);
  'seatsEnabled'?: (boolean);
  'hasEnrolled'?: (boolean);
  'ratePerSecond'?: (number);
  'rateBurst'?: (number);
}

export interface Account__Output {
  'id': (string);
  'company': (string);
  'plan': (string);
  'tier': (string);
  'status': (string);
  'keyId': (string);
  'seatsEnabled': (boolean);
  'hasEnrolled': (boolean);
  'ratePerSecond': (number);
  'rateBurst': (number);
}
