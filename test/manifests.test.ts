/**
 * The Kubernetes manifests, as each overlay renders with `kubectl kustomize`: every object valid
 * against the Kubernetes API schemas (kubernetes-models), and the properties the deployment relies
 * on, checked against the code rather than restated: each component of scripts/components.ts has
 * its workload, probes, resources, hardening and budget; who may connect to whom, computed from
 * the NetworkPolicies, is exactly who calls whom in the code; the processes that migrate do so in
 * an init container before their server starts. Each check is shown failing on a broken copy.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVICE_NAMES } from '@svc/protos';
import { COMPONENTS, type Component, type ComponentName } from '../scripts/components';
import { allowed, byKind, find, OVERLAYS_DIR, overlays, pods, render, ROOT, selects, type Endpoint, type Obj } from './support/manifests';

/**
 * The compute paths: the components whose load grows with formula calls, each scaled by an HPA
 * (docs/decisions.md, "Kubernetes manifests"). Metering and compliance write to PostgreSQL at a fixed count.
 */
const AUTOSCALED: readonly ComponentName[] = ['gateway', 'library', 'envelope', 'preservation', 'label'];
const METRICS_PORT = 9464;
/** OTLP's ports on a collector: gRPC and HTTP (the exporter's protocol is the operator's choice). */
const OTLP_PORTS = [4317, 4318] as const;

const source = (dir: string): string =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => readFileSync(join(ROOT, dir, f), 'utf8'))
    .join('\n');
const code = Object.fromEntries(COMPONENTS.map((c) => [c.name, source(`${c.dir}/src`)])) as Record<ComponentName, string>;

/** From the code: who calls each service (the gateway calls them all), and who uses which server. */
const callers = (s: ComponentName): ComponentName[] =>
  s === 'gateway' ? [] : COMPONENTS.filter((c) => c.name === 'gateway' || new RegExp(`ctx\\.peers\\.${s}\\b`).test(code[c.name])).map((c) => c.name);
