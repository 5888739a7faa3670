/**
 * Reading the CosIng annex exports (../shared/data/cosing_annex_*.csv). Their free-text fields
 * hold line breaks inside quotes, decimal commas, per-product-type lists ("a) ... b) ...") and
 * bases ("(acid)", "(as acid)", "(of Hg)"), so a real CSV parser and a tolerant reader are needed.
 * One-off tooling: the services read the reviewed JSON these scripts produce, never the CSV.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';

// The copy the library ships, unless SVC_SHARED_DATA names the shared originals.
export const SHARED_DATA = resolve(process.env.SVC_SHARED_DATA ?? fileURLToPath(new URL('../../services/library/data/', import.meta.url)));

export type AnnexRow = Record<string, string>;

export function readAnnex(file: string): { rows: AnnexRow[]; sha256: string; vintage: string } {
  const buf = readFileSync(resolve(SHARED_DATA, file));
  const rows = parse(buf, { columns: true, bom: true, relax_column_count: true, skip_empty_lines: true }) as AnnexRow[];
  // The export's rows carry one field fewer than its header, so update_date lands in another
  // column: take the latest dd/mm/yyyy found anywhere in a row as its date.
  let latest = '';
  for (const r of rows) {
    for (const v of Object.values(r)) {
      const m = typeof v === 'string' ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v.trim()) : null;
      if (m) {
        const iso = `${m[3]}-${m[2]}-${m[1]}`;
        if (iso > latest) latest = iso;
      }
    }
  }
  return { rows, sha256: createHash('sha256').update(buf).digest('hex'), vintage: latest };
}

export function clean(s: string | undefined): string {
  return (s ?? '').replace(/\u00ad/g, '').replace(/\s+/g, ' ').trim();
}

export interface Concentration {
  /** Product-type letter when the text lists several ("a", "b"...), else null. */
  item: string | null;
  /** % w/w. */
  value: number;
  /** "acid", "phenol", "free SO2", "Hg"... when the text states a basis, else null. */
  basis: string | null;
}

/**
 * Every concentration in a maximum_concentration text, with its product-type letter and basis.
 * Tolerates decimal commas, spaces before %, "(acid)" / "(as acid)", and prose around them.
 */
export function readConcentrations(text: string): Concentration[] {
  const out: Concentration[] = [];
  let item: string | null = null;
  for (const rawLine of text.split(/\n+/)) {
    const line = rawLine.trim();
    if (!line) continue;
    const lead = /^\(?([a-n])\)\s*/i.exec(line);
    if (lead?.[1]) item = lead[1].toLowerCase();
    const re = /(\d+(?:[.,]\d+)?)\s*%\s*(?:\((?:as\s+|of\s+)?([^)]*)\))?/gi;
    for (let m = re.exec(line); m; m = re.exec(line)) {
      const value = Number((m[1] ?? '').replace(',', '.'));
      const b = m[2] ? clean(m[2]).toLowerCase() : null;
      out.push({ item, value, basis: b && /acid|phenol|so2|hg|agcl|chlorhexidine|benzalkonium/.test(b) ? b.replace(/^as /, '') : null });
    }
  }
  return out;
}

/** "a) Rinse-off products\nb) Leave-on products" → {a: "Rinse-off products", b: "Leave-on products"}. */
export function readProductTypes(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /\(?([a-n])\)\s*([^\n]*?)(?=\s*\(?[a-n]\)\s|\n|$)/gi;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[1] && m[2]) out[m[1].toLowerCase()] = clean(m[2]);
  }
  return out;
}

const TRAILING = ['chemical_name', 'identified_ingredients', 'cmr', 'update_date'];

/**
 * readAnnex with the trailing columns put right: a data row short of the header by one field
 * lost it before `chemical_name`, so the last four fields are taken from the end of the row.
 */
export function readAnnexAligned(file: string): { rows: AnnexRow[]; sha256: string; vintage: string } {
  const read = readAnnex(file);
  const raw = parse(readFileSync(resolve(SHARED_DATA, file)), { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  const header = raw[0] ?? [];
  const rows = raw.slice(1).map((r) => {
    const row: AnnexRow = {};
    header.forEach((h, i) => {
      if (!TRAILING.includes(h)) row[h] = r[i] ?? '';
    });
    TRAILING.forEach((h, i) => {
      row[h] = r[r.length - TRAILING.length + i] ?? '';
    });
    return row;
  });
  return { ...read, rows };
}
