// Original file: protos/svc/v1/label.proto


export interface ChassisShareBand {
  'n'?: (string);
  'shareLo'?: (number | string);
  'shareHi'?: (number | string);
}

export interface ChassisShareBand__Output {
  'n': (string);
  'shareLo': (number);
  'shareHi': (number);
}
