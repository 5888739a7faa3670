// Original file: protos/svc/v1/metering.proto

import type { AdminAccount as _svc_v1_AdminAccount, AdminAccount__Output as _svc_v1_AdminAccount__Output } from '../../svc/v1/AdminAccount';

export interface ListAccountsResponse {
  'accounts'?: (_svc_v1_AdminAccount)[];
  'nextCursor'?: (string);
}

export interface ListAccountsResponse__Output {
  'accounts': (_svc_v1_AdminAccount__Output)[];
  'nextCursor': (string);
}
