// Original file: protos/svc/v1/compliance.proto

import type { Standing as _svc_v1_Standing, Standing__Output as _svc_v1_Standing__Output } from '../../svc/v1/Standing';

export interface ScreenResponse {
  'decision'?: (string);
  'rule'?: (string);
  'tellYourUser'?: (string);
  'standing'?: (_svc_v1_Standing | null);
}

export interface ScreenResponse__Output {
  'decision': (string);
  'rule': (string);
  'tellYourUser': (string);
  'standing': (_svc_v1_Standing__Output | null);
}
