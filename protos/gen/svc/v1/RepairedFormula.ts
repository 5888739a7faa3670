// Original file: protos/svc/v1/envelope.proto

import type { Line as _svc_v1_Line, Line__Output as _svc_v1_Line__Output } from '../../svc/v1/Line';

export interface RepairedFormula {
  'base'?: (string);
  'basePct'?: (number | string);
  'ph'?: (number | string);
  'lines'?: (_svc_v1_Line)[];
  'verdict'?: (string);
}

export interface RepairedFormula__Output {
  'base': (string);
  'basePct': (number);
  'ph': (number);
  'lines': (_svc_v1_Line__Output)[];
  'verdict': (string);
}
