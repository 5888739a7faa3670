/**
 * Matching keys for ingredient names. Every stored name carries two keys computed here, and every
 * query is turned into the same two keys, so that the database compares like with like.
 */
import { normaliseName, wordKey } from '@svc/formula';

// Both keys live beside the line schema, so that the regulatory packs match names as the library does.
export { normaliseName, wordKey };

/** Both keys of a search query; `words` is the word key without its frame. */
export interface QueryKeys {
  /** normaliseName(q) */
  exact: string;
  /** Word key of q without the surrounding spaces ("" when q has no letter or digit). */
  words: string;
}

export function queryKeys(q: string): QueryKeys {
  return { exact: normaliseName(q), words: wordKey(q).trim() };
}

/** Escapes LIKE's wildcards and its escape character, for patterns built from user text. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const CAS_RE = /^\d{2,7}-\d{2}-\d$/;

/** True when the whole (trimmed) query is a CAS registry number such as 56-81-5. */
export function isCas(q: string): boolean {
  return CAS_RE.test(q.trim());
}

/** Control characters (C0, DEL, C1) never belong in a name; they are dropped from queries. */
export function stripControls(s: string): string {
  return s.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
}
