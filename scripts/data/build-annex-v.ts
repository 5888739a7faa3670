/**
 * Builds services/preservation/src/data/annex-v.json, the reviewed preservative limits, from
 * cosing_annex_V.csv (and the banned parabens of cosing_annex_II.csv).
 *
 * The CSV's limits are free text, so the pack is a hand-reviewed overlay (REVIEWED below: members,
 * as-acid factors, limit per product type) that this script checks against the CSV: every limit
 * must appear among the concentrations the tolerant reader finds in that row, every member name
 * in the row's ingredient columns, or the build fails. Entries not reviewed (mercury compounds,
 * triclosan, climbazole, sulfites...) are left out on purpose: the engine reports a preservative it
 * has no reviewed limit for instead of guessing. Run:
 *   npx tsx scripts/data/build-annex-v.ts
 *
 * As-acid factors are M(acid) / M(salt or ester) × acid groups, from molar masses in g/mol
 * (benzoic acid 122.12, sorbic 112.13, dehydroacetic 168.15, 4-hydroxybenzoic 138.12,
 * salicylic 138.12, propionic 74.08, formic 46.03, undecylenic 184.28, chlorhexidine 505.45).
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { normaliseName } from '@svc/formula';
import { clean, readAnnex, readConcentrations } from './cosing-csv';

const OUT = resolve(import.meta.dirname, '../../services/preservation/src/data/annex-v.json');

type PT = 'leave_on' | 'rinse_off';
interface Member { n: string; asAcid?: number; ester?: string }
interface Reviewed {
  substance: string;
  members: Member[];
  /** What the limit is expressed as: the substance as such, or converted (as acid, as chlorhexidine...). */
  basis?: string;
  /** Limit per product type in %, or null where the product type is not permitted. */
  limits: Record<PT, number | null>;
  /** Limit per single ester with its salts (parabens, V/12). */
  perEster?: number;
  /** Law wording kept short, per product type; generated when absent. */
  text?: Partial<Record<PT, string>>;
  /** Also used for other purposes (exfoliant, solvent, conditioning): counted as a preservative only when the library files it under PR. */
  dualUse?: boolean;
  cationic?: boolean;
  isothiazolinone?: boolean;
  /** Weak organic acid: active only undissociated, so only below a pH (pKa + about 1, rounded to 0.5). */
  organicAcid?: { pKa: number; efficacyPhMax: number };
}

