/**
 * The one registry of components: every process the service runs as, with its folder, its port in a
 * cluster, whether it serves HTTP, whether it reads the chassis secret, and its start wave. The
 * embedded start and the split start loop over it; the Kubernetes overlays, skaffold's artifacts, the
 * gateway's client map and the image recipe are checked against it (test/components.test.ts).
 */
import type { ServiceFactory } from '@svc/kit';
import type { ServiceName } from '@svc/protos';

export type ComponentName = ServiceName | 'gateway';

export interface Component {
  name: ComponentName;
  /** The workspace folder; its `src/main.ts` runs the component alone. */
  dir: string;
  /** The port it listens on in a cluster (gRPC for services, HTTP for the gateway). */
  port: number;
  http: boolean;
  /** Mounts the chassis secret: only label and preservation may. */
  readsChassis: boolean;
  /** A wave may call the components of the waves before it. */
  wave: 1 | 2 | 3 | 4;
}

export const COMPONENTS: readonly Component[] = [
  { name: 'library', dir: 'services/library', port: 50051, http: false, readsChassis: false, wave: 1 },
  { name: 'metering', dir: 'services/metering', port: 50055, http: false, readsChassis: false, wave: 1 },
  { name: 'compliance', dir: 'services/compliance', port: 50056, http: false, readsChassis: false, wave: 1 },
  // After label: it asks label for the chassis' published bands (the embedded start learns label's port when it starts).
  { name: 'envelope', dir: 'services/envelope', port: 50052, http: false, readsChassis: false, wave: 3 },
  { name: 'preservation', dir: 'services/preservation', port: 50053, http: false, readsChassis: true, wave: 2 },
  { name: 'label', dir: 'services/label', port: 50054, http: false, readsChassis: true, wave: 2 },
  { name: 'gateway', dir: 'gateway', port: 8080, http: true, readsChassis: false, wave: 4 },
];

const services = COMPONENTS.filter((c): c is Component & { name: ServiceName } => c.name !== 'gateway');

/** Services in waves, for the starts: a wave starts once the one before it answers. */
export const WAVES: ServiceName[][] = [1, 2, 3].map((w) => services.filter((c) => c.wave === w).map((c) => c.name));

export const PACKAGE_DIR = Object.fromEntries(COMPONENTS.map((c) => [c.name, c.dir])) as Record<ComponentName, string>;

/**
 * Each service's factory, loaded when it starts: a service on a thread of its own loads its own
 * code only, not every other service's.
 */
export const FACTORIES: Record<ServiceName, () => Promise<ServiceFactory>> = {
  library: async () => (await import('@svc/library')).startLibrary,
  metering: async () => (await import('@svc/metering')).startMetering,
  compliance: async () => (await import('@svc/compliance')).startCompliance,
  envelope: async () => (await import('@svc/envelope')).startEnvelope,
  preservation: async () => (await import('@svc/preservation')).startPreservation,
  label: async () => (await import('@svc/label')).startLabel,
};
