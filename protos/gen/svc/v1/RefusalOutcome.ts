// Original file: protos/svc/v1/compliance.proto

import type { Standing as _svc_v1_Standing, Standing__Output as _svc_v1_Standing__Output } from '../../svc/v1/Standing';

export interface RefusalOutcome {
  'standing'?: (_svc_v1_Standing | null);
  'outcome'?: (string);
  'duplicate'?: (boolean);
}

export interface RefusalOutcome__Output {
  'standing': (_svc_v1_Standing__Output | null);
  'outcome': (string);
  'duplicate': (boolean);
}
