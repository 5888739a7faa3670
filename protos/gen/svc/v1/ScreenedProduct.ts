// Original file: protos/svc/v1/envelope.proto


export interface ScreenedProduct {
  'productType'?: (string);
  'area'?: (string);
  'spray'?: (boolean);
  'childrenUnder3'?: (boolean);
  'professional'?: (boolean);
  '_area'?: "area";
}

export interface ScreenedProduct__Output {
  'productType': (string);
  'area'?: (string);
  'spray': (boolean);
  'childrenUnder3': (boolean);
  'professional': (boolean);
  '_area'?: "area";
}
