// Original file: protos/svc/v1/envelope.proto


export interface CategoryLoad {
  'code'?: (string);
  'name'?: (string);
  'load'?: (number | string);
  'max'?: (number | string);
  'share'?: (number | string);
  'status'?: (string);
  '_max'?: "max";
  '_share'?: "share";
}

export interface CategoryLoad__Output {
  'code': (string);
  'name': (string);
  'load': (number);
  'max'?: (number);
  'share'?: (number);
  'status': (string);
  '_max'?: "max";
  '_share'?: "share";
}
