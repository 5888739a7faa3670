/**
 * Builds services/library/src/data/fragrance-allergens.json from cosing_annex_III.csv: the Annex III
 * entries whose conditions require naming the substance on the label above 0.001 % (leave-on) and
 * 0.01 % (rinse-off), as extended by Regulation (EU) 2023/1545 (81 entries). The groups are library
 * data (every member gets its entry's reference as allergenRef); the thresholds are the label's
 * (services/label/src/data/allergen-thresholds.json).
 *
 * Members are the INCI names an entry covers. CosIng's `chemical_name` column lists them for most
 * entries; REVIEW below corrects the entries where it is empty, not an INCI name, or incomplete,
 * each checked by hand against the entry text and the CosIng inventory. Run:
 *   npx tsx scripts/data/build-fragrance-allergens.ts
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { clean, readAnnex } from './cosing-csv';

const OUT = resolve(import.meta.dirname, '../../services/library/src/data/fragrance-allergens.json');

/** Hand-reviewed member lists, keyed by Annex III reference number. */
const REVIEW: Record<string, { members: string[]; why: string }> = {
  '70': { members: ['CITRAL', 'GERANIAL', 'NERAL'], why: 'entry covers citral and its isomers geranial and neral' },
  '84': { members: ['LINALOOL'], why: 'CosIng also lists allo-ocimenol isomers under this entry; they are not linalool' },
  '88': { members: ['LIMONENE', 'DIPENTENE', 'D-LIMONENE', 'L-LIMONENE'], why: 'racemate and enantiomers named in the entry' },
  '124': { members: ['TURPENTINE', 'TURPENTINE OIL', 'PINUS PALUSTRIS OIL'], why: 'turpentine gum, oil and steam-distilled turpentine' },
  '157': {
    members: ['ALPHA-DAMASCONE', 'DELTA-DAMASCONE', 'CIS-ROSE KETONE-1', 'TRANS-ROSE KETONE-1', 'CIS-ROSE KETONE-2', 'TRANS-ROSE KETONE-2', 'ROSE KETONE-3', 'TRANS-ROSE KETONE-3', 'ROSE KETONE-4', 'ROSE KETONES'],
    why: 'the rose ketones 1 to 4 named in the entry, under their CosIng INCI names',
  },
  '196': { members: ['LIPPIA CITRIODORA ABSOLUTE', 'LIPPIA CITRIODORA FLOWER/LEAF/STEM OIL', 'LIPPIA CITRIODORA LEAF OIL', 'LIPPIA CITRIODORA OIL'], why: 'verbena absolute and the verbena oils CosIng lists' },
  '330': { members: ['BENZALDEHYDE'], why: 'chemical_name column empty' },
  '332': { members: ['BETA-CARYOPHYLLENE'], why: 'INCI spelling' },
  '339': { members: ['TRIMETHYLCYCLOPENTENYL METHYLISOPENTENOL'], why: 'name as in the Regulation' },
  '368': { members: ['EUGENYL ACETATE'], why: 'INCI name of 2-methoxy-4-(2-propenyl)phenyl acetate' },
  '371': { members: ['PINENE', 'ALPHA-PINENE', 'BETA-PINENE'], why: 'alpha- and beta-pinene named in the entry' },
};

const LABELLING = /indicated[^]*?list of ingredients[^]*?0[.,]\s?001\s?%[^]*?leave-on[^]*?0[.,]\s?01\s?%[^]*?rinse-off/i;

function main(): void {
  const { rows, sha256, vintage } = readAnnex('cosing_annex_III.csv');
  const entries = [];
  for (const r of rows) {
    const all = Object.values(r).join('\n');
    if (!LABELLING.test(all)) continue;
    const ref = clean(r.reference_number);
    // Both columns name INCI forms (the second adds flower/leaf/stem variants the first lacks).
    const fromCsv = [...clean(r.chemical_name).split(','), ...clean(r.common_ingredients).split(/[;,]/)].filter((s) => clean(s) !== '-');
    const reviewed = REVIEW[ref];
    const members = [...new Set((reviewed ? reviewed.members : fromCsv).map((s) => clean(s).toUpperCase()).filter(Boolean))];
    const labelAs = /indicated as ['‘’"]([^'’"]+)['’"]/.exec(r.other ?? '')?.[1];
    entries.push({
      ref: `III/${ref}`,
      substance: clean(r.common_ingredients) || clean(r.inn),
      members,
      ...(labelAs ? { labelAs: clean(labelAs) } : {}),
      cas: clean(r.cas_number) || null,
      regulation: clean(r.regulation),
      ...(reviewed ? { review: reviewed.why } : {}),
    });
  }
  entries.sort((a, b) => Number(a.ref.slice(4)) - Number(b.ref.slice(4)));
  if (entries.length !== 81) throw new Error(`expected the 81 labelling entries of Regulation (EU) 2023/1545, found ${entries.length}`);
  const pack = {
    pack: 'library-fragrance-allergens',
    version: `annex-iii-allergens-${vintage}`,
    source: 'European Commission, CosIng',
    regulation: 'Regulation (EC) No 1223/2009, Annex III, as amended by Commission Regulation (EU) 2023/1545',
    vintage,
    file: 'cosing_annex_III.csv',
    sha256,
    note: "The Annex III labelling entries and the INCI names each covers. The library's catalogue makes every member an allergen with its entry's reference (allergenRef), served through Resolve; the label's thresholds are in services/label/src/data/allergen-thresholds.json. `labelAs` is the wording the Regulation gives for collective entries.",
    entries,
  };
  writeFileSync(OUT, `${JSON.stringify(pack, null, 2)}\n`);
  console.log(`wrote ${entries.length} entries (${entries.reduce((s, e) => s + e.members.length, 0)} names) to ${OUT}`);
}

main();