const REVIEWED: Record<string, Reviewed> = {
  '1': {
    substance: 'Benzoic acid and its sodium salt',
    members: [{ n: 'BENZOIC ACID', asAcid: 1 }, { n: 'SODIUM BENZOATE', asAcid: 0.847 }],
    basis: 'acid',
    limits: { rinse_off: 2.5, leave_on: 0.5 },
    text: { rinse_off: '2.5 % as acid in rinse-off products (EU Annex V/1)', leave_on: '0.5 % as acid in leave-on products (EU Annex V/1)' },
    organicAcid: { pKa: 4.2, efficacyPhMax: 5.5 },
  },
  '1a': {
    substance: 'Salts of benzoic acid other than sodium, and esters of benzoic acid',
    members: [
      { n: 'POTASSIUM BENZOATE', asAcid: 0.762 }, { n: 'CALCIUM BENZOATE', asAcid: 0.865 }, { n: 'AMMONIUM BENZOATE', asAcid: 0.878 },
      { n: 'MAGNESIUM BENZOATE', asAcid: 0.916 }, { n: 'MEA-BENZOATE', asAcid: 0.667 }, { n: 'METHYL BENZOATE', asAcid: 0.897 },
      { n: 'ETHYL BENZOATE', asAcid: 0.813 }, { n: 'PROPYL BENZOATE', asAcid: 0.744 }, { n: 'ISOPROPYL BENZOATE', asAcid: 0.744 },
      { n: 'BUTYL BENZOATE', asAcid: 0.685 }, { n: 'ISOBUTYL BENZOATE', asAcid: 0.685 }, { n: 'PHENYL BENZOATE', asAcid: 0.616 },
    ],
    basis: 'acid',
    limits: { rinse_off: 0.5, leave_on: 0.5 },
    dualUse: true,
    organicAcid: { pKa: 4.2, efficacyPhMax: 5.5 },
  },
  '2': {
    substance: 'Propionic acid and its salts',
    members: [
      { n: 'PROPIONIC ACID', asAcid: 1 }, { n: 'SODIUM PROPIONATE', asAcid: 0.771 }, { n: 'CALCIUM PROPIONATE', asAcid: 0.796 },
      { n: 'POTASSIUM PROPIONATE', asAcid: 0.66 }, { n: 'AMMONIUM PROPIONATE', asAcid: 0.813 }, { n: 'MAGNESIUM PROPIONATE', asAcid: 0.869 },
    ],
    basis: 'acid',
    limits: { rinse_off: 2, leave_on: 2 },
    organicAcid: { pKa: 4.87, efficacyPhMax: 5.5 },
  },
  '3': {
    substance: 'Salicylic acid and its salts',
    members: [
      { n: 'SALICYLIC ACID', asAcid: 1 }, { n: 'SODIUM SALICYLATE', asAcid: 0.863 }, { n: 'POTASSIUM SALICYLATE', asAcid: 0.784 },
      { n: 'CALCIUM SALICYLATE', asAcid: 0.879 }, { n: 'MAGNESIUM SALICYLATE', asAcid: 0.925 }, { n: 'MEA-SALICYLATE', asAcid: 0.693 },
      { n: 'TEA-SALICYLATE', asAcid: 0.481 },
    ],
    basis: 'acid',
    limits: { rinse_off: 0.5, leave_on: 0.5 },
    dualUse: true,
    organicAcid: { pKa: 2.97, efficacyPhMax: 4.5 },
  },
  '4': {
    substance: 'Sorbic acid (hexa-2,4-dienoic acid) and its salts',
    members: [{ n: 'SORBIC ACID', asAcid: 1 }, { n: 'POTASSIUM SORBATE', asAcid: 0.746 }, { n: 'SODIUM SORBATE', asAcid: 0.836 }, { n: 'CALCIUM SORBATE', asAcid: 0.855 }],
    basis: 'acid',
    limits: { rinse_off: 0.6, leave_on: 0.6 },
    organicAcid: { pKa: 4.76, efficacyPhMax: 6 },
  },
  '7': {
    substance: 'Biphenyl-2-ol (o-phenylphenol)',
    members: [{ n: 'O-PHENYLPHENOL' }],
    basis: 'phenol',
    limits: { leave_on: 0.15, rinse_off: 0.2 },
  },
  '11': { substance: 'Chlorobutanol', members: [{ n: 'CHLOROBUTANOL' }], limits: { leave_on: 0.5, rinse_off: 0.5 } },
  '12': {
    substance: '4-Hydroxybenzoic acid, its methyl and ethyl esters, and their salts',
    members: [
      { n: '4-HYDROXYBENZOIC ACID', asAcid: 1, ester: 'acid' }, { n: 'SODIUM PARABEN', asAcid: 0.863, ester: 'acid' },
      { n: 'POTASSIUM PARABEN', asAcid: 0.784, ester: 'acid' }, { n: 'CALCIUM PARABEN', asAcid: 0.879, ester: 'acid' },
      { n: 'METHYLPARABEN', asAcid: 0.908, ester: 'methyl' }, { n: 'SODIUM METHYLPARABEN', asAcid: 0.793, ester: 'methyl' },
      { n: 'POTASSIUM METHYLPARABEN', asAcid: 0.726, ester: 'methyl' }, { n: 'ETHYLPARABEN', asAcid: 0.831, ester: 'ethyl' },
      { n: 'SODIUM ETHYLPARABEN', asAcid: 0.734, ester: 'ethyl' }, { n: 'POTASSIUM ETHYLPARABEN', asAcid: 0.676, ester: 'ethyl' },
    ],
    basis: 'acid',
    perEster: 0.4,
    limits: { rinse_off: 0.8, leave_on: 0.8 },
    text: {
      leave_on: '0.4 % as acid for a single ester, 0.8 % as acid for mixtures of esters (EU Annex V/12)',
      rinse_off: '0.4 % as acid for a single ester, 0.8 % as acid for mixtures of esters (EU Annex V/12)',
    },
  },
  '12a': {
    substance: 'Butyl and propyl 4-hydroxybenzoate and their salts',
    members: [
      { n: 'PROPYLPARABEN', asAcid: 0.766 }, { n: 'BUTYLPARABEN', asAcid: 0.711 }, { n: 'SODIUM PROPYLPARABEN', asAcid: 0.683 },
      { n: 'SODIUM BUTYLPARABEN', asAcid: 0.639 }, { n: 'POTASSIUM PROPYLPARABEN', asAcid: 0.633 }, { n: 'POTASSIUM BUTYLPARABEN', asAcid: 0.595 },
    ],
    basis: 'acid',
    limits: { rinse_off: 0.14, leave_on: 0.14 },
    text: {
      leave_on: '0.14 % as acid for the sum of butyl- and propylparaben; 0.8 % as acid for all parabens together (EU Annex V/12a); not in leave-on products for the nappy area of children under three',
      rinse_off: '0.14 % as acid for the sum of butyl- and propylparaben; 0.8 % as acid for all parabens together (EU Annex V/12a)',
    },
  },
  '13': {
    substance: 'Dehydroacetic acid and its salts',
    members: [{ n: 'DEHYDROACETIC ACID', asAcid: 1 }, { n: 'SODIUM DEHYDROACETATE', asAcid: 0.886 }],
    basis: 'acid',
    limits: { rinse_off: 0.6, leave_on: 0.6 },
    organicAcid: { pKa: 5.27, efficacyPhMax: 6 },
  },
  '14': {
    substance: 'Formic acid and its sodium salt',
    members: [{ n: 'FORMIC ACID', asAcid: 1 }, { n: 'SODIUM FORMATE', asAcid: 0.677 }],
    basis: 'acid',
    limits: { rinse_off: 0.5, leave_on: 0.5 },
    dualUse: true,
    organicAcid: { pKa: 3.75, efficacyPhMax: 4.5 },
  },
  '15': { substance: 'Dibromohexamidine and its salts', members: [{ n: 'DIBROMOHEXAMIDINE ISETHIONATE' }], limits: { leave_on: 0.1, rinse_off: 0.1 }, cationic: true },
  '18': {
    substance: 'Undec-10-enoic acid and its salts',
    members: [
      { n: 'UNDECYLENIC ACID', asAcid: 1 }, { n: 'SODIUM UNDECYLENATE', asAcid: 0.893 }, { n: 'POTASSIUM UNDECYLENATE', asAcid: 0.829 },
      { n: 'CALCIUM UNDECYLENATE', asAcid: 0.906 }, { n: 'MEA-UNDECYLENATE', asAcid: 0.751 }, { n: 'TEA-UNDECYLENATE', asAcid: 0.553 },
    ],
    basis: 'acid',
    limits: { rinse_off: 0.2, leave_on: 0.2 },
    dualUse: true,
    organicAcid: { pKa: 4.8, efficacyPhMax: 6 },
  },
  '19': { substance: 'Hexetidine', members: [{ n: 'HEXETIDINE' }], limits: { leave_on: 0.1, rinse_off: 0.1 } },
  '20': {
    substance: '5-Bromo-5-nitro-1,3-dioxane',
    members: [{ n: '5-BROMO-5-NITRO-1,3-DIOXANE' }],
    limits: { rinse_off: 0.1, leave_on: null },
  },
  '21': { substance: 'Bronopol', members: [{ n: '2-BROMO-2-NITROPROPANE-1,3-DIOL' }], limits: { leave_on: 0.1, rinse_off: 0.1 } },
  '22': { substance: '2,4-Dichlorobenzyl alcohol', members: [{ n: 'DICHLOROBENZYL ALCOHOL' }], limits: { leave_on: 0.15, rinse_off: 0.15 } },
  '24': { substance: 'Chlorocresol', members: [{ n: 'P-CHLORO-M-CRESOL' }], limits: { leave_on: 0.2, rinse_off: 0.2 } },
  '26': { substance: 'Chloroxylenol', members: [{ n: 'CHLOROXYLENOL' }], limits: { leave_on: 0.5, rinse_off: 0.5 } },
  '27': { substance: 'Imidazolidinyl urea', members: [{ n: 'IMIDAZOLIDINYL UREA' }], limits: { leave_on: 0.6, rinse_off: 0.6 } },
  '28': { substance: 'Polyhexamethylene biguanide hydrochloride', members: [{ n: 'POLYAMINOPROPYL BIGUANIDE' }], limits: { leave_on: 0.1, rinse_off: 0.1 }, cationic: true },
  '29': { substance: '2-Phenoxyethanol', members: [{ n: 'PHENOXYETHANOL' }], limits: { leave_on: 1, rinse_off: 1 } },
  '30': { substance: 'Methenamine', members: [{ n: 'METHENAMINE' }], limits: { leave_on: 0.15, rinse_off: 0.15 } },
  '33': { substance: 'DMDM hydantoin', members: [{ n: 'DMDM HYDANTOIN' }], limits: { leave_on: 0.6, rinse_off: 0.6 } },
  '34': { substance: 'Benzyl alcohol', members: [{ n: 'BENZYL ALCOHOL' }], limits: { leave_on: 1, rinse_off: 1 }, dualUse: true },
  '35': {
    substance: 'Piroctone olamine',
    members: [{ n: 'PIROCTONE OLAMINE' }],
    limits: { rinse_off: 1, leave_on: 0.5 },
    dualUse: true,
  },
  '37': { substance: 'Bromochlorophene', members: [{ n: 'BROMOCHLOROPHENE' }], limits: { leave_on: 0.1, rinse_off: 0.1 } },
  '38': { substance: '4-Isopropyl-m-cresol', members: [{ n: 'O-CYMEN-5-OL' }], limits: { leave_on: 0.1, rinse_off: 0.1 } },
  '39': {
    substance: 'Mixture of methylchloroisothiazolinone and methylisothiazolinone (3:1)',
    members: [{ n: 'METHYLCHLOROISOTHIAZOLINONE (AND) METHYLISOTHIAZOLINONE' }, { n: 'METHYLCHLOROISOTHIAZOLINONE' }],
    limits: { rinse_off: 0.0015, leave_on: null },
    text: {
      rinse_off: '0.0015 % of the 3:1 mixture, rinse-off products only (EU Annex V/39)',
      leave_on: 'rinse-off products only; not permitted in leave-on products (EU Annex V/39)',
    },
    isothiazolinone: true,
  },
  '42': {
    substance: 'Chlorhexidine and its digluconate, diacetate and dihydrochloride',
    members: [
      { n: 'CHLORHEXIDINE', asAcid: 1 }, { n: 'CHLORHEXIDINE DIGLUCONATE', asAcid: 0.563 },
      { n: 'CHLORHEXIDINE DIACETATE', asAcid: 0.808 }, { n: 'CHLORHEXIDINE DIHYDROCHLORIDE', asAcid: 0.874 },
    ],
    basis: 'chlorhexidine',
    limits: { leave_on: 0.3, rinse_off: 0.3 },
    cationic: true,
  },
  '43': { substance: '1-Phenoxypropan-2-ol', members: [{ n: 'PHENOXYISOPROPANOL' }], limits: { rinse_off: 1, leave_on: null } },
  '44': {
    substance: 'Alkyl (C12-C22) trimethyl ammonium bromide and chloride',
    members: [
      { n: 'BEHENTRIMONIUM CHLORIDE' }, { n: 'CETRIMONIUM BROMIDE' }, { n: 'CETRIMONIUM CHLORIDE' }, { n: 'LAURTRIMONIUM BROMIDE' },
      { n: 'LAURTRIMONIUM CHLORIDE' }, { n: 'STEARTRIMONIUM BROMIDE' }, { n: 'STEARTRIMONIUM CHLORIDE' },
    ],
    limits: { leave_on: 0.1, rinse_off: 0.1 },
    dualUse: true,
    cationic: true,
  },
  '45': { substance: '4,4-Dimethyl-1,3-oxazolidine', members: [{ n: 'DIMETHYL OXAZOLIDINE' }], limits: { leave_on: 0.1, rinse_off: 0.1 } },
  '46': { substance: 'Diazolidinyl urea', members: [{ n: 'DIAZOLIDINYL UREA' }], limits: { leave_on: 0.5, rinse_off: 0.5 } },
  '47': {
    substance: 'Hexamidine and its salts',
    members: [{ n: 'HEXAMIDINE' }, { n: 'HEXAMIDINE DIISETHIONATE' }, { n: 'HEXAMIDINE DIPARABEN' }, { n: 'HEXAMIDINE PARABEN' }],
    limits: { leave_on: 0.1, rinse_off: 0.1 },
    cationic: true,
  },
  '48': { substance: 'Glutaraldehyde', members: [{ n: 'GLUTARAL' }], limits: { leave_on: 0.1, rinse_off: 0.1 } },
  '49': { substance: '5-Ethyl-3,7-dioxa-1-azabicyclo[3.3.0]octane', members: [{ n: '7-ETHYLBICYCLOOXAZOLIDINE' }], limits: { leave_on: 0.3, rinse_off: 0.3 } },
  '50': { substance: '3-(p-Chlorophenoxy)-propane-1,2-diol', members: [{ n: 'CHLORPHENESIN' }], limits: { leave_on: 0.3, rinse_off: 0.3 } },
  '51': { substance: 'Sodium hydroxymethylamino acetate', members: [{ n: 'SODIUM HYDROXYMETHYLGLYCINATE' }], limits: { leave_on: 0.5, rinse_off: 0.5 } },
  '53': { substance: 'Benzethonium chloride', members: [{ n: 'BENZETHONIUM CHLORIDE' }], limits: { leave_on: 0.1, rinse_off: 0.1 }, cationic: true },
  '54': {
    substance: 'Benzalkonium chloride, bromide and saccharinate',
    members: [{ n: 'BENZALKONIUM CHLORIDE' }, { n: 'BENZALKONIUM BROMIDE' }, { n: 'BENZALKONIUM SACCHARINATE' }],
    basis: 'benzalkonium chloride',
    limits: { leave_on: 0.1, rinse_off: 0.1 },
    cationic: true,
  },
  '55': { substance: 'Benzylhemiformal', members: [{ n: 'BENZYLHEMIFORMAL' }], limits: { rinse_off: 0.15, leave_on: null } },
  '56': {
    substance: '3-Iodo-2-propynylbutylcarbamate',
    members: [{ n: 'IODOPROPYNYL BUTYLCARBAMATE' }],
    limits: { rinse_off: 0.02, leave_on: 0.01 },
    text: {
      rinse_off: '0.02 % in rinse-off products (EU Annex V/56); not in oral or lip products',
      leave_on: '0.01 % in leave-on products, 0.0075 % in deodorants (EU Annex V/56); not in body lotions or creams, oral or lip products',
    },
  },
  '57': {
    substance: '2-Methyl-2H-isothiazol-3-one',
    members: [{ n: 'METHYLISOTHIAZOLINONE' }],
    limits: { rinse_off: 0.0015, leave_on: null },
    text: {
      rinse_off: '0.0015 % in rinse-off products only (EU Annex V/57)',
      leave_on: 'rinse-off products only; not permitted in leave-on products (EU Annex V/57)',
    },
    isothiazolinone: true,
  },
  '58': { substance: 'Ethyl lauroyl arginate HCl', members: [{ n: 'ETHYL LAUROYL ARGINATE HCL' }], limits: { leave_on: 0.4, rinse_off: 0.4 }, cationic: true },
  '59': { substance: 'Citric acid and silver citrate', members: [{ n: 'CITRIC ACID (AND) SILVER CITRATE' }], limits: { leave_on: 0.2, rinse_off: 0.2 } },
  '60': { substance: 'Hydroxyethoxyphenyl butanone (HEPB)', members: [{ n: 'HYDROXYETHOXYPHENYL BUTANONE' }], limits: { leave_on: 0.7, rinse_off: 0.7 } },
};

