// Original file: protos/svc/v1/preservation.proto

import type { TopUp as _svc_v1_TopUp, TopUp__Output as _svc_v1_TopUp__Output } from '../../svc/v1/TopUp';
import type { Reason as _svc_v1_Reason, Reason__Output as _svc_v1_Reason__Output } from '../../svc/v1/Reason';
import type { Cap as _svc_v1_Cap, Cap__Output as _svc_v1_Cap__Output } from '../../svc/v1/Cap';
import type { Unmatched as _svc_v1_Unmatched, Unmatched__Output as _svc_v1_Unmatched__Output } from '../../svc/v1/Unmatched';

export interface AssessResponse {
  'selfPreserved'?: (boolean);
  'topUp'?: (_svc_v1_TopUp | null);
  'reasons'?: (_svc_v1_Reason)[];
  'caps'?: (_svc_v1_Cap)[];
  'advice'?: (string)[];
  'unmatched'?: (_svc_v1_Unmatched)[];
}

export interface AssessResponse__Output {
  'selfPreserved': (boolean);
  'topUp': (_svc_v1_TopUp__Output | null);
  'reasons': (_svc_v1_Reason__Output)[];
  'caps': (_svc_v1_Cap__Output)[];
  'advice': (string)[];
  'unmatched': (_svc_v1_Unmatched__Output)[];
}
