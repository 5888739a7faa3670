// Original file: protos/svc/v1/preservation.proto

import type { Option as _svc_v1_Option, Option__Output as _svc_v1_Option__Output } from '../../svc/v1/Option';

export interface TopUp {
  'needed'?: (boolean);
  'options'?: (_svc_v1_Option)[];
}

export interface TopUp__Output {
  'needed': (boolean);
  'options': (_svc_v1_Option__Output)[];
}
