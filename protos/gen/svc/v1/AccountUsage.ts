// Original file: protos/svc/v1/metering.proto

import type { AdminAccount as _svc_v1_AdminAccount, AdminAccount__Output as _svc_v1_AdminAccount__Output } from '../../svc/v1/AdminAccount';

export interface AccountUsage {
  'account'?: (_svc_v1_AdminAccount | null);
  'month'?: (string);
  'planRuns'?: (number);
  'topUpRuns'?: (number);
  'runsLimit'?: (number);
  'runsUsed'?: (number);
  'overageRuns'?: (number);
  'seatsUsed'?: (number);
}

export interface AccountUsage__Output {
  'account': (_svc_v1_AdminAccount__Output | null);
  'month': (string);
  'planRuns': (number);
  'topUpRuns': (number);
  'runsLimit': (number);
  'runsUsed': (number);
  'overageRuns': (number);
  'seatsUsed': (number);
}
