// Original file: protos/svc/v1/library.proto


export interface Meta {
  'cosingVintage'?: (string);
  'dataVersion'?: (string);
  'overlayVersion'?: (string);
  'ingredients'?: (number);
  'source'?: (string);
  'annexVintage'?: (string);
  'categoryMapVersion'?: (string);
  'names'?: (number);
  'loadedAt'?: (string);
}

export interface Meta__Output {
  'cosingVintage': (string);
  'dataVersion': (string);
  'overlayVersion': (string);
  'ingredients': (number);
  'source': (string);
  'annexVintage': (string);
  'categoryMapVersion': (string);
  'names': (number);
  'loadedAt': (string);
}
