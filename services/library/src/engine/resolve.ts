/**
 * Name resolution over an in-memory index: the one rule the library serves through Resolve, kept
 * pure so the test fixtures generated from the catalogue resolve exactly as the running service does.
 */
import type { Resolution } from '@svc/formula';
import { NAME_KINDS } from './catalogue';
import { normaliseName, stripControls, wordKey } from './keys';
import { SearchIndex, type IndexedIngredient, type IndexedName } from './search-index';
import type { CatalogueEntry } from './catalogue';

const KIND_RANK = new Map<string, number>(NAME_KINDS.map((k, i) => [k, i]));
export const SUGGESTIONS = 3;

/**
 * Resolves the names of a formula at once. Keys of the map are normaliseName(name); `n` is the name
 * as written, trimmed. A name matches an INCI name, a synonym, an INN/Ph. Eur. name or a trade name.
 * Curated (overlay) entries come first, because their synonyms are deliberate: WATER is an INCI
 * name of its own in the inventory, yet the overlay maps it to AQUA as domain.md requires. Then
 * INCI before synonym, INN and trade name, then the more common ingredient, then A–Z. Failing that,
 * the same name with its punctuation ignored ("PEG 100 STEARATE") when that points at exactly one
 * ingredient. A trade name resolves to the ingredient whose overlay entry lists it; opening the
 * blend into its components is the caller's business (the overlay's tradeNames[].blend). CAS
 * numbers do not resolve: one CAS often covers several INCI names. An unmatched name gets up to 3
 * suggestions, the first results of search.
 */
export function resolveWithIndex(index: SearchIndex, names: readonly unknown[]): Map<string, Resolution> {
  const out = new Map<string, Resolution>();
  for (const raw of names) {
    if (typeof raw !== 'string') continue;
    const clean = stripControls(raw);
    const key = normaliseName(clean);
    if (key.length === 0 || out.has(key)) continue;
    const n = raw.trim();
    const candidates = index.namesByKey(key);
    candidates.sort(
      (a, b) =>
        Number(b.curated) - Number(a.curated) ||
        (KIND_RANK.get(a.kind) ?? 9) - (KIND_RANK.get(b.kind) ?? 9) ||
        b.facts.common - a.facts.common ||
        (a.facts.inci < b.facts.inci ? -1 : a.facts.inci > b.facts.inci ? 1 : 0),
    );
    const loose = index.ingredientsByWordKey(wordKey(key));
    const hit = candidates[0]?.facts ?? (loose.length === 1 ? loose[0] : undefined);
    if (hit) out.set(key, { n, matched: true, facts: hit });
    else out.set(key, { n, matched: false, suggestions: index.search(key, SUGGESTIONS).hits.map((h) => h.facts.inci) });
  }
  return out;
}

/** The index the importer's rows would load, built straight from catalogue entries (no database). */
export function indexOfCatalogue(entries: readonly Pick<CatalogueEntry, 'facts' | 'names' | 'curated'>[]): SearchIndex {
  const ingredients: IndexedIngredient[] = [];
  const names: IndexedName[] = [];
  const seen = new Set<string>();
  entries.forEach((e, id) => {
    ingredients.push({ id, facts: e.facts, curated: e.curated });
    for (const n of e.names) {
      const nkey = normaliseName(n.name);
      // The names table holds one row per (ingredient, kind, key), as the import's ON CONFLICT keeps it.
      const k = `${id}\u0000${n.kind}\u0000${nkey}`;
      if (seen.has(k)) continue;
      seen.add(k);
      names.push({ ingredientId: id, kind: n.kind, nkey, wkey: wordKey(n.name) });
    }
  });
  return new SearchIndex(ingredients, names);
}
