// Original file: protos/svc/v1/envelope.proto

import type { Caller as _svc_v1_Caller, Caller__Output as _svc_v1_Caller__Output } from '../../svc/v1/Caller';
import type { Line as _svc_v1_Line, Line__Output as _svc_v1_Line__Output } from '../../svc/v1/Line';
import type { Product as _svc_v1_Product, Product__Output as _svc_v1_Product__Output } from '../../svc/v1/Product';

export interface CheckRequest {
  'caller'?: (_svc_v1_Caller | null);
  'base'?: (string);
  'basePct'?: (number | string);
  'ph'?: (number | string);
  'lines'?: (_svc_v1_Line)[];
  'productType'?: (string);
  'product'?: (_svc_v1_Product | null);
  'market'?: (string);
  'repair'?: (boolean);
  '_product'?: "product";
}

export interface CheckRequest__Output {
  'caller': (_svc_v1_Caller__Output | null);
  'base': (string);
  'basePct': (number);
  'ph': (number);
  'lines': (_svc_v1_Line__Output)[];
  'productType': (string);
  'product'?: (_svc_v1_Product__Output | null);
  'market': (string);
  'repair': (boolean);
  '_product'?: "product";
}
