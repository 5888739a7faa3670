// Original file: protos/svc/v1/label.proto

import type { CompositionLine as _svc_v1_CompositionLine, CompositionLine__Output as _svc_v1_CompositionLine__Output } from '../../svc/v1/CompositionLine';
import type { Unmatched as _svc_v1_Unmatched, Unmatched__Output as _svc_v1_Unmatched__Output } from '../../svc/v1/Unmatched';
import type { LabelWarning as _svc_v1_LabelWarning, LabelWarning__Output as _svc_v1_LabelWarning__Output } from '../../svc/v1/LabelWarning';

export interface BuildResponse {
  'finishedInci'?: (string);
  'ordered'?: (string)[];
  'tail'?: (string)[];
  'composition'?: (_svc_v1_CompositionLine)[];
  'compositionSheet'?: (string);
  'unmatched'?: (_svc_v1_Unmatched)[];
  'mode'?: (string);
  'warnings'?: (_svc_v1_LabelWarning)[];
  'mayContain'?: (string)[];
}

export interface BuildResponse__Output {
  'finishedInci': (string);
  'ordered': (string)[];
  'tail': (string)[];
  'composition': (_svc_v1_CompositionLine__Output)[];
  'compositionSheet': (string);
  'unmatched': (_svc_v1_Unmatched__Output)[];
  'mode': (string);
  'warnings': (_svc_v1_LabelWarning__Output)[];
  'mayContain': (string)[];
}
