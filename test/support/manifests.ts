/**
 * The Kubernetes manifests as a user installs them: each overlay rendered by `kubectl kustomize`,
 * and what NetworkPolicies let through, computed from the rendered policies the way the API
 * defines them (a pod selected by no policy of a direction is open in that direction; a selected
 * one accepts only what some rule of those policies names).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';

export const ROOT = resolve(import.meta.dirname, '../..');
export const OVERLAYS_DIR = join(ROOT, 'deploy/k8s/overlays');
export const overlays = (): string[] => readdirSync(OVERLAYS_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();

// Objects are read by field paths the checks name; the schema validation holds their shapes.
export type Obj = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string; labels?: Record<string, string> }; [k: string]: any };

/** `kubectl kustomize DIR`, every object; a missing kubectl or a failed render says so. */
export function render(dir: string): Obj[] {
  const r = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw new Error(`kubectl is needed to render the manifests (kubectl kustomize, kustomize v5): ${r.error.message}`);
  if (r.status !== 0) throw new Error(`kubectl kustomize ${dir} failed: ${r.stderr}`);
  return parseAllDocuments(r.stdout).map((d) => d.toJS() as Obj).filter(Boolean);
}

export const byKind = (objs: Obj[], kind: string): Obj[] => objs.filter((o) => o.kind === kind);
export const find = (objs: Obj[], kind: string, name: string): Obj | undefined => objs.find((o) => o.kind === kind && o.metadata.name === name);

type Selector = { matchLabels?: Record<string, string>; matchExpressions?: Array<{ key: string; operator: string; values?: string[] }> };

export function selects(sel: Selector | undefined, labels: Record<string, string>): boolean {
  if (!sel) return true;
  for (const [k, v] of Object.entries(sel.matchLabels ?? {})) if (labels[k] !== v) return false;
  for (const e of sel.matchExpressions ?? []) {
    const has = e.key in labels;
    const ok =
      e.operator === 'In' ? has && (e.values ?? []).includes(labels[e.key]!)
      : e.operator === 'NotIn' ? !has || !(e.values ?? []).includes(labels[e.key]!)
      : e.operator === 'Exists' ? has
      : e.operator === 'DoesNotExist' ? !has
      : false;
    if (!ok) return false;
  }
  return true;
}

/** A party to a connection: a pod (of the rendered objects, or a modelled one elsewhere) or an address outside. */
export interface Endpoint {
  name: string;
  namespace?: string;
  labels?: Record<string, string>;
  /** Container ports by name, for policies that name ports. */
  ports?: Record<string, number>;
  ip: string;
}

/** Pods of the rendered workloads, one per workload, with a made-up address in the pod range. */
export function pods(objs: Obj[]): Endpoint[] {
  return objs
    .filter((o) => ['Deployment', 'StatefulSet', 'Job'].includes(o.kind))
    .map((o, i) => {
      const spec = o.spec.template.spec;
      const ports = Object.fromEntries([...(spec.containers ?? []), ...(spec.initContainers ?? [])].flatMap((c: Obj) => (c.ports ?? []).filter((p: Obj) => p.name).map((p: Obj) => [p.name, p.containerPort])));
      return { name: o.metadata.name, namespace: o.metadata.namespace ?? 'default', labels: o.spec.template.metadata.labels ?? {}, ports, ip: `10.244.0.${i + 1}` };
    });
}

function inCidr(ip: string, cidr: string): boolean {
  const [net, bits] = cidr.split('/') as [string, string];
  const n = (a: string) => a.split('.').reduce((acc, x) => acc * 256 + Number(x), 0);
  const size = 2 ** (32 - Number(bits));
  return Math.floor(n(ip) / size) === Math.floor(n(net) / size);
}

function peerMatches(peer: any, policyNs: string, other: Endpoint): boolean {
  if (peer.ipBlock) return inCidr(other.ip, peer.ipBlock.cidr) && !(peer.ipBlock.except ?? []).some((c: string) => inCidr(other.ip, c));
  if (!other.namespace) return false;
  if (peer.namespaceSelector) return selects(peer.namespaceSelector, { 'kubernetes.io/metadata.name': other.namespace }) && selects(peer.podSelector, other.labels ?? {});
  return other.namespace === policyNs && selects(peer.podSelector, other.labels ?? {});
}

function portMatches(ports: any[] | undefined, dst: Endpoint, port: number, protocol: string): boolean {
  if (!ports || ports.length === 0) return true;
  return ports.some((p) => {
    if ((p.protocol ?? 'TCP') !== protocol) return false;
    if (p.port === undefined) return true;
    const at = typeof p.port === 'string' ? dst.ports?.[p.port] : p.port;
    return at !== undefined && (p.endPort ? port >= at && port <= p.endPort : port === at);
  });
}

const types = (p: Obj): string[] => p.spec.policyTypes ?? ['Ingress', ...(p.spec.egress ? ['Egress'] : [])];

/** Whether `src` can open a connection to `dst` on `port`: both its egress and the destination's ingress allow it. */
export function allowed(objs: Obj[], src: Endpoint, dst: Endpoint, port: number, protocol = 'TCP'): boolean {
  const policies = byKind(objs, 'NetworkPolicy');
  const isolating = (ep: Endpoint, dir: 'Ingress' | 'Egress') =>
    ep.namespace ? policies.filter((p) => (p.metadata.namespace ?? 'default') === ep.namespace && types(p).includes(dir) && selects(p.spec.podSelector, ep.labels ?? {})) : [];
  const out = isolating(src, 'Egress');
  const egressOk = out.length === 0 || out.some((p) => (p.spec.egress ?? []).some((r: Obj) => (!r.to || r.to.length === 0 || r.to.some((peer: Obj) => peerMatches(peer, p.metadata.namespace ?? 'default', dst))) && portMatches(r.ports, dst, port, protocol)));
  const into = isolating(dst, 'Ingress');
  const ingressOk = into.length === 0 || into.some((p) => (p.spec.ingress ?? []).some((r: Obj) => (!r.from || r.from.length === 0 || r.from.some((peer: Obj) => peerMatches(peer, p.metadata.namespace ?? 'default', src))) && portMatches(r.ports, dst, port, protocol)));
  return egressOk && ingressOk;
}
