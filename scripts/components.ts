/**
 * The components map: every service by name with its factory, in start order. The embedded
 * start, the split start and the chart all loop over the same list.
 */
import type { ServiceFactory } from '@svc/kit';
import type { ServiceName } from '@svc/protos';
import { startLibrary } from '@svc/library';
import { startMetering } from '@svc/metering';
import { startCompliance } from '@svc/compliance';
import { startEnvelope } from '@svc/envelope';
import { startPreservation } from '@svc/preservation';
import { startLabel } from '@svc/label';

/** Services in waves: a wave may call the services of the waves before it. */
export const WAVES: ServiceName[][] = [
  ['library', 'metering', 'compliance'],
  ['envelope', 'preservation', 'label'],
];

export const FACTORIES: Record<ServiceName, ServiceFactory> = {
  library: startLibrary,
  metering: startMetering,
  compliance: startCompliance,
  envelope: startEnvelope,
  preservation: startPreservation,
  label: startLabel,
};

export const PACKAGE_DIR: Record<ServiceName | 'gateway', string> = {
  library: 'services/library',
  metering: 'services/metering',
  compliance: 'services/compliance',
  envelope: 'services/envelope',
  preservation: 'services/preservation',
  label: 'services/label',
  gateway: 'gateway',
};
