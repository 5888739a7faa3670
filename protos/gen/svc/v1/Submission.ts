// Original file: protos/svc/v1/library.proto


export interface Submission {
  'id'?: (string);
  'inci'?: (string);
  'cas'?: (string);
  'functions'?: (string)[];
  'note'?: (string);
  'status'?: (string);
  'times'?: (number);
  'createdAt'?: (string);
  'updatedAt'?: (string);
  'reason'?: (string);
  'accountId'?: (string);
  'merged'?: (boolean);
  'existing'?: (string);
  'added'?: (boolean);
}

export interface Submission__Output {
  'id': (string);
  'inci': (string);
  'cas': (string);
  'functions': (string)[];
  'note': (string);
  'status': (string);
  'times': (number);
  'createdAt': (string);
  'updatedAt': (string);
  'reason': (string);
  'accountId': (string);
  'merged': (boolean);
  'existing': (string);
  'added': (boolean);
}
