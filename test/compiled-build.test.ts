/** When `npm run start:split` may run a build: it is there, and no module or data file in it changed since. */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { compiledCommand, compiledEntry, staleBuild } from '../scripts/build/compiled';

describe('a component build and its sources', () => {
  const root = mkdtempSync(join(tmpdir(), 'svc-compiled-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string, at: number) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
    utimesSync(join(root, path), at, at);
  };

  it('is not runnable before it is built', () => {
    expect(staleBuild('envelope', root)).toBe('envelope is not built');
  });

  it('is runnable while every module and data file in it is older than the bundle, and not once one changes', () => {
    const t = Math.floor(Date.now() / 1000) - 100;
    write('services/envelope/src/main.ts', 'x', t);
    write('protos/svc/v1/envelope.proto', 'x', t);
    write('dist/envelope/bundle.json', JSON.stringify({ component: 'envelope', modules: ['services/envelope/src/main.ts'], packages: [], files: ['protos/svc/v1/envelope.proto'] }), t + 10);
    write('dist/envelope/main.mjs', '', t + 10);
    expect(compiledEntry('envelope', root)).toBe(join(root, 'dist/envelope/main.mjs'));
    // The image's command: the tracing entry beside the bundle first.
    expect(compiledCommand('envelope', root)).toEqual(['--import', pathToFileURL(join(root, 'dist/envelope/register.mjs')).href, join(root, 'dist/envelope/main.mjs')]);
    expect(staleBuild('envelope', root)).toBeNull();
    write('protos/svc/v1/envelope.proto', 'y', t + 20);
    expect(staleBuild('envelope', root)).toBe('protos/svc/v1/envelope.proto changed since envelope was built');
    rmSync(join(root, 'protos/svc/v1/envelope.proto'));
    expect(staleBuild('envelope', root)).toBe('protos/svc/v1/envelope.proto changed since envelope was built');
  });

  it('is stale once the tracing entry it copied changes', () => {
    const t = Math.floor(Date.now() / 1000) - 100;
    write('services/envelope/src/main.ts', 'x', t);
    write('packages/kit/src/tracing/sdk.mjs', 'x', t);
    write('dist/envelope/bundle.json', JSON.stringify({ component: 'envelope', modules: ['services/envelope/src/main.ts'], packages: [], files: [], entry: ['packages/kit/src/tracing/sdk.mjs'] }), t + 10);
    write('dist/envelope/main.mjs', '', t + 10);
    expect(staleBuild('envelope', root)).toBeNull();
    write('packages/kit/src/tracing/sdk.mjs', 'y', t + 20);
    expect(staleBuild('envelope', root)).toBe('packages/kit/src/tracing/sdk.mjs changed since envelope was built');
  });
});
