// Original file: protos/svc/v1/metering.proto

import type { Caller as _svc_v1_Caller, Caller__Output as _svc_v1_Caller__Output } from '../../svc/v1/Caller';

export interface SeatsRequest {
  'caller'?: (_svc_v1_Caller | null);
  'action'?: (string);
  'users'?: (string)[];
  'limit'?: (number);
  'cursor'?: (string);
}

export interface SeatsRequest__Output {
  'caller': (_svc_v1_Caller__Output | null);
  'action': (string);
  'users': (string)[];
  'limit': (number);
  'cursor': (string);
}
