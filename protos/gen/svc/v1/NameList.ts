// Original file: protos/svc/v1/envelope.proto


export interface NameList {
  'names'?: (string)[];
}

export interface NameList__Output {
  'names': (string)[];
}
