// Original file: protos/svc/v1/common.proto

import type { BlendComponent as _svc_v1_BlendComponent, BlendComponent__Output as _svc_v1_BlendComponent__Output } from '../../svc/v1/BlendComponent';

export interface Line {
  'n'?: (string);
  'pct'?: (number | string);
  'blend'?: (_svc_v1_BlendComponent)[];
  'nano'?: (boolean);
  'mayContain'?: (boolean);
}

export interface Line__Output {
  'n': (string);
  'pct': (number);
  'blend': (_svc_v1_BlendComponent__Output)[];
  'nano': (boolean);
  'mayContain': (boolean);
}
