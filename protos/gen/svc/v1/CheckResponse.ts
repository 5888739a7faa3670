// Original file: protos/svc/v1/envelope.proto

import type { CategoryLoad as _svc_v1_CategoryLoad, CategoryLoad__Output as _svc_v1_CategoryLoad__Output } from '../../svc/v1/CategoryLoad';
import type { Remedy as _svc_v1_Remedy, Remedy__Output as _svc_v1_Remedy__Output } from '../../svc/v1/Remedy';
import type { MaxLoad as _svc_v1_MaxLoad, MaxLoad__Output as _svc_v1_MaxLoad__Output } from '../../svc/v1/MaxLoad';
import type { CheckedLine as _svc_v1_CheckedLine, CheckedLine__Output as _svc_v1_CheckedLine__Output } from '../../svc/v1/CheckedLine';
import type { Unmatched as _svc_v1_Unmatched, Unmatched__Output as _svc_v1_Unmatched__Output } from '../../svc/v1/Unmatched';

export interface CheckResponse {
  'verdict'?: (string);
  'categories'?: (_svc_v1_CategoryLoad)[];
  'remedies'?: (_svc_v1_Remedy)[];
  'maxLoads'?: (_svc_v1_MaxLoad)[];
  'lines'?: (_svc_v1_CheckedLine)[];
  'unmatched'?: (_svc_v1_Unmatched)[];
}

export interface CheckResponse__Output {
  'verdict': (string);
  'categories': (_svc_v1_CategoryLoad__Output)[];
  'remedies': (_svc_v1_Remedy__Output)[];
  'maxLoads': (_svc_v1_MaxLoad__Output)[];
  'lines': (_svc_v1_CheckedLine__Output)[];
  'unmatched': (_svc_v1_Unmatched__Output)[];
}
