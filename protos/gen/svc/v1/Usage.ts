// Original file: protos/svc/v1/common.proto

import type { Run as _svc_v1_Run, Run__Output as _svc_v1_Run__Output } from '../../svc/v1/Run';

export interface Usage {
  'month'?: (string);
  'runsUsed'?: (number);
  'runsLimit'?: (number);
  'runsLeft'?: (number);
  'run'?: (_svc_v1_Run | null);
  'overageRuns'?: (number);
  '_run'?: "run";
}

export interface Usage__Output {
  'month': (string);
  'runsUsed': (number);
  'runsLimit': (number);
  'runsLeft': (number);
  'run'?: (_svc_v1_Run__Output | null);
  'overageRuns': (number);
  '_run'?: "run";
}
