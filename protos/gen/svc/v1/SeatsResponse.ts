// Original file: protos/svc/v1/metering.proto


export interface SeatsResponse {
  'users'?: (string)[];
  'seatsUsed'?: (number);
  'seatsFree'?: (number);
  'changed'?: (number);
  'unchanged'?: (string)[];
  'nextCursor'?: (string);
  'seatLimit'?: (number);
}

export interface SeatsResponse__Output {
  'users': (string)[];
  'seatsUsed': (number);
  'seatsFree': (number);
  'changed': (number);
  'unchanged': (string)[];
  'nextCursor': (string);
  'seatLimit': (number);
}