const INFRA = {
  postgres: { port: 5432, uses: /\bctx\.sql\b|postgresSql\(/ },
  redis: { port: 6379, uses: /\bctx\.kv\b|redisKv\(/ },
  nats: { port: 4222, uses: /\bctx\.bus\b|natsBus\(/ },
} as const;
const users = (infra: keyof typeof INFRA): ComponentName[] => COMPONENTS.filter((c) => INFRA[infra].uses.test(code[c.name])).map((c) => c.name);
/** The services whose entry point hands serviceMain a migration step. */
const MIGRATING = COMPONENTS.filter((c) => /serviceMain\('\w+', \w+, \w+\)/.test(readFileSync(join(ROOT, c.dir, 'src/main.ts'), 'utf8'))).map((c) => c.name);

/** The longest a process takes to stop after SIGTERM, read from the code: the gateway's drain, a gRPC server's grace. */
function drainSeconds(c: Component): number {
  const [file, re] = c.http ? ['gateway/src/gateway.ts', /const DRAIN_MS = ([\d_]+)/] : ['packages/kit/src/grpc/server.ts', /shutdown\(graceMs = ([\d_]+)\)/];
  const m = re.exec(readFileSync(join(ROOT, file), 'utf8'));
  if (!m) throw new Error(`the drain time is no longer where this test reads it (${file}); update drainSeconds`);
  return Number(m[1]!.replaceAll('_', '')) / 1000;
}

/** Every environment variable the code reads, so the manifests cannot set one it does not. */
const KNOWN_VARS = new Set([...['packages', 'services'].flatMap((d) => readdirSync(join(ROOT, d)).map((p) => source(`${d}/${p}/src`))), source('gateway/src')].join('\n').match(/\bSVC_[A-Z_]+\b/g));

const containersOf = (d: Obj): Obj[] => [...(d.spec.template.spec.initContainers ?? []), ...d.spec.template.spec.containers];
const envOf = (c: Obj): Record<string, Obj> => Object.fromEntries((c.env ?? []).map((e: Obj) => [e.name, e]));

/** Every property the deployment relies on; the empty list when all hold. */
function problems(objs: Obj[]): string[] {
  const out: string[] = [];
  const fail = (m: string) => out.push(m);
  const ns = objs.find((o) => o.kind === 'Deployment')?.metadata.namespace;
  const allPods = pods(objs);
  const pod = (name: string) => allPods.find((p) => p.name === name)!;

  for (const c of COMPONENTS) {
    const d = find(objs, 'Deployment', c.name);
    if (!d) {
      fail(`${c.name}: no Deployment`);
      continue;
    }
    const spec = d.spec.template.spec;
    const podLabels = d.spec.template.metadata.labels ?? {};
    const main = spec.containers.find((x: Obj) => x.name === c.name) as Obj | undefined;
    if (!main) {
      fail(`${c.name}: no container named ${c.name}`);
      continue;
    }
    if (main.image !== `svc-${c.name}`) fail(`${c.name}: image ${main.image}, not svc-${c.name}`);
    if (main.command) fail(`${c.name}: sets a command; the image's CMD runs the component`);
    const serve = (main.ports ?? []).find((p: Obj) => p.name === 'serve');
    if (serve?.containerPort !== c.port) fail(`${c.name}: serving port ${serve?.containerPort}, not ${c.port}`);

    const svc = find(objs, 'Service', c.name);
    if (!svc) fail(`${c.name}: no Service`);
    else {
      if (svc.spec.clusterIP !== 'None') fail(`${c.name}: Service is not headless (clusterIP ${svc.spec.clusterIP})`);
      if (!selects({ matchLabels: svc.spec.selector }, podLabels) || !svc.spec.selector) fail(`${c.name}: Service does not select its pods`);
      if (!svc.spec.ports?.some((p: Obj) => p.port === c.port)) fail(`${c.name}: Service port is not ${c.port}`);
    }

    for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) {
      const p = main[probe];
      if (!p) fail(`${c.name}: no ${probe}`);
      else if (c.http ? p.httpGet?.path !== '/healthz' || (p.httpGet.port !== c.port && serve?.name !== p.httpGet.port) : p.grpc?.port !== c.port) fail(`${c.name}: ${probe} does not ask the ${c.http ? 'HTTP /healthz' : 'gRPC health service'} on ${c.port}`);
    }

    const sa = find(objs, 'ServiceAccount', spec.serviceAccountName ?? 'default');
    if (!sa || spec.serviceAccountName !== c.name) fail(`${c.name}: no ServiceAccount of its own`);
    if (sa?.automountServiceAccountToken !== false || spec.automountServiceAccountToken === true) fail(`${c.name}: a service account token is mounted`);

    if (!byKind(objs, 'PodDisruptionBudget').some((b) => selects(b.spec.selector, podLabels))) fail(`${c.name}: no PodDisruptionBudget`);
    if (!byKind(objs, 'NetworkPolicy').some((p) => Object.keys(p.spec.podSelector ?? {}).length > 0 && selects(p.spec.podSelector, podLabels) && (p.spec.ingress ?? []).length > 0)) fail(`${c.name}: no NetworkPolicy of its own`);
    const spread = spec.topologySpreadConstraints ?? [];
    if (!spread.some((t: Obj) => t.topologyKey === 'topology.kubernetes.io/zone' && selects(t.labelSelector, podLabels)) || !spread.some((t: Obj) => t.topologyKey === 'kubernetes.io/hostname' && selects(t.labelSelector, podLabels))) fail(`${c.name}: pods are not spread over zones and nodes`);

    const hpa = byKind(objs, 'HorizontalPodAutoscaler').find((h) => h.spec.scaleTargetRef.kind === 'Deployment' && h.spec.scaleTargetRef.name === c.name);
    if (AUTOSCALED.includes(c.name) !== Boolean(hpa)) fail(`${c.name}: ${hpa ? 'has an HPA but is not a compute path' : 'compute path without an HPA'}`);
    if (hpa && d.spec.replicas !== undefined) fail(`${c.name}: fixed replicas beside its HPA`);
    if (hpa && !(hpa.spec.minReplicas >= 1 && hpa.spec.maxReplicas >= hpa.spec.minReplicas)) fail(`${c.name}: HPA bounds ${hpa.spec.minReplicas}..${hpa.spec.maxReplicas}`);
    if (!hpa && !(d.spec.replicas >= 1)) fail(`${c.name}: no replica count and no HPA`);

    const preStop = main.lifecycle?.preStop?.sleep?.seconds ?? 0;
    if (!(spec.terminationGracePeriodSeconds > preStop + drainSeconds(c))) fail(`${c.name}: terminationGracePeriodSeconds ${spec.terminationGracePeriodSeconds} is not longer than the pause and drain (${preStop} + ${drainSeconds(c)} s)`);

    const chassis = (spec.volumes ?? []).some((v: Obj) => v.secret?.secretName?.startsWith('svc-chassis'));
    if (chassis !== c.readsChassis) fail(`${c.name}: ${chassis ? 'mounts the chassis Secret' : 'does not mount the chassis Secret'}`);
    if (c.readsChassis && !String(envOf(main).SVC_CHASSIS_FILE?.value ?? '').startsWith(`${(main.volumeMounts ?? []).find((m: Obj) => m.name === (spec.volumes ?? []).find((v: Obj) => v.secret)?.name)?.mountPath}/`)) fail(`${c.name}: SVC_CHASSIS_FILE is not in the chassis mount`);

    const migrate = (spec.initContainers ?? []).find((x: Obj) => envOf(x).SVC_MIGRATE?.value === 'only');
    if (MIGRATING.includes(c.name)) {
      if (!migrate || migrate.image !== main.image) fail(`${c.name}: no init container running its migrations (SVC_MIGRATE=only) from its own image`);
      if (envOf(main).SVC_MIGRATE?.value !== 'skip') fail(`${c.name}: the server migrates at start beside the init container (SVC_MIGRATE is not skip)`);
    } else if (migrate || envOf(main).SVC_MIGRATE) fail(`${c.name}: migration settings on a service with no migrations`);

    for (const x of containersOf(d)) {
      const at = `${c.name}/${x.name}`;
      const sc = { ...spec.securityContext, ...x.securityContext };
      if (sc.runAsNonRoot !== true || sc.runAsUser === 0) fail(`${at}: may run as root`);
      if (x.securityContext?.readOnlyRootFilesystem !== true) fail(`${at}: root file system is writable`);
      if (x.securityContext?.allowPrivilegeEscalation !== false) fail(`${at}: privilege escalation allowed`);
      if (!x.securityContext?.capabilities?.drop?.includes('ALL')) fail(`${at}: capabilities not all dropped`);
      if (sc.seccompProfile?.type !== 'RuntimeDefault') fail(`${at}: no RuntimeDefault seccomp profile`);
      const tmp = (x.volumeMounts ?? []).find((m: Obj) => m.mountPath === '/tmp');
      if (!tmp || !(spec.volumes ?? []).some((v: Obj) => v.name === tmp.name && v.emptyDir)) fail(`${at}: no writable emptyDir at /tmp`);
      if (!x.resources?.requests?.cpu || !x.resources?.requests?.memory || !x.resources?.limits?.memory) fail(`${at}: resources without cpu and memory requests and a memory limit`);
      for (const [name, e] of Object.entries(envOf(x))) {
        if (!KNOWN_VARS.has(name)) fail(`${at}: sets ${name}, which no code reads`);
        const ref = e.valueFrom?.secretKeyRef;
        if (ref && !find(objs, 'Secret', ref.name) && ref.name !== 'svc-infra') fail(`${at}: ${name} from Secret ${ref.name}, which is neither rendered nor svc-infra`);
        const secret = ref && find(objs, 'Secret', ref.name);
        if (secret && !(ref.key in (secret.data ?? {}))) fail(`${at}: ${name} from key ${ref.key}, which Secret ${ref.name} does not hold`);
      }
      // A peer's address is the Service of that name on its port.
      for (const s of SERVICE_NAMES) {
        const v = envOf(x)[`SVC_${s.toUpperCase()}_ADDR`]?.value as string | undefined;
        const peer = COMPONENTS.find((p) => p.name === s)!;
        if (v !== undefined && (v !== `${s}:${peer.port}` || !find(objs, 'Service', s))) fail(`${at}: SVC_${s.toUpperCase()}_ADDR=${v}, not the ${s} Service on ${peer.port}`);
        if (x === main && callers(s).includes(c.name) && v === undefined) fail(`${at}: calls ${s} but has no SVC_${s.toUpperCase()}_ADDR`);
      }
    }
  }

  // Reachability, computed from the policies.
  const deny = byKind(objs, 'NetworkPolicy').find((p) => Object.keys(p.spec.podSelector ?? {}).length === 0 && ['Ingress', 'Egress'].every((t) => (p.spec.policyTypes ?? []).includes(t)) && !p.spec.ingress && !p.spec.egress);
  if (!deny) fail('no default-deny NetworkPolicy (every pod, both directions, no rule)');
  const outside = {
    prometheus: { name: 'prometheus', namespace: 'monitoring', labels: { 'app.kubernetes.io/name': 'prometheus' }, ip: '10.244.9.1' },
    ingress: { name: 'ingress-nginx', namespace: 'ingress-nginx', labels: { 'app.kubernetes.io/name': 'ingress-nginx' }, ip: '10.244.9.2' },
    dns: { name: 'kube-dns', namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns' }, ip: '10.96.0.10' },
    // A pod of the namespace that is none of ours, and one of another namespace: they reach nothing.
    stranger: { name: 'stranger', namespace: ns, labels: { app: 'stranger' }, ip: '10.244.9.3' },
    foreign: { name: 'foreign', namespace: 'elsewhere', labels: { app: 'foreign' }, ip: '10.244.9.4' },
  } satisfies Record<string, Endpoint>;
  for (const dst of COMPONENTS) {
    const expected = new Set<string>(dst.http ? ['ingress-nginx'] : callers(dst.name));
    for (const src of [...COMPONENTS.map((c) => pod(c.name)), outside.prometheus, outside.ingress, outside.stranger, outside.foreign]) {
      if (!src || !pod(dst.name)) continue;
      const can = allowed(objs, src, pod(dst.name), dst.port);
      if (can !== expected.has(src.name)) fail(`${src.name} ${can ? 'reaches' : 'does not reach'} ${dst.name}:${dst.port}`);
      const scrape = allowed(objs, src, pod(dst.name), METRICS_PORT);
      if (scrape !== (src === outside.prometheus)) fail(`${src.name} ${scrape ? 'reaches' : 'does not reach'} the metrics port of ${dst.name}`);
    }
  }
  for (const [infra, { port }] of Object.entries(INFRA) as Array<[keyof typeof INFRA, (typeof INFRA)[keyof typeof INFRA]]>) {
    // The server: its pod in the namespace (dev), else where its clients' policy sends them (prod).
    const clients = find(objs, 'NetworkPolicy', `${infra}-clients`);
    const peer = clients?.spec.egress?.[0]?.to?.[0];
    const server: Endpoint | undefined =
      allPods.find((p) => p.labels?.['app.kubernetes.io/name'] === infra) ??
      (peer?.ipBlock ? { name: infra, ip: peer.ipBlock.cidr.replace(/\.0\/\d+$/, '.10') } : peer?.namespaceSelector ? { name: infra, namespace: peer.namespaceSelector.matchLabels['kubernetes.io/metadata.name'], labels: peer.podSelector?.matchLabels ?? {}, ip: '10.244.8.1' } : undefined);
    if (!server) {
      fail(`${infra}: no server and no clients' policy saying where it is`);
      continue;
    }
    const expected = new Set<string>(users(infra));
    // Other namespaces reach a server outside ours by its own rules (the managed service's firewall).
    for (const src of [...COMPONENTS.map((c) => pod(c.name)), outside.stranger, ...(server.namespace === ns ? [outside.foreign] : [])]) {
      if (!src) continue;
      const can = allowed(objs, src, server, port);
      if (can !== expected.has(src.name)) fail(`${src.name} ${can ? 'reaches' : 'does not reach'} ${infra}:${port}`);
    }
  }
  for (const c of COMPONENTS) if (pod(c.name) && !allowed(objs, pod(c.name), outside.dns, 53, 'UDP')) fail(`${c.name} cannot resolve names (DNS egress)`);
  // The OpenTelemetry collector, where the overlay's otel-collector policy says it runs: every
  // component reaches it on both OTLP ports; no other pod gets out through it, and it opens no other destination.
  const collectorPeer = find(objs, 'NetworkPolicy', 'otel-collector')?.spec.egress?.[0]?.to?.[0];
  const collector: Endpoint | undefined = collectorPeer?.namespaceSelector
    ? { name: 'the OTLP collector', namespace: collectorPeer.namespaceSelector.matchLabels?.['kubernetes.io/metadata.name'], labels: collectorPeer.podSelector?.matchLabels ?? {}, ip: '10.244.7.1' }
    : collectorPeer?.ipBlock ? { name: 'the OTLP collector', ip: collectorPeer.ipBlock.cidr.replace(/\.0\/\d+$/, '.10') } : undefined;
  if (!collector) fail('no NetworkPolicy otel-collector saying where the OTLP collector is');
  else {
    for (const src of [...COMPONENTS.map((c) => pod(c.name)), outside.stranger]) {
      if (!src) continue;
      for (const port of OTLP_PORTS) {
        const can = allowed(objs, src, collector, port);
        if (can !== (src !== outside.stranger)) fail(`${src.name} ${can ? 'reaches' : 'does not reach'} the OTLP collector:${port}`);
      }
      if (src !== outside.stranger && allowed(objs, src, outside.foreign, OTLP_PORTS[0])) fail(`${src.name} reaches foreign:${OTLP_PORTS[0]}`);
    }
  }
  return out;
}

/** The model class of an object, from its apiVersion and kind. */
async function model(o: Obj): Promise<new (data: Obj) => { validate(): void }> {
  const mod = (await import(`kubernetes-models/${o.apiVersion}`)) as Record<string, unknown>;
  const cls = mod[o.kind];
  if (typeof cls !== 'function') throw new Error(`no Kubernetes schema for ${o.apiVersion} ${o.kind}`);
  return cls as new (data: Obj) => { validate(): void };
}

const rendered = Object.fromEntries(overlays().map((o) => [o, render(join(OVERLAYS_DIR, o))]));

describe('the Kubernetes manifests', () => {
  it('have a dev and a prod overlay', () => {
    expect(overlays()).toEqual(['dev', 'prod']);
  });

  it.each(overlays())('%s: every object is valid against the Kubernetes API schemas', async (overlay) => {
    const invalid: string[] = [];
    for (const o of rendered[overlay]!) {
      try {
        new (await model(o))(o).validate();
      } catch (err) {
        invalid.push(`${o.kind}/${o.metadata.name}: ${(err as Error).message}`);
      }
    }
    expect(invalid).toEqual([]);
    expect(rendered[overlay]!.length).toBeGreaterThan(COMPONENTS.length * 6);
  });

  it.each(overlays())('%s: every component is deployed as the code expects, and reaches only what it uses', (overlay) => {
    expect(problems(rendered[overlay]!)).toEqual([]);
  });

  it('reads the expectations from the code: callers, servers, migrations', () => {
    // If these drifted to empty, the reachability checks above would hold vacuously.
    expect(callers('library').sort()).toEqual(['envelope', 'gateway', 'label', 'preservation']);
    expect(callers('envelope')).toEqual(['gateway']);
    // The envelope asks label for the chassis' published bands (LabelChassis.Bands), never for the chassis.
    expect(callers('label').sort()).toEqual(['envelope', 'gateway']);
    expect(users('postgres').sort()).toEqual(['compliance', 'library', 'metering']);
    expect(users('redis')).toEqual(['gateway']);
    expect(users('nats').sort()).toEqual(COMPONENTS.map((c) => c.name).sort());
    expect(MIGRATING.sort()).toEqual(['compliance', 'library', 'metering']);
  });

  it('dev runs PostgreSQL, Redis and NATS with JetStream beside it; prod points at servers outside', () => {
    const sets = byKind(rendered.dev!, 'StatefulSet');
    expect(sets.map((s) => s.metadata.name).sort()).toEqual(['nats', 'postgres', 'redis']);
    for (const s of sets) {
      const x = s.spec.template.spec.containers[0];
      expect(x.image, s.metadata.name).toMatch(/^(postgres|redis|nats):\d+\.\d+(\.\d+)?-alpine$/);
      expect(x.readinessProbe && x.livenessProbe && x.resources?.limits?.memory, s.metadata.name).toBeTruthy();
    }
    expect(sets.find((s) => s.metadata.name === 'nats')!.spec.template.spec.containers[0].args).toContain('--jetstream');
    expect(byKind(rendered.prod!, 'StatefulSet')).toEqual([]);
    // No credentials in what prod renders: its Secrets are created in the cluster (deploy/README.md).
    expect(byKind(rendered.prod!, 'Secret')).toEqual([]);
  });

  describe('each check fails when the manifests lose its property', () => {
    const broken = (fn: (objs: Obj[]) => void): string[] => {
      const objs = structuredClone(rendered.dev!);
      fn(objs);
      return problems(objs);
    };
    const dep = (objs: Obj[], name: string) => find(objs, 'Deployment', name)!;
    const main = (objs: Obj[], name: string) => dep(objs, name).spec.template.spec.containers[0] as Obj;
    const cases: Array<[string, (objs: Obj[]) => void, RegExp]> = [
      ['a Deployment removed', (o) => o.splice(o.indexOf(dep(o, 'metering')), 1), /metering: no Deployment/],
      ['a Service given a cluster IP', (o) => (find(o, 'Service', 'label')!.spec.clusterIP = '10.96.0.7'), /label: Service is not headless/],
      ['a startup probe removed', (o) => delete main(o, 'envelope').startupProbe, /envelope: no startupProbe/],
      ['a gRPC probe on the wrong port', (o) => (main(o, 'library').livenessProbe.grpc.port = 9464), /library: livenessProbe/],
      ['a memory limit removed', (o) => delete main(o, 'label').resources.limits, /label\/label: resources/],
      ['a token mounted', (o) => (find(o, 'ServiceAccount', 'envelope')!.automountServiceAccountToken = true), /envelope: a service account token/],
      ['a PDB removed', (o) => o.splice(o.indexOf(find(o, 'PodDisruptionBudget', 'compliance')!), 1), /compliance: no PodDisruptionBudget/],
      ['an HPA removed', (o) => o.splice(o.indexOf(find(o, 'HorizontalPodAutoscaler', 'envelope')!), 1), /envelope: compute path without an HPA/],
      ['replicas beside an HPA', (o) => (dep(o, 'label').spec.replicas = 2), /label: fixed replicas beside its HPA/],
      ['a short grace period', (o) => (dep(o, 'gateway').spec.template.spec.terminationGracePeriodSeconds = 12), /gateway: terminationGracePeriodSeconds 12/],
      ['a writable root', (o) => (main(o, 'preservation').securityContext.readOnlyRootFilesystem = false), /preservation\/preservation: root file system is writable/],
      ['privilege escalation', (o) => (dep(o, 'library').spec.template.spec.initContainers[0].securityContext.allowPrivilegeEscalation = true), /library\/migrate: privilege escalation/],
      ['capabilities kept', (o) => (main(o, 'metering').securityContext.capabilities.drop = []), /metering\/metering: capabilities/],
      ['root allowed', (o) => (dep(o, 'compliance').spec.template.spec.securityContext.runAsUser = 0), /compliance\/compliance: may run as root/],
      ['no seccomp profile', (o) => delete dep(o, 'envelope').spec.template.spec.securityContext.seccompProfile, /envelope\/envelope: no RuntimeDefault seccomp/],
      ['no spread', (o) => (dep(o, 'label').spec.template.spec.topologySpreadConstraints = []), /label: pods are not spread/],
      ['no /tmp', (o) => (main(o, 'gateway').volumeMounts = []), /gateway\/gateway: no writable emptyDir/],
      ['the chassis in envelope', (o) => dep(o, 'envelope').spec.template.spec.volumes.push({ name: 'chassis', secret: { secretName: 'svc-chassis' } }), /envelope: mounts the chassis Secret/],
      ['the chassis out of label', (o) => (dep(o, 'label').spec.template.spec.volumes = dep(o, 'label').spec.template.spec.volumes.filter((v: Obj) => !v.secret)), /label: does not mount the chassis Secret/],
      ['no migration init container', (o) => delete dep(o, 'metering').spec.template.spec.initContainers, /metering: no init container running its migrations/],
      ['the server migrating too', (o) => (envOf(main(o, 'compliance')).SVC_MIGRATE!.value = 'start'), /compliance: the server migrates at start/],
      ['a variable no code reads', (o) => main(o, 'envelope').env.push({ name: 'SVC_LIBRARY_ADDRESS', value: 'library:50051' }), /sets SVC_LIBRARY_ADDRESS, which no code reads/],
      ['a wrong peer address', (o) => (envOf(main(o, 'label')).SVC_LIBRARY_ADDR!.value = 'library:50052'), /label\/label: SVC_LIBRARY_ADDR=library:50052/],
      ['no default deny', (o) => o.splice(o.indexOf(find(o, 'NetworkPolicy', 'default-deny')!), 1), /no default-deny NetworkPolicy/],
      ['a caller cut off', (o) => delete dep(o, 'envelope').spec.template.metadata.labels['svc-access/library'], /envelope does not reach library:50051/],
      ['the envelope cut off from label', (o) => delete dep(o, 'envelope').spec.template.metadata.labels['svc-access/label'], /envelope does not reach label:50054/],
      ['the envelope without the label address', (o) => (main(o, 'envelope').env = main(o, 'envelope').env.filter((e: Obj) => e.name !== 'SVC_LABEL_ADDR')), /envelope\/envelope: calls label but has no SVC_LABEL_ADDR/],
      ['a service calling another it does not use', (o) => (dep(o, 'label').spec.template.metadata.labels['svc-access/envelope'] = 'true'), /label reaches envelope:50052/],
      ['a service opened to every source', (o) => delete find(o, 'NetworkPolicy', 'envelope')!.spec.ingress[0].from, /foreign reaches envelope:50052/],
      ['the infrastructure opened to every source', (o) => delete find(o, 'NetworkPolicy', 'postgres')!.spec.ingress[0].from, /foreign reaches postgres:5432/],
      ['the gateway closed to the ingress', (o) => (find(o, 'NetworkPolicy', 'gateway')!.spec.ingress[0].from[0].namespaceSelector.matchLabels['kubernetes.io/metadata.name'] = 'ingress'), /ingress-nginx does not reach gateway:8080/],
      ['Prometheus shut out', (o) => find(o, 'NetworkPolicy', 'label')!.spec.ingress.pop(), /prometheus does not reach the metrics port of label/],
      ['PostgreSQL for a stateless service', (o) => (dep(o, 'envelope').spec.template.metadata.labels['svc-access/postgres'] = 'true'), /envelope reaches postgres:5432/],
      ['Redis closed to the gateway', (o) => (find(o, 'NetworkPolicy', 'redis')!.spec.ingress[0].ports[0].port = 6380), /gateway does not reach redis:6379/],
      ['NATS cut off', (o) => (find(o, 'NetworkPolicy', 'nats-clients')!.spec.egress[0].to[0].podSelector.matchLabels['app.kubernetes.io/name'] = 'nats-x'), /metering does not reach nats:4222/],
      ['no DNS', (o) => o.splice(o.indexOf(find(o, 'NetworkPolicy', 'dns')!), 1), /cannot resolve names/],
      ['no egress to the collector', (o) => o.splice(o.indexOf(find(o, 'NetworkPolicy', 'otel-collector')!), 1), /no NetworkPolicy otel-collector/],
      ['the collector for the gateway only', (o) => (find(o, 'NetworkPolicy', 'otel-collector')!.spec.podSelector = { matchLabels: { 'app.kubernetes.io/name': 'gateway' } }), /envelope does not reach the OTLP collector:4317/],
      ['the collector without OTLP over HTTP', (o) => find(o, 'NetworkPolicy', 'otel-collector')!.spec.egress[0].ports.pop(), /metering does not reach the OTLP collector:4318/],
      ['the collector rule for every pod', (o) => (find(o, 'NetworkPolicy', 'otel-collector')!.spec.podSelector = {}), /stranger reaches the OTLP collector:4317/],
      ['the collector rule open to every namespace', (o) => find(o, 'NetworkPolicy', 'otel-collector')!.spec.egress[0].to.push({ namespaceSelector: {} }), /label reaches foreign:4317/],
    ];
    it.each(cases)('%s', (_name, breakIt, message) => {
      const found = broken(breakIt);
      expect(found.some((p) => message.test(p)), found.join('\n')).toBe(true);
    });
  });
});
