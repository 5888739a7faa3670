#!/usr/bin/env node
// Rewrites the library's reviewed data files in their canonical, diff-friendly layout: one overlay
// entry per line, one category rule per line, keys in schema order. Content is never changed.
//   node scripts/data/overlay-format.mjs          rewrite in place
//   node scripts/data/overlay-format.mjs --check  exit 1 when a file is not in canonical layout
import { readFileSync, writeFileSync } from 'node:fs';

const dir = new URL('../../services/library/src/data/', import.meta.url);
const check = process.argv.includes('--check');
const j = (v) => JSON.stringify(v);

const ENTRY_KEYS = ['inci', 'c', 'up', 'ionic', 'valence', 'asAcid', 'usName', 'flags', 'common', 'synonyms', 'tradeNames', 'note', 'notInCosing'];
const ordered = (obj, keys) => {
  const extra = Object.keys(obj).filter((k) => !keys.includes(k));
  if (extra.length) throw new Error(`unknown keys ${extra.join(', ')} in ${j(obj).slice(0, 80)}`);
  return Object.fromEntries(keys.filter((k) => k in obj).map((k) => [k, obj[k]]));
};

function formatOverlay(o) {
  const lines = o.entries.map((e) => '    ' + j(ordered(e, ENTRY_KEYS)));
  return `{\n  "pack": ${j(o.pack)},\n  "version": ${j(o.version)},\n  "source": ${j(o.source)},\n  "entries": [\n${lines.join(',\n')}\n  ]\n}\n`;
}

/** JSON on one line with a space after ':' and ',' (outside strings). */
const spaced = (v) =>
  Array.isArray(v)
    ? `[${v.map(spaced).join(', ')}]`
    : v !== null && typeof v === 'object'
      ? `{${Object.entries(v).map(([k, x]) => `${j(k)}: ${spaced(x)}`).join(', ')}}`
      : j(v);

function formatMap(m) {
  const list = (k) => `  ${j(k)}: [\n${m[k].map((r) => '    ' + spaced(r)).join(',\n')}\n  ],\n`;
  let out = `{\n  "pack": ${j(m.pack)},\n  "version": ${j(m.version)},\n`;
  if (m.note !== undefined) out += `  "note": ${j(m.note)},\n`;
  out += `  "ionicCategory": ${spaced(m.ionicCategory)},\n`;
  out += list('ionicPatterns') + list('nameRules') + list('rules');
  if (m.unmapped !== undefined) out += `  "unmapped": ${spaced(m.unmapped)},\n`;
  return out + `  "default": ${j(m.default)}\n}\n`;
}

let dirty = false;
for (const [file, fmt] of [['overlay.json', formatOverlay], ['category-map.json', formatMap]]) {
  const url = new URL(file, dir);
  const text = readFileSync(url, 'utf8');
  const out = fmt(JSON.parse(text));
  if (out !== text) {
    dirty = true;
    if (check) console.error(`${file}: not in canonical layout (run node scripts/data/overlay-format.mjs)`);
    else writeFileSync(url, out);
  }
}
if (check && dirty) process.exit(1);
