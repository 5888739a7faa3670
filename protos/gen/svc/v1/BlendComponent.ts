// Original file: protos/svc/v1/common.proto


export interface BlendComponent {
  'n'?: (string);
  'f'?: (number | string);
  'trace'?: (boolean);
  'amount'?: "f"|"trace";
}

export interface BlendComponent__Output {
  'n': (string);
  'f'?: (number);
  'trace'?: (boolean);
  'amount'?: "f"|"trace";
}
