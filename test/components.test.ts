/**
 * One registry of components (scripts/components.ts), and everything that lists components held
 * to it: the rendered Kubernetes overlays, skaffold's artifacts and profiles, the image recipe.
 * Without a Docker engine here, each image's file set is assembled from the Dockerfile and
 * .dockerignore, and its component's modules are imported from it, so an image that would crash
 * on start (a data file its code imports left out) fails here.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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

/** .dockerignore as a predicate over repository paths (Docker's rules for the patterns used here). */
function ignored(): (path: string) => boolean {
  const res = read('.dockerignore')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((p) => new RegExp(`^${p.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*\//g, '(?:.*/)?').replace(/\*/g, '[^/]*')}(?:/.*)?$`));
  return (path) => res.some((r) => r.test(path));
}

/** The final stage's COPY instructions (not --from): [sources, destination]. */
function copies(): Array<[string[], string]> {
  const lines = read('deploy/Dockerfile').split('\n');
  const last = lines.map((l, i) => (/^FROM /.test(l) ? i : -1)).filter((i) => i >= 0).pop()!;
  return lines
    .slice(last)
    .filter((l) => /^COPY /.test(l) && !l.includes('--from'))
    .map((l) => {
      const parts = l.trim().split(/\s+/).slice(1);
      return [parts.slice(0, -1), parts[parts.length - 1]!];
    });
}

describe('the image recipe', () => {
  const tracked = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  const dir = mkdtempSync(join(tmpdir(), 'svc-image-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('installs every workspace: the dependency stage copies each package.json', () => {
    const dockerfile = read('deploy/Dockerfile');
    for (const w of workspaces()) expect(dockerfile, w).toContain(`COPY ${w}/package.json ${w}/`);
  });

  it.each(COMPONENTS.map((c) => [c.name, c] as const))('%s starts from the files the image holds', (_name, c) => {
    if (!existsSync(join(dir, 'package.json'))) {
      const skip = ignored();
      for (const [sources, dest] of copies()) {
        for (const src of sources) {
          for (const f of tracked.filter((t) => t === src || t.startsWith(`${src}/`))) {
            if (skip(f) || !existsSync(join(ROOT, f))) continue;
            const to = dest === './' ? join(dir, f) : join(dir, dest, f.slice(src.length));
            mkdirSync(dirname(to), { recursive: true });
            cpSync(join(ROOT, f), to);
          }
        }
      }
      // Third-party packages from this checkout; the workspaces from the image's own files.
      mkdirSync(join(dir, 'node_modules/@svc'), { recursive: true });
      for (const e of readdirSync(join(ROOT, 'node_modules'))) if (e !== '@svc' && e !== '.bin') symlinkSync(join(ROOT, 'node_modules', e), join(dir, 'node_modules', e));
      for (const w of workspaces()) {
        const name = (JSON.parse(read(`${w}/package.json`)) as { name: string }).name;
        symlinkSync(join(dir, w), join(dir, 'node_modules', name));
      }
    }
    // The module the entry point starts: importing it loads every module and data file the component needs.
    const module = c.name === 'gateway' ? 'gateway/src/gateway.ts' : `${c.dir}/src/service.ts`;
    expect(existsSync(join(dir, module)), module).toBe(true);
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', `await import(${JSON.stringify(join(dir, module))});`], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    expect(r.stderr, `${c.name}: ${r.stderr}`).not.toMatch(/Error/);
    expect(r.status, r.stderr).toBe(0);
  }, 90_000);
});
