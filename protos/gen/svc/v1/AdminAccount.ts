// Original file: protos/svc/v1/metering.proto


export interface AdminAccount {
  'id'?: (string);
  'company'?: (string);
  'plan'?: (string);
  'status'?: (string);
  'createdAt'?: (string);
  'keyId'?: (string);
  'seatsUsed'?: (number);
}

export interface AdminAccount__Output {
  'id': (string);
  'company': (string);
  'plan': (string);
  'status': (string);
  'createdAt': (string);
  'keyId': (string);
  'seatsUsed': (number);
}
