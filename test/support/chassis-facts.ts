/** The test chassis, and the shared catalogue fixture the label and preservation tests resolve through. */
import { resolve } from 'node:path';
import { DEFAULT_CHASSIS_FILE, loadChassis } from '@svc/chassis';

export { FACTS, FACT_NAMES, resolveNames } from './catalogue';

export const EXAMPLE = loadChassis(DEFAULT_CHASSIS_FILE);
export const ALT = loadChassis(resolve(import.meta.dirname, '../../packages/chassis/test/fixtures/chassis.alt.json'));