/** Regulation (EU) No 358/2014 moved these parabens to Annex II. */
const BANNED_PARABENS: Record<string, string[]> = {
  '1374': ['ISOPROPYLPARABEN', 'SODIUM ISOPROPYLPARABEN'],
  '1375': ['ISOBUTYLPARABEN', 'SODIUM ISOBUTYLPARABEN'],
  '1376': ['PHENYLPARABEN'],
  '1377': ['BENZYLPARABEN'],
  '1378': ['PENTYLPARABEN'],
};

const PT_WORDS: Record<PT, string> = { leave_on: 'leave-on', rinse_off: 'rinse-off' };

function pct(v: number): string {
  return Number.isInteger(v) ? v.toFixed(1) : String(v);
}

function limitText(ref: string, e: Reviewed, pt: PT): string {
  const given = e.text?.[pt];
  if (given) return given;
  const max = e.limits[pt];
  const other: PT = pt === 'leave_on' ? 'rinse_off' : 'leave_on';
  if (max === null) return `${PT_WORDS[other]} products only; not permitted in ${PT_WORDS[pt]} products (EU Annex V/${ref})`;
  const basis = e.basis ? ` as ${e.basis}` : '';
  const scope = e.limits[other] === max ? '' : ` in ${PT_WORDS[pt]} products`;
  return `${pct(max)} %${basis}${scope} (EU Annex V/${ref})`;
}

