/**
 * The images, without a Docker engine: each component is compiled once (scripts/build/bundle.ts,
 * what the Dockerfile's build stage runs) into a temporary folder laid out exactly as the image's
 * /app, and started from it with plain node: no node_modules, no TypeScript, no repository above
 * it, the chassis from a file elsewhere (the Secret's mount). The copy list (scripts/build/files.ts)
 * is held to what the bundles contain and to the workspace dependency graph, so a new import, a new
 * package or a new file read at run time cannot be left out of an image unnoticed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHASSIS_FILE } from '@svc/chassis';
import { ADDR_VAR, freePort, postgresSql, waitHealthy } from '@svc/kit';
import { dropNamespaceStream, freshDatabase, freshNamespace, realServer } from '@svc/kit/testing';
import type { ServiceName } from '@svc/protos';
import { bundle, type BundleInfo } from '../scripts/build/bundle';
import { EXTERNAL_PACKAGES, READS_FILES, RUNTIME_FILES } from '../scripts/build/files';
import { readAsset } from '../gateway/src/content/redoc-script';
import { COMPONENTS, PACKAGE_DIR, WAVES, type ComponentName } from '../scripts/components';
import { ensureDevAccount } from '../scripts/dev-account';

const ROOT = resolve(import.meta.dirname, '..');
const read = (p: string) => readFileSync(join(ROOT, p), 'utf8');
const json = (p: string) => JSON.parse(readFileSync(p, 'utf8')) as Record<string, unknown>;

/** Workspace folder of each @svc package, from the root's workspace globs. */
function workspaces(): Map<string, string> {
  const globs = json(join(ROOT, 'package.json')).workspaces as string[];
  const dirs = globs.flatMap((g) => (g.endsWith('/*') ? readdirSync(join(ROOT, g.slice(0, -2))).map((d) => `${g.slice(0, -2)}/${d}`) : [g]));
  return new Map(dirs.filter((d) => existsSync(join(ROOT, d, 'package.json'))).map((d) => [json(join(ROOT, d, 'package.json')).name as string, d]));
}

/** The production dependencies a folder's package.json declares. */
const declared = (dir: string): string[] => Object.keys((json(join(dir, 'package.json')).dependencies as Record<string, string> | undefined) ?? {});

/** A component's workspaces (its own and the @svc packages it depends on, transitively) and their third-party dependencies. */
function closure(name: ComponentName): { workspaces: Set<string>; packages: Set<string> } {
  const ws = workspaces();
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (dir: string) => {
    if (seen.has(dir)) return;
    seen.add(dir);
    for (const d of declared(join(ROOT, dir))) {
      if (ws.has(d)) visit(ws.get(d)!);
      else packages.add(d);
    }
  };
  visit(PACKAGE_DIR[name]);
  return { workspaces: seen, packages };
}

/** Third-party packages reachable from `roots` through their installed package.json files. */
function installedClosure(roots: Iterable<string>): Set<string> {
  const out = new Set<string>();
  const visit = (p: string) => {
    if (out.has(p)) return;
    out.add(p);
    const file = join(ROOT, 'node_modules', p, 'package.json');
    if (!existsSync(file)) return;
    const pj = json(file);
    // An optional peer (debug's supports-color) is declared too: bundled when installed, skipped when not.
    for (const k of ['dependencies', 'optionalDependencies', 'peerDependencies', 'peerDependenciesMeta']) for (const d of Object.keys((pj[k] as Record<string, string> | undefined) ?? {})) visit(d);
  };
  for (const r of roots) visit(r);
  return out;
}

/** Every file under `dir`, relative to it. */
function walkFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(join(dir, f)).isFile())
    .sort();
}

const out = mkdtempSync(join(tmpdir(), 'svc-images-'));
const infos = {} as Record<ComponentName, BundleInfo>;

