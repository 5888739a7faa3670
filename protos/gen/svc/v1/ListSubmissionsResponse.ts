// Original file: protos/svc/v1/library.proto

import type { Submission as _svc_v1_Submission, Submission__Output as _svc_v1_Submission__Output } from '../../svc/v1/Submission';

export interface ListSubmissionsResponse {
  'submissions'?: (_svc_v1_Submission)[];
  'total'?: (number);
  'nextCursor'?: (string);
}

export interface ListSubmissionsResponse__Output {
  'submissions': (_svc_v1_Submission__Output)[];
  'total': (number);
  'nextCursor': (string);
}
