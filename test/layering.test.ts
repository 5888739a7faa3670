/**
 * No import cycles in production code, found with the TypeScript compiler's own module resolution
 * (workspace packages through their exports, as the type check resolves them). A cycle is reported
 * as the chain of files that closes it.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const SOURCE_DIRS = ['packages', 'services', 'gateway', 'protos'].flatMap((d) => {
  const base = join(ROOT, d);
  const direct = join(base, 'src');
  if (statSync(direct, { throwIfNoEntry: false })?.isDirectory()) return [direct];
  return readdirSync(base).map((w) => join(base, w, 'src')).filter((p) => statSync(p, { throwIfNoEntry: false })?.isDirectory());
});

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

describe('layering', () => {
  it('has no import cycle in production code', () => {
    const config = ts.parseJsonConfigFileContent(ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile).config, ts.sys, ROOT);
    const all = SOURCE_DIRS.flatMap(files);
    const inScope = new Set(all);
    const graph = new Map<string, string[]>();
    for (const f of all) {
      const info = ts.preProcessFile(ts.sys.readFile(f) ?? '', true, true);
      const deps: string[] = [];
      for (const imp of info.importedFiles) {
        const r = ts.resolveModuleName(imp.fileName, f, config.options, ts.sys).resolvedModule?.resolvedFileName;
        if (r && inScope.has(r)) deps.push(r);
      }
      graph.set(f, deps);
    }
    expect(graph.size).toBeGreaterThan(100);
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const path: string[] = [];
    const visit = (f: string) => {
      state.set(f, 'open');
      path.push(f);
      for (const d of graph.get(f) ?? []) {
        if (state.get(d) === 'open') cycles.push([...path.slice(path.indexOf(d)), d].map((p) => relative(ROOT, p)).join(' -> '));
        else if (!state.has(d)) visit(d);
      }
      path.pop();
      state.set(f, 'done');
    };
    for (const f of all) if (!state.has(f)) visit(f);
    expect(cycles).toEqual([]);
  });
});
