// Original file: protos/svc/v1/metering.proto

import type { AdminAccount as _svc_v1_AdminAccount, AdminAccount__Output as _svc_v1_AdminAccount__Output } from '../../svc/v1/AdminAccount';

export interface SetPlanResponse {
  'account'?: (_svc_v1_AdminAccount | null);
  'previousPlan'?: (string);
}

export interface SetPlanResponse__Output {
  'account': (_svc_v1_AdminAccount__Output | null);
  'previousPlan': (string);
}
