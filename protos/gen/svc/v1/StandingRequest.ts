// Original file: protos/svc/v1/compliance.proto

import type { Caller as _svc_v1_Caller, Caller__Output as _svc_v1_Caller__Output } from '../../svc/v1/Caller';

export interface StandingRequest {
  'caller'?: (_svc_v1_Caller | null);
}

export interface StandingRequest__Output {
  'caller': (_svc_v1_Caller__Output | null);
}
