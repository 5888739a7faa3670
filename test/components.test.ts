/**
 * One registry of components (scripts/components.ts), and everything that lists components held
 * to it: the rendered Kubernetes overlays, skaffold's artifacts and profiles, the image recipe.
 * Each component started from exactly the files its image holds: test/e2e.images.test.ts.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SERVICE_NAMES } from '@svc/protos';
import { COMPONENTS, FACTORIES, PACKAGE_DIR, WAVES } from '../scripts/components';
import { OVERLAYS_DIR, overlays, render } from './support/manifests';

const ROOT = resolve(import.meta.dirname, '..');
const read = (p: string) => readFileSync(join(ROOT, p), 'utf8');

describe('the component registry', () => {
  it('names every gRPC service once, with a factory and a wave, and the gateway', () => {
    expect(COMPONENTS.filter((c) => c.name !== 'gateway').map((c) => c.name).sort()).toEqual([...SERVICE_NAMES].sort());
    expect(Object.keys(FACTORIES).sort()).toEqual([...SERVICE_NAMES].sort());
    expect(WAVES.flat().sort()).toEqual([...SERVICE_NAMES].sort());
    for (const c of COMPONENTS) expect(existsSync(join(ROOT, PACKAGE_DIR[c.name], 'src/main.ts')), c.name).toBe(true);
    // Only label and preservation may mount the chassis secret.
    expect(COMPONENTS.filter((c) => c.readsChassis).map((c) => c.name).sort()).toEqual(['label', 'preservation']);
  });

  it('matches every overlay\'s workloads: one Deployment per component, its image, its port', () => {
    for (const overlay of overlays()) {
      const objs = render(join(OVERLAYS_DIR, overlay));
      const deployments = objs.filter((o) => o.kind === 'Deployment');
      expect(deployments.map((d) => d.metadata.name).sort(), overlay).toEqual(COMPONENTS.map((c) => c.name).sort());
      for (const c of COMPONENTS) {
        const main = deployments.find((d) => d.metadata.name === c.name)!.spec.template.spec.containers[0];
        expect({ image: main.image, port: main.ports.find((p: { name: string }) => p.name === 'serve')?.containerPort }, `${overlay}/${c.name}`).toEqual({ image: `svc-${c.name}`, port: c.port });
      }
    }
  });

  it("matches skaffold's artifacts, and each profile deploys the overlay of its name", () => {
    const sk = parse(read('skaffold.yaml')) as {
      build: { artifacts: Array<{ image: string; docker: { dockerfile: string; buildArgs: { COMPONENT: string } } }> };
      profiles: Array<{ name: string; manifests: { kustomize: { paths: string[] } }; deploy: { kubectl?: object }; portForward?: Array<{ resourceName: string; port: number }> }>;
    };
    const names = COMPONENTS.map((c) => c.name).sort();
    expect(sk.build.artifacts.map((a) => a.docker.buildArgs.COMPONENT).sort()).toEqual(names);
    for (const a of sk.build.artifacts) expect({ image: a.image, dockerfile: a.docker.dockerfile }).toEqual({ image: `svc-${a.docker.buildArgs.COMPONENT}`, dockerfile: 'deploy/Dockerfile' });
    expect(sk.profiles.map((p) => p.name).sort()).toEqual(overlays());
    for (const p of sk.profiles) {
      expect(p.manifests.kustomize.paths, p.name).toEqual([`deploy/k8s/overlays/${p.name}`]);
      expect(p.deploy.kubectl, p.name).toBeDefined();
    }
    const gateway = COMPONENTS.find((c) => c.http)!;
    expect(sk.profiles.find((p) => p.name === 'dev')!.portForward).toEqual([expect.objectContaining({ resourceName: gateway.name, port: gateway.port })]);
  });

  it('the image recipe builds any component by its COMPONENT build argument', () => {
    expect(read('deploy/Dockerfile')).toMatch(/^ARG COMPONENT\b/m);
  });
});

/** The workspace folders, from the root package.json's globs. */
function workspaces(): string[] {
  const globs = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
  return globs.flatMap((g) => (g.endsWith('/*') ? readdirSync(join(ROOT, g.slice(0, -2))).map((d) => `${g.slice(0, -2)}/${d}`) : [g])).filter((d) => existsSync(join(ROOT, d, 'package.json')));
}

describe('the image recipe', () => {
  it('installs every workspace: the dependency stage copies each package.json', () => {
    const dockerfile = read('deploy/Dockerfile');
    for (const w of workspaces()) expect(dockerfile, w).toContain(`COPY ${w}/package.json ${w}/`);
  });
  // Each component starting from exactly the files its image holds: test/e2e.images.test.ts.
});

