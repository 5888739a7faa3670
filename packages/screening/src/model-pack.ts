/**
 * The shipped model pack (data/screening-model.json), validated once at load. Apart from model.ts so
 * that the fitting script can use the features without loading the pack it is about to write.
 */
import modelJson from '../data/screening-model.json';
import { ModelPackSchema, ScreeningModel, type ModelPack } from './model';

export const SCREENING_MODEL_PACK: ModelPack = ModelPackSchema.parse(modelJson);
export const SCREENING_MODEL = new ScreeningModel(SCREENING_MODEL_PACK);
