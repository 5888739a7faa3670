// Original file: protos/svc/v1/preservation.proto


export interface Option {
  'name'?: (string);
  'role'?: (string);
}

export interface Option__Output {
  'name': (string);
  'role': (string);
}
