// Original file: protos/svc/v1/label.proto

import type { Caller as _svc_v1_Caller, Caller__Output as _svc_v1_Caller__Output } from '../../svc/v1/Caller';
import type { Line as _svc_v1_Line, Line__Output as _svc_v1_Line__Output } from '../../svc/v1/Line';
import type { Product as _svc_v1_Product, Product__Output as _svc_v1_Product__Output } from '../../svc/v1/Product';

export interface BuildRequest {
  'caller'?: (_svc_v1_Caller | null);
  'variant'?: (string);
  'nbPct'?: (number | string);
  'lines'?: (_svc_v1_Line)[];
  'mode'?: (string);
  'market'?: (string);
  'productType'?: (string);
  'product'?: (_svc_v1_Product | null);
  '_product'?: "product";
}

export interface BuildRequest__Output {
  'caller': (_svc_v1_Caller__Output | null);
  'variant': (string);
  'nbPct': (number);
  'lines': (_svc_v1_Line__Output)[];
  'mode': (string);
  'market': (string);
  'productType': (string);
  'product'?: (_svc_v1_Product__Output | null);
  '_product'?: "product";
}
