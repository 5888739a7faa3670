// Original file: protos/svc/v1/library.proto

import type { Ingredient as _svc_v1_Ingredient, Ingredient__Output as _svc_v1_Ingredient__Output } from '../../svc/v1/Ingredient';

export interface Resolution {
  'n'?: (string);
  'matched'?: (boolean);
  'facts'?: (_svc_v1_Ingredient | null);
  'suggestions'?: (string)[];
}

export interface Resolution__Output {
  'n': (string);
  'matched': (boolean);
  'facts': (_svc_v1_Ingredient__Output | null);
  'suggestions': (string)[];
}
