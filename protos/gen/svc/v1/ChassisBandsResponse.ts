// Original file: protos/svc/v1/label.proto

import type { ChassisShareBand as _svc_v1_ChassisShareBand, ChassisShareBand__Output as _svc_v1_ChassisShareBand__Output } from '../../svc/v1/ChassisShareBand';

export interface ChassisBandsResponse {
  'variant'?: (string);
  'components'?: (_svc_v1_ChassisShareBand)[];
}

export interface ChassisBandsResponse__Output {
  'variant': (string);
  'components': (_svc_v1_ChassisShareBand__Output)[];
}
