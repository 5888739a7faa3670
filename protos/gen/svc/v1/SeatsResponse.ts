// Original file: protos/svc/v1/metering.proto


export interface SeatsResponse {
  'users'?: (string)[];
  'seatsUsed'?: (number);
  'seatsFree'?: (number);
  'changed'?: (number);
}

export interface SeatsResponse__Output {
  'users': (string)[];
  'seatsUsed': (number);
  'seatsFree': (number);
  'changed': (number);
}
