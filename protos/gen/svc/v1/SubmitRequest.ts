// Original file: protos/svc/v1/library.proto

import type { Caller as _svc_v1_Caller, Caller__Output as _svc_v1_Caller__Output } from '../../svc/v1/Caller';

export interface SubmitRequest {
  'caller'?: (_svc_v1_Caller | null);
  'inci'?: (string);
  'cas'?: (string);
  'functions'?: (string)[];
  'note'?: (string);
  'idempotencyKey'?: (string);
}

export interface SubmitRequest__Output {
  'caller': (_svc_v1_Caller__Output | null);
  'inci': (string);
  'cas': (string);
  'functions': (string)[];
  'note': (string);
  'idempotencyKey': (string);
}
