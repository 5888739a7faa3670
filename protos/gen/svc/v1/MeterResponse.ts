// Original file: protos/svc/v1/metering.proto

import type { Usage as _svc_v1_Usage, Usage__Output as _svc_v1_Usage__Output } from '../../svc/v1/Usage';

export interface MeterResponse {
  'allowed'?: (boolean);
  'reason'?: (string);
  'resetsAt'?: (string);
  'usage'?: (_svc_v1_Usage | null);
}

export interface MeterResponse__Output {
  'allowed': (boolean);
  'reason': (string);
  'resetsAt': (string);
  'usage': (_svc_v1_Usage__Output | null);
}