function main(): void {
  const annex = readAnnex('cosing_annex_V.csv');
  const byRef = new Map(annex.rows.map((r) => [clean(r.reference_number), r]));
  const problems: string[] = [];
  const entries = [];
  for (const [ref, e] of Object.entries(REVIEWED)) {
    const row = byRef.get(ref);
    if (!row) {
      problems.push(`V/${ref}: not in the CSV`);
      continue;
    }
    const found = readConcentrations(row.maximum_concentration ?? '').map((c) => c.value);
    for (const v of [...Object.values(e.limits), e.perEster]) {
      if (typeof v === 'number' && !found.some((f) => Math.abs(f - v) < 1e-9)) problems.push(`V/${ref}: limit ${v} not found in "${clean(row.maximum_concentration)}"`);
    }
    const names = normaliseName([row.common_ingredients, row.chemical_name, row.identified_ingredients, row.inn].join(' / ').replace(/\u00ad/g, ''));
    for (const m of e.members) {
      const bare = m.n.replace(' (AND) ', ' AND ');
      if (!names.includes(bare) && !names.includes(m.n)) console.log(`note V/${ref}: member ${m.n} is not spelled out in the CSV row (reviewed by hand)`);
    }
    entries.push({
      ref: `V/${ref}`,
      substance: e.substance,
      members: e.members.map((m) => ({ n: m.n, ...(m.asAcid !== undefined ? { asAcid: m.asAcid } : {}), ...(m.ester ? { ester: m.ester } : {}) })),
      basis: e.basis ?? null,
      limits: {
        leave_on: { max: e.limits.leave_on, text: limitText(ref, e, 'leave_on') },
        rinse_off: { max: e.limits.rinse_off, text: limitText(ref, e, 'rinse_off') },
      },
      ...(e.perEster !== undefined ? { perEster: e.perEster } : {}),
      dualUse: e.dualUse === true,
      cationic: e.cationic === true,
      isothiazolinone: e.isothiazolinone === true,
      organicAcid: e.organicAcid ?? null,
      csv: { product_type: clean(row.product_type), maximum_concentration: clean(row.maximum_concentration) },
    });
  }
  const annexII = readAnnex('cosing_annex_II.csv');
  const prohibited = [];
  for (const [ref, names] of Object.entries(BANNED_PARABENS)) {
    const row = annexII.rows.find((r) => clean(r.reference_number) === ref);
    if (!row || !/paraben/i.test(row.inn ?? '')) problems.push(`II/${ref}: not the paraben entry expected`);
    for (const n of names) prohibited.push({ n, ref: `II/${ref}`, text: `prohibited (EU Annex II/${ref}, Regulation (EU) No 358/2014)` });
  }
  if (problems.length) throw new Error(`review does not match the CSV:\n${problems.join('\n')}`);
  const pack = {
    version: `annex-v-${annex.vintage}`,
    source: 'European Commission, CosIng',
    regulation: 'Regulation (EC) No 1223/2009, Annex V (preservatives) and Annex II (prohibited substances)',
    vintage: annex.vintage,
    files: { annexV: { file: 'cosing_annex_V.csv', sha256: annex.sha256 }, annexII: { file: 'cosing_annex_II.csv', sha256: annexII.sha256 } },
    note: 'Hand-reviewed subset of Annex V; limits in % of the finished product; `basis` tells how a salt or ester is converted (factor `asAcid` per member). Amendments after the vintage are missing.',
    entries,
    groups: [
      {
        id: 'parabens',
        refs: ['V/12', 'V/12a'],
        max: 0.8,
        text: '0.8 % as acid for mixtures of the parabens of entries 12 and 12a (EU Annex V/12, V/12a)',
      },
    ],
    prohibited,
  };
  writeFileSync(OUT, `${JSON.stringify(pack, null, 2)}\n`);
  console.log(`wrote ${entries.length} reviewed entries and ${prohibited.length} prohibited names to ${OUT}`);
}

main();
