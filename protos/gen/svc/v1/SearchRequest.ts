// Original file: protos/svc/v1/library.proto

import type { Caller as _svc_v1_Caller, Caller__Output as _svc_v1_Caller__Output } from '../../svc/v1/Caller';

export interface SearchRequest {
  'q'?: (string);
  'caller'?: (_svc_v1_Caller | null);
}

export interface SearchRequest__Output {
  'q': (string);
  'caller': (_svc_v1_Caller__Output | null);
}
