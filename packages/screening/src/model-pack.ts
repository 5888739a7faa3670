/**
 * The shipped model pack (data/screening-model.json), validated once at load. Apart from model.ts so
 * that the fitting script can use the features without loading the pack it is about to write.
 */
import modelJson from '../data/screening-model.json';
import { ScreeningModel, type ModelPack } from './model';

/** The model validates its pack once, in its constructor. */
export const SCREENING_MODEL = new ScreeningModel(modelJson as ModelPack);
export const SCREENING_MODEL_PACK = SCREENING_MODEL.pack;
