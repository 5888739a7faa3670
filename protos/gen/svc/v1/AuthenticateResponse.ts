// Original file: protos/svc/v1/metering.proto

import type { Account as _svc_v1_Account, Account__Output as _svc_v1_Account__Output } from '../../svc/v1/Account';

export interface AuthenticateResponse {
  'ok'?: (boolean);
  'account'?: (_svc_v1_Account | null);
  'reason'?: (string);
}

export interface AuthenticateResponse__Output {
  'ok': (boolean);
  'account': (_svc_v1_Account__Output | null);
  'reason': (string);
}
