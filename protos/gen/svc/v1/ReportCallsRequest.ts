// Original file: protos/svc/v1/metering.proto

import type { LeaseUse as _svc_v1_LeaseUse, LeaseUse__Output as _svc_v1_LeaseUse__Output } from '../../svc/v1/LeaseUse';

export interface ReportCallsRequest {
  'uses'?: (_svc_v1_LeaseUse)[];
}

export interface ReportCallsRequest__Output {
  'uses': (_svc_v1_LeaseUse__Output)[];
}