beforeAll(async () => {
  // Compiled once for the whole file, as the image's build stage does, into a folder outside the repository.
  for (const info of await Promise.all(COMPONENTS.map((c) => bundle(ROOT, c.name, join(out, c.name))))) infos[info.component] = info;
}, 240_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('the image recipe (deploy/Dockerfile)', () => {
  const lines = read('deploy/Dockerfile').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  const froms = lines.map((l, i) => (l.startsWith('FROM ') ? i : -1)).filter((i) => i >= 0);
  const final = lines.slice(froms[froms.length - 1]);

  it('builds on the Node major CI tests on, in two stages', () => {
    const major = process.versions.node.split('.')[0];
    expect(froms.length).toBe(2);
    for (const i of froms) expect(lines[i], lines[i]).toMatch(new RegExp(`^FROM node:${major}(?:[-.@][^\\s]*)?(?:\\s+AS\\s+\\w+)?$`));
    expect(lines).toContain('RUN npm ci --no-audit --no-fund');
    expect(lines.some((l) => /^RUN .*npm run build -- "\$\{COMPONENT\}"$/.test(l))).toBe(true);
  });

  it('holds the component\'s build folder only, as a numeric non-root user, started by node itself', () => {
    const copies = final.filter((l) => /^(COPY|ADD) /.test(l));
    expect(copies).toEqual(['COPY --from=build /src/dist/${COMPONENT}/ /app/']);
    expect(final).toContain('WORKDIR /app');
    const user = final.find((l) => l.startsWith('USER '))!;
    expect(user).toMatch(/^USER [1-9]\d*(?::[1-9]\d*)?$/);
    // Exec form: no shell in between, so SIGTERM reaches node and the drain runs.
    expect(final[final.length - 1]).toBe('CMD ["node", "main.mjs"]');
    // The one writable place is /tmp (an emptyDir): the data folder points there.
    expect(final.find((l) => l.startsWith('ENV '))).toMatch(/SVC_DATA_DIR=\/tmp\//);
  });

  it('keeps the chassis out of the build context and the builds out of the sources', () => {
    const ignored = read('.dockerignore').split('\n').map((l) => l.trim());
    expect(ignored).toContain('packages/chassis/data');
    expect(ignored).toContain('dist');
    expect(read('.gitignore').split('\n')).toContain('dist/');
  });
});

describe.each(COMPONENTS.map((c) => [c.name] as const))('%s: the copy list against its dependency graph', (name) => {
  it('bundles only the workspaces and packages its package.json files declare', () => {
    const info = infos[name];
    const graph = closure(name);
    const wsOf = (m: string) => [...graph.workspaces].find((w) => m.startsWith(`${w}/`));
    expect(info.modules.filter((m) => !wsOf(m)), 'modules of undeclared workspaces').toEqual([]);
    const reachable = installedClosure(graph.packages);
    expect(info.packages.filter((p) => !reachable.has(p)), 'packages no declared dependency brings').toEqual([]);
    for (const p of EXTERNAL_PACKAGES) expect(graph.packages.has(p) || reachable.has(p), p).toBe(true);
  });

  it('lists every module that reads a file at run time, and the image holds those files and nothing else', () => {
    const info = infos[name];
    const readers = info.modules.filter((m) => READS_FILES.test(readFileSync(join(ROOT, m), 'utf8')));
    expect(readers.filter((m) => !(m in RUNTIME_FILES)), 'add them to scripts/build/files.ts').toEqual([]);
    for (const f of info.files) expect(existsSync(join(ROOT, f)), f).toBe(true);
    const expected = ['bundle.json', 'main.mjs', ...info.files.flatMap((f) => (statSync(join(ROOT, f)).isDirectory() ? walkFiles(join(ROOT, f)).map((x) => join(f, x)) : [f]))].sort();
    expect(walkFiles(join(out, name))).toEqual(expected);
    expect(expected.filter((f) => /\.ts$|node_modules|chassis/.test(f))).toEqual([]);
  });
});

describe('each compiled component starts with plain node from its image folder', () => {
  const procs: Array<{ name: ComponentName; p: ChildProcess; lines: string[] }> = [];
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const ns = freshNamespace('images');
  const scratch = mkdtempSync(join(tmpdir(), 'svc-images-run-'));
  const before = {} as Record<ComponentName, string[]>;
  const stopped = {} as Record<ComponentName, { code: number | null; signal: string | null }>;
  /** A formula call through the compiled gateway, answered by the compiled services behind it. */
  let answer: { status: number; body: string } | undefined;
  let docsScript: { status: number; length: number } | undefined;

  const launch = (name: ComponentName, env: Record<string, string>) => {
    const lines: string[] = [];
    // Only what the image's environment would hold: no NODE_OPTIONS, no loader, no repository path.
    const p = spawn(process.execPath, ['main.mjs'], { cwd: join(out, name), env: { PATH: process.env.PATH ?? '/usr/bin:/bin', NODE_ENV: 'production', SVC_DATA_DIR: join(scratch, 'data'), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const s of [p.stdout, p.stderr]) s.on('data', (d: Buffer) => lines.push(...d.toString().split('\n').filter(Boolean)));
    procs.push({ name, p, lines });
    return { p, lines };
  };
  const died = (name: ComponentName) => {
    const e = procs.find((x) => x.name === name)!;
    return new Promise<never>((_, reject) => e.p.once('exit', (code) => reject(new Error(`${name} exited (${code}): ${e.lines.slice(-5).join(' | ')}`))));
  };

  beforeAll(async () => {
    db = await freshDatabase('images', { catalogue: true });
    // The Secret's mount: a file outside the image folder, given by the variable the config reads.
    const chassis = join(scratch, 'chassis.json');
    copyFileSync(DEFAULT_CHASSIS_FILE, chassis);
    const common = { SVC_DATABASE_URL: db.url, SVC_REDIS_URL: await realServer('redis'), SVC_NATS_URL: await realServer('nats'), SVC_NAMESPACE: ns, SVC_LOG_LEVEL: 'warn' };
    const addr = {} as Record<ServiceName, string>;
    for (const n of WAVES.flat()) addr[n] = `127.0.0.1:${await freePort()}`;
    const peers = Object.fromEntries(WAVES.flat().map((n) => [ADDR_VAR[n], addr[n]]));
    for (const c of COMPONENTS) before[c.name] = walkFiles(join(out, c.name));
    for (const wave of WAVES) {
      for (const n of wave) {
        const reads = COMPONENTS.find((c) => c.name === n)!.readsChassis;
        launch(n, { ...common, ...peers, SVC_GRPC_PORT: addr[n].split(':')[1]!, ...(reads ? { SVC_CHASSIS_FILE: chassis } : {}) });
      }
      await Promise.all(wave.map((n) => Promise.race([waitHealthy(addr[n], 150_000), died(n)])));
    }
    const sql = postgresSql(db.url, { max: 1 });
    const { key } = await ensureDevAccount(sql, join(scratch, 'dev')).finally(() => sql.close());
    const port = await freePort();
    const gw = launch('gateway', { ...common, ...peers, SVC_PORT: String(port) });
    const end = Date.now() + 60_000;
    for (;;) {
      if (gw.p.exitCode !== null) throw new Error(`gateway exited: ${gw.lines.slice(-5).join(' | ')}`);
      if (await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false)) break;
      if (Date.now() > end) throw new Error(`gateway did not answer /healthz: ${gw.lines.slice(-5).join(' | ')}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const r = await fetch(`http://127.0.0.1:${port}/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-svc-key': key },
      body: JSON.stringify({ base: 'classic', basePct: 80, ph: 5.5, lines: [{ n: 'AQUA', pct: 16 }, { n: 'GLYCERIN', pct: 4 }] }),
    });
    answer = { status: r.status, body: await r.text() };
    const renderer = await fetch(`http://127.0.0.1:${port}/docs/redoc.standalone.js`);
    docsScript = { status: renderer.status, length: (await renderer.text()).length };
    // SIGTERM, as the kubelet sends it: each drains and exits by itself, the gateway first.
    for (const { name, p } of [...procs].reverse()) {
      const exit = new Promise<void>((r) => p.once('exit', (code, signal) => r(void (stopped[name] = { code, signal }))));
      p.kill('SIGTERM');
      await exit;
    }
  }, 300_000);

  afterAll(async () => {
    for (const { p } of procs) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
    await db?.drop();
    await dropNamespaceStream(ns);
    rmSync(scratch, { recursive: true, force: true });
  }, 60_000);

  it('the compiled gateway serves the reference page\'s renderer from its bundle', () => {
    expect(docsScript).toEqual({ status: 200, length: readAsset().length });
  });

  it.each(COMPONENTS.map((c) => [c.name] as const))('%s answered its health check and stopped cleanly on SIGTERM', (name) => {
    expect(stopped[name], name).toEqual({ code: 0, signal: null });
    const lines = procs.find((x) => x.name === name)!.lines;
    expect(lines.filter((l) => /Error|failed/.test(l)), name).toEqual([]);
  });

  it('answer a formula call together: gateway, metering, compliance, envelope, library', () => {
    expect(answer?.status, answer?.body).toBe(200);
    expect(JSON.parse(answer!.body)).toMatchObject({ verdict: expect.any(String) });
  });

  it.each(COMPONENTS.map((c) => [c.name] as const))('%s wrote nothing into its image folder (a read-only root file system)', (name) => {
    expect(walkFiles(join(out, name))).toEqual(before[name]);
  });

  it('holds no TypeScript and no package folder, and nothing above it resolves a package', () => {
    for (const c of COMPONENTS) expect(walkFiles(join(out, c.name)).filter((f) => f.endsWith('.ts') || f.includes('node_modules')), c.name).toEqual([]);
    // The image folder is outside the repository: no node_modules up the tree to fall back on.
    expect(relative(ROOT, out).startsWith('..')).toBe(true);
    for (let d = out; d !== '/'; d = resolve(d, '..')) expect(existsSync(join(d, 'node_modules')), d).toBe(false);
  });
});
