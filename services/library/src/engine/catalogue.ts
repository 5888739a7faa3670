/**
 * The catalogue the library serves, built from the CosIng inventory, the annexes and the curated
 * overlay. Pure: the importer reads the files and writes the result; this decides what it says.
 *
 * Precedence (domain.md section 1): an overlay entry decides category, use level, ionic character,
 * the other curated numbers and the flags; CosIng gives functions, CAS and annex references; an
 * ingredient without an overlay entry gets its category from the category map over its functions
 * and its flags from the annexes.
 */
import type { IngredientFacts } from '@svc/formula';
import {
  CI_NAME,
  categoryFromFunctions,
  overlayToFacts,
  valenceFromName,
  parseCas,
  parseRefs,
  splitFunctions,
  type CategoryMap,
  type ColourNames,
  type CosingRow,
  type FragranceAllergens,
  type Vocabulary,
  type Overlay,
} from '../data/overlay';
import { isAllergenEntry, isConditionalProhibition, NANO_RE, namesInEntry, refOf, type AnnexEntry } from './annex';
import { normaliseName } from './keys';

/** Where a name of an ingredient comes from; resolution prefers them in this order. */
export const NAME_KINDS = ['inci', 'synonym', 'inn', 'trade', 'cas'] as const;
export type NameKind = (typeof NAME_KINDS)[number];

export interface CatalogueName {
  name: string;
  kind: NameKind;
}

export interface CatalogueEntry {
  facts: IngredientFacts;
  names: CatalogueName[];
  /** CosIng reference number, null for overlay-only entries. */
  cosingRef: string | null;
  curated: boolean;
  /** The flags the annexes imply, kept beside the overlay's for cross-checking the curation. */
  annexFlags: AnnexFlags;
}

export type AnnexFlags = Pick<IngredientFacts, 'allergen' | 'colourant' | 'uvFilter' | 'prohibited' | 'nano'>;

export interface FullCosingRow extends CosingRow {
  cosing_ref_no?: string | null;
  inn_name?: string | null;
  ph_eur_name?: string | null;
}

interface Draft {
  inci: string;
  key: string;
  cosingRef: string | null;
  fn: string[];
  cas: string[];
  refs: string[];
  restriction: string;
  inn: string[];
}

/** INN and Ph. Eur. names carry registry annotations ("Hyaluronate Sodium [USAN:JAN]") that nobody types. */
function cleanAltName(raw: string | null | undefined): string | null {
  const s = (raw ?? '')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\((INN|USAN|JAN|BAN|DCF|INNM|RIFM|EP)\)/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return s.length >= 2 && s.length <= 200 && s !== '-' ? s : null;
}

const pushUnique = <T>(list: T[], ...items: T[]): void => {
  for (const x of items) if (!list.includes(x)) list.push(x);
};

export interface BuildInput {
  cosing: readonly FullCosingRow[];
  annexes: readonly AnnexEntry[];
  overlay: Overlay;
  map: CategoryMap;
  colourNames: ColourNames;
  vocabulary: Vocabulary;
  allergens: FragranceAllergens;
}

export interface BuildResult {
  entries: CatalogueEntry[];
  /** Annex entries that name no inventory ingredient (for the import log). */
  unmatchedAnnexEntries: number;
}

