// Original file: protos/svc/v1/envelope.proto

import type { Remedy as _svc_v1_Remedy, Remedy__Output as _svc_v1_Remedy__Output } from '../../svc/v1/Remedy';

export interface RepairStep {
  'step'?: (number);
  'verdict'?: (string);
  'applied'?: (_svc_v1_Remedy)[];
}

export interface RepairStep__Output {
  'step': (number);
  'verdict': (string);
  'applied': (_svc_v1_Remedy__Output)[];
}
