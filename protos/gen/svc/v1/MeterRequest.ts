// Original file: protos/svc/v1/metering.proto

import type { Caller as _svc_v1_Caller, Caller__Output as _svc_v1_Caller__Output } from '../../svc/v1/Caller';

export interface MeterRequest {
  'caller'?: (_svc_v1_Caller | null);
  'operation'?: (string);
  'idempotencyKey'?: (string);
  'want'?: (number);
  'ahead'?: (boolean);
  'spendingLeaseId'?: (string);
  'spendingFirstUsedMs'?: (number | string);
  'holder'?: (string);
  'holderIncarnation'?: (string);
}

export interface MeterRequest__Output {
  'caller': (_svc_v1_Caller__Output | null);
  'operation': (string);
  'idempotencyKey': (string);
  'want': (number);
  'ahead': (boolean);
  'spendingLeaseId': (string);
  'spendingFirstUsedMs': (number);
  'holder': (string);
  'holderIncarnation': (string);
}
