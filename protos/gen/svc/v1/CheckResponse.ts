// Original file: protos/svc/v1/envelope.proto

import type { CategoryLoad as _svc_v1_CategoryLoad, CategoryLoad__Output as _svc_v1_CategoryLoad__Output } from '../../svc/v1/CategoryLoad';
import type { Remedy as _svc_v1_Remedy, Remedy__Output as _svc_v1_Remedy__Output } from '../../svc/v1/Remedy';
import type { CheckedLine as _svc_v1_CheckedLine, CheckedLine__Output as _svc_v1_CheckedLine__Output } from '../../svc/v1/CheckedLine';
import type { Unmatched as _svc_v1_Unmatched, Unmatched__Output as _svc_v1_Unmatched__Output } from '../../svc/v1/Unmatched';
import type { ScreenedProduct as _svc_v1_ScreenedProduct, ScreenedProduct__Output as _svc_v1_ScreenedProduct__Output } from '../../svc/v1/ScreenedProduct';
import type { RepairedFormula as _svc_v1_RepairedFormula, RepairedFormula__Output as _svc_v1_RepairedFormula__Output } from '../../svc/v1/RepairedFormula';
import type { RepairStep as _svc_v1_RepairStep, RepairStep__Output as _svc_v1_RepairStep__Output } from '../../svc/v1/RepairStep';

export interface CheckResponse {
  'verdict'?: (string);
  'categories'?: (_svc_v1_CategoryLoad)[];
  'remedies'?: (_svc_v1_Remedy)[];
  'maxLoads'?: ({[key: string]: number | string});
  'lines'?: (_svc_v1_CheckedLine)[];
  'unmatched'?: (_svc_v1_Unmatched)[];
  'packVersion'?: (string);
  'market'?: (string);
  'product'?: (_svc_v1_ScreenedProduct | null);
  'assumed'?: (string)[];
  'repaired'?: (_svc_v1_RepairedFormula | null);
  'repairSteps'?: (_svc_v1_RepairStep)[];
  'regulatoryVersion'?: (string);
  '_repaired'?: "repaired";
}

export interface CheckResponse__Output {
  'verdict': (string);
  'categories': (_svc_v1_CategoryLoad__Output)[];
  'remedies': (_svc_v1_Remedy__Output)[];
  'maxLoads': ({[key: string]: number});
  'lines': (_svc_v1_CheckedLine__Output)[];
  'unmatched': (_svc_v1_Unmatched__Output)[];
  'packVersion': (string);
  'market': (string);
  'product': (_svc_v1_ScreenedProduct__Output | null);
  'assumed': (string)[];
  'repaired'?: (_svc_v1_RepairedFormula__Output | null);
  'repairSteps': (_svc_v1_RepairStep__Output)[];
  'regulatoryVersion': (string);
  '_repaired'?: "repaired";
}