export function buildCatalogue({ cosing, annexes, overlay, map, colourNames, vocabulary, allergens }: BuildInput): BuildResult {
  // 1. The inventory, one draft per normalised INCI name (the file repeats a few names).
  const drafts = new Map<string, Draft>();
  for (const row of cosing) {
    const inci = (row.inci_name ?? '').trim().replace(/\s+/g, ' ');
    const key = normaliseName(inci);
    if (key.length === 0) continue;
    let d = drafts.get(key);
    if (!d) {
      d = { inci: key, key, cosingRef: row.cosing_ref_no?.trim() || null, fn: [], cas: [], refs: [], restriction: '', inn: [] };
      drafts.set(key, d);
    }
    pushUnique(d.fn, ...splitFunctions(row.function));
    pushUnique(d.cas, ...parseCas(row.cas_no));
    pushUnique(d.refs, ...parseRefs(row.restriction));
    d.restriction = [d.restriction, row.restriction ?? ''].join(' ').trim();
    for (const alt of [cleanAltName(row.inn_name), cleanAltName(row.ph_eur_name)]) {
      if (alt && normaliseName(alt) !== key) pushUnique(d.inn, alt);
    }
  }

  // 2. Overlay entries that CosIng lacks still become drafts, so that annex flags can reach them.
  for (const o of overlay.entries) {
    const key = normaliseName(o.inci);
    if (!drafts.has(key)) drafts.set(key, { inci: key, key, cosingRef: null, fn: [], cas: [], refs: [], restriction: '', inn: [] });
  }

  // 3. Annex entries: which inventory names each one covers.
  const byRef = new Map<string, { entries: { entry: AnnexEntry; named: Set<string> }[]; named: Set<string> }>();
  const matched = new Map<string, { refs: string[]; nano: boolean }>();
  let unmatchedAnnexEntries = 0;
  for (const e of annexes) {
    const ref = refOf(e);
    let slot = byRef.get(ref);
    if (!slot) byRef.set(ref, (slot = { entries: [], named: new Set() }));
    const named = namesInEntry(e, (k) => drafts.has(k));
    slot.entries.push({ entry: e, named: new Set(named.map((n) => n.key)) });
    if (named.length === 0) unmatchedAnnexEntries++;
    for (const { key, nano } of named) {
      slot.named.add(key);
      let m = matched.get(key);
      if (!m) matched.set(key, (m = { refs: [], nano: false }));
      pushUnique(m.refs, ref);
      // A "(nano)" entry in Annex II bans the nano form; only IV and VI entries make it eligible.
      if ((nano || NANO_RE.test(e.title)) && (e.annex === 'IV' || e.annex === 'VI')) m.nano = true;
    }
  }

  /**
   * The 2021 inventory cites annex numbers of its day; some have since been reused or deleted
   * (III/196 was HC BLUE NO. 11 and is now verbena absolute; VI/10 on SODIUM IODATE dates from
   * the old Directive, where Annex VI listed preservatives). An inventory reference is kept only
   * when the current annex still has that entry and the entry names this ingredient or names no
   * inventory ingredient at all; the current annexes' own naming always counts.
   */
  const referencesOf = (d: Draft): string[] => {
    const refs = [...(matched.get(d.key)?.refs ?? [])];
    for (const r of d.refs) {
      const slot = byRef.get(r);
      if (slot && (slot.named.has(d.key) || slot.entries.some((x) => x.named.size === 0))) pushUnique(refs, r);
    }
    return refs.sort(compareRefs);
  };
  const annexOf = (r: string): string => r.slice(0, r.indexOf('/'));
  /** The entries behind a reference for this ingredient: a file can carry one number twice. */
  const entriesOf = (r: string, key: string): AnnexEntry[] => {
    const all = byRef.get(r)?.entries ?? [];
    const naming = all.filter((x) => x.named.has(key));
    return (naming.length > 0 ? naming : all.filter((x) => x.named.size === 0)).map((x) => x.entry);
  };

  // 4. Facts per ingredient.
  const overlayByKey = new Map(overlay.entries.map((o) => [normaliseName(o.inci), o]));
  // vocabulary.json: every spelling of water and fragrance is a curated name of its ingredient.
  const spellingsOf = new Map(vocabulary.words.map((w) => [normaliseName(w.inci), w.spellings]));
  // fragrance-allergens.json: a member of an Annex III labelling entry is an allergen summed with
  // the other members of its entry, so every service reads the group from the facts.
  const allergenRefOf = new Map(allergens.entries.flatMap((e) => e.members.map((m) => [normaliseName(m), e.ref] as const)));
  const entries: CatalogueEntry[] = [];
  for (const d of drafts.values()) {
    const refs = referencesOf(d);
    // "II/358" alone says nothing of the furocoumarin entry's "except for normal content in natural
    // essences": a prohibition counts only when neither the inventory nor the annex entry limits it.
    const prohibitedByAnnexII =
      !isConditionalProhibition(d.restriction) &&
      refs.some((r) => annexOf(r) === 'II' && entriesOf(r, d.key).every((e) => !isConditionalProhibition(e.title)));
    const cosingFacts = {
      refs,
      fn: d.fn,
      cas: d.cas[0] ?? null,
      allergen: refs.some((r) => annexOf(r) === 'III' && entriesOf(r, d.key).some(isAllergenEntry)),
      colourant: refs.some((r) => annexOf(r) === 'IV') || CI_NAME.test(d.key),
      uvFilter: refs.some((r) => annexOf(r) === 'VI'),
      prohibited: prohibitedByAnnexII,
      nano: (matched.get(d.key)?.nano ?? false) || NANO_RE.test(d.restriction),
    };
    const o = overlayByKey.get(d.key);
    // colour-names.json: a CI number is the colourant; another name of the same substance is the
    // ingredient in its other functions and sorts where its category puts it.
    const isCiName = CI_NAME.test(d.key);
    const usColourName = isCiName ? (colourNames.names[d.key] ?? null) : null;
    const names: CatalogueName[] = [{ name: d.inci, kind: 'inci' }];
    let facts: IngredientFacts;
    if (o) {
      const row: CosingRow = { inci_name: d.inci, cas_no: d.cas.join(', '), restriction: d.restriction, function: d.fn.join(', ') };
      // The overlay's own fields win; the annex-derived references complete CosIng's 2021 ones.
      facts = { ...overlayToFacts(o, row), refs, fn: d.fn };
      for (const s of [...(spellingsOf.get(d.key) ?? []), ...o.synonyms]) names.push({ name: s, kind: 'synonym' });
      if (o.usName) names.push({ name: o.usName, kind: 'synonym' });
      for (const t of o.tradeNames) names.push({ name: t.name, kind: 'trade' });
    } else {
      const c = isCiName ? 'PI' : categoryFromFunctions(d.fn, map, { inci: d.inci });
      facts = {
        inci: d.inci,
        usName: usColourName,
        c,
        up: null,
        ionic: null,
        valence: c === 'EL' ? valenceFromName(d.inci, map) : null,
        asAcid: null,
        ...cosingFacts,
        colourant: isCiName,
        allergenRef: null,
        common: 0,
      };
      if (usColourName) names.push({ name: usColourName, kind: 'synonym' });
    }
    for (const n of d.inn) names.push({ name: n, kind: 'inn' });
    for (const c of d.cas) names.push({ name: c, kind: 'cas' });
    const { allergen, colourant, uvFilter, prohibited, nano } = cosingFacts;
    const allergenRef = allergenRefOf.get(d.key) ?? null;
    facts = { ...facts, allergen: facts.allergen || allergenRef !== null, allergenRef };
    entries.push({
      facts,
      names: dedupeNames(names),
      cosingRef: d.cosingRef,
      curated: o !== undefined,
      annexFlags: { allergen, colourant, uvFilter, prohibited, nano },
    });
  }
  return { entries, unmatchedAnnexEntries };
}

/** One row per (normalised name, kind), keeping the first spelling. */
function dedupeNames(names: CatalogueName[]): CatalogueName[] {
  const seen = new Set<string>();
  return names.filter((n) => {
    const k = `${n.kind}\u0000${normaliseName(n.name)}`;
    if (seen.has(k) || normaliseName(n.name).length === 0) return false;
    seen.add(k);
    return true;
  });
}

const ANNEX_ORDER: Record<string, number> = { II: 2, III: 3, IV: 4, V: 5, VI: 6 };

/** Orders "III/88" before "III/167" before "V/29". */
export function compareRefs(a: string, b: string): number {
  const [aa = '', ar = ''] = a.split('/');
  const [ba = '', br = ''] = b.split('/');
  return (ANNEX_ORDER[aa] ?? 9) - (ANNEX_ORDER[ba] ?? 9) || parseInt(ar, 10) - parseInt(br, 10) || ar.localeCompare(br);
}
