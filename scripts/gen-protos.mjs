#!/usr/bin/env node
// Generates TypeScript types for every .proto under protos/ with proto-loader-gen-types (no
// protoc needed). `--check` regenerates into a temporary folder and fails when protos/gen differs,
// so stale or hand-edited generated code cannot land.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const protoRoot = join(root, 'protos');
const genDir = join(protoRoot, 'gen');
const check = process.argv.includes('--check');

const walk = (dir) =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });

const protos = walk(protoRoot).filter((p) => p.endsWith('.proto')).map((p) => relative(protoRoot, p)).sort();
const out = check ? mkdtempSync(join(tmpdir(), 'svc-gen-')) : genDir;
if (!check) rmSync(genDir, { recursive: true, force: true });

// Must match the loader options in protos/src/options.ts.
execFileSync(
  process.execPath,
  [
    join(root, 'node_modules/@grpc/proto-loader/build/bin/proto-loader-gen-types.js'),
    '--grpcLib=@grpc/grpc-js', '--longs=String', '--enums=String', '--defaults', '--oneofs',
    '-I', protoRoot, '-O', out, ...protos,
  ],
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
// The generator writes the absolute path of each source; keep the output the same on every clone.
for (const f of walk(out)) {
  const text = readFileSync(f, 'utf8');
  const fixed = text.replaceAll(`Original file: ${protoRoot}/`, 'Original file: protos/');
  if (fixed !== text) writeFileSync(f, fixed);
}

if (check) {
  const want = walk(out).map((p) => relative(out, p)).sort();
  const have = existsSync(genDir) ? walk(genDir).map((p) => relative(genDir, p)).sort() : [];
  const stale = want.filter((f) => !have.includes(f) || readFileSync(join(out, f), 'utf8') !== readFileSync(join(genDir, f), 'utf8'));
  const extra = have.filter((f) => !want.includes(f));
  rmSync(out, { recursive: true, force: true });
  if (stale.length || extra.length) {
    console.error(`protos/gen is stale: ${[...stale, ...extra].join(', ')}. Run: npm run gen`);
    process.exit(1);
  }
  console.log(`protos/gen is up to date (${want.length} files)`);
} else {
  console.log(`generated ${protos.length} protos into ${relative(root, genDir)}`);
}
