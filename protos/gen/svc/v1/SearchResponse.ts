// Original file: protos/svc/v1/library.proto

import type { Ingredient as _svc_v1_Ingredient, Ingredient__Output as _svc_v1_Ingredient__Output } from '../../svc/v1/Ingredient';

export interface SearchResponse {
  'total'?: (number);
  'results'?: (_svc_v1_Ingredient)[];
}

export interface SearchResponse__Output {
  'total': (number);
  'results': (_svc_v1_Ingredient__Output)[];
}
