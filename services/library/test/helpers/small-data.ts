/**
 * A reduced copy of the reference data for tests that need several imports (data version upgrades):
 * the overlay's ingredients plus the first rows of the inventory, and the annexes as they are.
 * Built from the real files at test time, so it cannot drift from them.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { loadOverlay } from '../../src/data/overlay';
import { ANNEXES } from '../../src/engine/annex';
import { annexFile, COSING_FILE, DEFAULT_DATA_DIR } from '../../src/sources';

export function smallDataDir(rows = 2_000): { dir: string; rows: number; cleanup(): void } {
  const dir = join(tmpdir(), `lib-small-${randomBytes(4).toString('hex')}`);
  mkdirSync(dir, { recursive: true });
  const all = parse(gunzipSync(readFileSync(join(DEFAULT_DATA_DIR, COSING_FILE))), { bom: true, relax_column_count: true }) as string[][];
  const [header, ...body] = all;
  const curated = new Set(loadOverlay().entries.map((e) => e.inci));
  const kept = body.filter((r, i) => i < rows || curated.has((r[1] ?? '').trim().toUpperCase()));
  writeFileSync(join(dir, COSING_FILE), gzipSync([header ?? [], ...kept].map(csvLine).join('\n') + '\n'));
  for (const a of ANNEXES) copyFileSync(join(DEFAULT_DATA_DIR, annexFile(a)), join(dir, annexFile(a)));
  return { dir, rows: kept.length, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Every field quoted, quotes doubled: what csv-parse reads back unchanged, line breaks included. */
const csvLine = (fields: string[]): string => fields.map((f) => `"${f.replace(/"/g, '""')}"`).join(',');
