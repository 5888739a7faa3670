// Original file: protos/svc/v1/library.proto


export interface Ingredient {
  'inci'?: (string);
  'usName'?: (string);
  'c'?: (string);
  'up'?: (number | string);
  'ionic'?: (string);
  'valence'?: (number);
  'asAcid'?: (number | string);
  'refs'?: (string)[];
  'fn'?: (string)[];
  'cas'?: (string);
  'allergen'?: (boolean);
  'colourant'?: (boolean);
  'uvFilter'?: (boolean);
  'prohibited'?: (boolean);
  'nano'?: (boolean);
  'common'?: (number);
  'allergenRef'?: (string);
  '_up'?: "up";
  '_valence'?: "valence";
  '_asAcid'?: "asAcid";
}

export interface Ingredient__Output {
  'inci': (string);
  'usName': (string);
  'c': (string);
  'up'?: (number);
  'ionic': (string);
  'valence'?: (number);
  'asAcid'?: (number);
  'refs': (string)[];
  'fn': (string)[];
  'cas': (string);
  'allergen': (boolean);
  'colourant': (boolean);
  'uvFilter': (boolean);
  'prohibited': (boolean);
  'nano': (boolean);
  'common': (number);
  'allergenRef': (string);
  '_up'?: "up";
  '_valence'?: "valence";
  '_asAcid'?: "asAcid";
}
