// Original file: protos/svc/v1/metering.proto

import type { AdminAccount as _svc_v1_AdminAccount, AdminAccount__Output as _svc_v1_AdminAccount__Output } from '../../svc/v1/AdminAccount';

export interface CreateAccountResponse {
  'account'?: (_svc_v1_AdminAccount | null);
  'key'?: (string);
}

export interface CreateAccountResponse__Output {
  'account': (_svc_v1_AdminAccount__Output | null);
  'key': (string);
}
