// Original file: protos/svc/v1/metering.proto

import type { Usage as _svc_v1_Usage, Usage__Output as _svc_v1_Usage__Output } from '../../svc/v1/Usage';
import type { Lease as _svc_v1_Lease, Lease__Output as _svc_v1_Lease__Output } from '../../svc/v1/Lease';

export interface MeterResponse {
  'allowed'?: (boolean);
  'reason'?: (string);
  'resetsAt'?: (string);
  'usage'?: (_svc_v1_Usage | null);
  'lease'?: (_svc_v1_Lease | null);
}

export interface MeterResponse__Output {
  'allowed': (boolean);
  'reason': (string);
  'resetsAt': (string);
  'usage': (_svc_v1_Usage__Output | null);
  'lease': (_svc_v1_Lease__Output | null);
}
