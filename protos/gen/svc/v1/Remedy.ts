// Original file: protos/svc/v1/envelope.proto

import type { PhRange as _svc_v1_PhRange, PhRange__Output as _svc_v1_PhRange__Output } from '../../svc/v1/PhRange';
import type { NameList as _svc_v1_NameList, NameList__Output as _svc_v1_NameList__Output } from '../../svc/v1/NameList';
import type { LineChange as _svc_v1_LineChange, LineChange__Output as _svc_v1_LineChange__Output } from '../../svc/v1/LineChange';

export interface Remedy {
  'code'?: (string);
  'action'?: (string);
  'target'?: (string);
  'from'?: (number | string);
  'toValue'?: (number | string);
  'toRange'?: (_svc_v1_PhRange | null);
  'toNames'?: (_svc_v1_NameList | null);
  'message'?: (string);
  'changes'?: (_svc_v1_LineChange)[];
  'ref'?: (string);
  'regulation'?: (string);
  '_from'?: "from";
  'to'?: "toValue"|"toRange"|"toNames";
  '_ref'?: "ref";
  '_regulation'?: "regulation";
}

export interface Remedy__Output {
  'code': (string);
  'action': (string);
  'target': (string);
  'from'?: (number);
  'toValue'?: (number);
  'toRange'?: (_svc_v1_PhRange__Output | null);
  'toNames'?: (_svc_v1_NameList__Output | null);
  'message': (string);
  'changes': (_svc_v1_LineChange__Output)[];
  'ref'?: (string);
  'regulation'?: (string);
  '_from'?: "from";
  'to'?: "toValue"|"toRange"|"toNames";
  '_ref'?: "ref";
  '_regulation'?: "regulation";
}
