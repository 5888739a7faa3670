// Original file: protos/svc/v1/compliance.proto

import type { Refusal as _svc_v1_Refusal, Refusal__Output as _svc_v1_Refusal__Output } from '../../svc/v1/Refusal';

export interface ListRefusalsResponse {
  'refusals'?: (_svc_v1_Refusal)[];
  'nextCursor'?: (string);
}

export interface ListRefusalsResponse__Output {
  'refusals': (_svc_v1_Refusal__Output)[];
  'nextCursor': (string);
}
