// Original file: protos/svc/v1/label.proto

import type { CompositionLine as _svc_v1_CompositionLine, CompositionLine__Output as _svc_v1_CompositionLine__Output } from '../../svc/v1/CompositionLine';

export interface BuildResponse {
  'finishedInci'?: (string);
  'ordered'?: (string)[];
  'tail'?: (string)[];
  'composition'?: (_svc_v1_CompositionLine)[];
  'compositionSheet'?: (string);
  'unmatched'?: (string)[];
  'mode'?: (string);
}

export interface BuildResponse__Output {
  'finishedInci': (string);
  'ordered': (string)[];
  'tail': (string)[];
  'composition': (_svc_v1_CompositionLine__Output)[];
  'compositionSheet': (string);
  'unmatched': (string)[];
  'mode': (string);
}
