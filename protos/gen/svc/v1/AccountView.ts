// Original file: protos/svc/v1/metering.proto

import type { Usage as _svc_v1_Usage, Usage__Output as _svc_v1_Usage__Output } from '../../svc/v1/Usage';

export interface AccountView {
  'company'?: (string);
  'tier'?: (string);
  'plan'?: (string);
  'paidThrough'?: (string);
  'month'?: (string);
  'runsUsed'?: (number);
  'runsLimit'?: (number);
  'termsVersion'?: (string);
  'upgradePlan'?: (string);
  'upgradeAdds'?: (string);
  'usage'?: (_svc_v1_Usage | null);
  'topUpRuns'?: (number);
}

export interface AccountView__Output {
  'company': (string);
  'tier': (string);
  'plan': (string);
  'paidThrough': (string);
  'month': (string);
  'runsUsed': (number);
  'runsLimit': (number);
  'termsVersion': (string);
  'upgradePlan': (string);
  'upgradeAdds': (string);
  'usage': (_svc_v1_Usage__Output | null);
  'topUpRuns': (number);
}
