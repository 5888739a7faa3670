// Original file: protos/svc/v1/library.proto

import type { Resolution as _svc_v1_Resolution, Resolution__Output as _svc_v1_Resolution__Output } from '../../svc/v1/Resolution';

export interface ResolveResponse {
  'resolutions'?: (_svc_v1_Resolution)[];
}

export interface ResolveResponse__Output {
  'resolutions': (_svc_v1_Resolution__Output)[];
}
