// Original file: protos/svc/v1/common.proto


export interface Product {
  'area'?: (string);
  'spray'?: (boolean);
  'childrenUnder3'?: (boolean);
  'professional'?: (boolean);
  '_area'?: "area";
  '_spray'?: "spray";
  '_childrenUnder3'?: "childrenUnder3";
  '_professional'?: "professional";
}

export interface Product__Output {
  'area'?: (string);
  'spray'?: (boolean);
  'childrenUnder3'?: (boolean);
  'professional'?: (boolean);
  '_area'?: "area";
  '_spray'?: "spray";
  '_childrenUnder3'?: "childrenUnder3";
  '_professional'?: "professional";
}
