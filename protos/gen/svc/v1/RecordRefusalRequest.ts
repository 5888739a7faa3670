// Original file: protos/svc/v1/compliance.proto

import type { Caller as _svc_v1_Caller, Caller__Output as _svc_v1_Caller__Output } from '../../svc/v1/Caller';

export interface RecordRefusalRequest {
  'caller'?: (_svc_v1_Caller | null);
  'channel'?: (string);
  'rule'?: (string);
  'requestHash'?: (string);
}

export interface RecordRefusalRequest__Output {
  'caller': (_svc_v1_Caller__Output | null);
  'channel': (string);
  'rule': (string);
  'requestHash': (string);
}
