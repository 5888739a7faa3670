/**
 * The CosIng annex files, read into what the library needs from them: which ingredients each entry
 * names, and what the entry implies (prohibited, fragrance allergen, colourant, UV filter, nano form).
 *
 * The exported annex CSVs have one more header column than data columns (the Commission's export
 * drops an empty column in the data rows), so the trailing columns are read by position from the
 * end, where the rows are consistent: ..., chemical_name, identified_ingredients, cmr, update_date.
 */
import { parse } from 'csv-parse/sync';
import { normaliseName } from './keys';

export const ANNEXES = ['II', 'III', 'IV', 'V', 'VI'] as const;
export type Annex = (typeof ANNEXES)[number];

export interface AnnexEntry {
  annex: Annex;
  /** Reference number within the annex, such as "29" or "27a". */
  ref: string;
  /**
   * Fields that name INCI ingredients. `list` fields are comma-separated INCI lists; the others
   * are split only at semicolons and " / ", because their commas belong to chemical names
   * ("Phenol, 2-methoxy-4-(2-propenyl)-, acetate" is not PHENOL).
   */
  nameFields: { text: string; list: boolean }[];
  /** All the row's text, whitespace collapsed, for rules that read the wording. */
  text: string;
  /** The entry's own name (inn and common_ingredients), where "(nano)" and use conditions are written. */
  title: string;
  /** update_date as ISO yyyy-mm-dd, or null. */
  updated: string | null;
}

/** Parses one annex file. Quoted fields carry line breaks, hence a real CSV parser. */
export function parseAnnex(annex: Annex, csv: string | Buffer): AnnexEntry[] {
  const rows = parse(csv, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  const header = rows[0] ?? [];
  const col = (name: string): number => header.indexOf(name);
  const out: AnnexEntry[] = [];
  for (const r of rows.slice(1)) {
    const at = (i: number): string => (i >= 0 ? (r[i] ?? '') : '');
    const fromEnd = (k: number): string => r[r.length - k] ?? '';
    const ref = at(0).trim();
    if (!ref) continue;
    // identified_ingredients lists INCI names; common_ingredients (III, V, VI) and the colour index
    // number (IV) name the substance the way the inventory does. The chemical and INN names are
    // not INCI names: cutting them at commas would "find" BENZOIC ACID in a homosalate entry.
    const nameFields = [
      { text: fromEnd(3), list: true },
      { text: at(col(annex === 'IV' ? 'colour_index_number' : 'common_ingredients')), list: false },
    ];
    out.push({
      annex,
      ref,
      nameFields: nameFields.filter((f) => f.text.trim().length > 0 && f.text.trim() !== '-'),
      text: r.join(' | ').replace(/\s+/g, ' '),
      title: [at(col('inn')), at(col('common_ingredients'))].join(' | ').replace(/\s+/g, ' '),
      updated: isoDate(fromEnd(1)),
    });
  }
  return out;
}

function isoDate(ddmmyyyy: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(ddmmyyyy.trim());
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

/**
 * Annex III entries that are labelling obligations for fragrance allergens: their conditions say
 * the substance "shall be indicated in the list of ingredients" (Article 19(1)(g)). Other Annex III
 * entries (hair dyes, thioglycolates) are restrictions, not allergen declarations.
 */
export function isAllergenEntry(e: AnnexEntry): boolean {
  return e.annex === 'III' && /indicated[^|]{0,120}in the list of ingredients|19\s*\(\s*1\s*\)\s*\(\s*g\s*\)/i.test(e.text);
}

/** Annex II entries that prohibit only a use or a grade ("when used as a substance in hair dye products"). */
export function isConditionalProhibition(text: string): boolean {
  return /when used|except|\bif\b|unless/i.test(text);
}

export const NANO_RE = /\(\s*nano\s*\)/i;

/**
 * Ingredients named in an annex entry: candidate names are cut from its name fields and kept when
 * they are exact names of the inventory (`known`). Commas both separate names and occur inside them
 * ("2,4-DIAMINOPHENOXYETHANOL HCL"), so runs of comma-separated pieces are re-joined, longest first.
 * `nano` is set for names written with "(nano)".
 */
export function namesInEntry(e: AnnexEntry, known: (key: string) => boolean): { key: string; nano: boolean }[] {
  const found = new Map<string, boolean>();
  for (const field of e.nameFields) {
    for (const segment of field.text.split(/[;\n]|\s\/\s?|\s?\/\s|\[\d+\]/)) {
      const pieces = field.list ? segment.split(',') : [segment];
      for (let i = 0; i < pieces.length; i++) {
        for (let j = Math.min(pieces.length, i + 4); j > i; j--) {
          const raw = pieces.slice(i, j).join(',');
          const nano = NANO_RE.test(raw);
          const key = normaliseName(raw.replace(NANO_RE, ' ').replace(/\*+/g, ''));
          if (key.length < 2 || !known(key)) continue;
          found.set(key, (found.get(key) ?? false) || nano);
          i = j - 1;
          break;
        }
      }
    }
  }
  return [...found].map(([key, nano]) => ({ key, nano }));
}

/** "V/29" style reference of an entry. */
export const refOf = (e: Pick<AnnexEntry, 'annex' | 'ref'>): string => `${e.annex}/${e.ref}`;
