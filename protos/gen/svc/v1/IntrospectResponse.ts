// Original file: protos/svc/v1/oauth.proto

import type { Account as _svc_v1_Account, Account__Output as _svc_v1_Account__Output } from '../../svc/v1/Account';
import type { Long } from '@grpc/proto-loader';

export interface IntrospectResponse {
  'active'?: (boolean);
  'account'?: (_svc_v1_Account | null);
  'resource'?: (string);
  'expiresAt'?: (number | string | Long);
}

export interface IntrospectResponse__Output {
  'active': (boolean);
  'account': (_svc_v1_Account__Output | null);
  'resource': (string);
  'expiresAt': (string);
}
