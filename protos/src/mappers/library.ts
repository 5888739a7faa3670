/** The library's messages as the API's JSON: search results, submissions, the data vintage. */
import type { Ingredient__Output } from '../../gen/svc/v1/Ingredient';
import type { Meta__Output } from '../../gen/svc/v1/Meta';
import type { Submission__Output } from '../../gen/svc/v1/Submission';

/** Proto strings default to ""; the API says null for "none". */
export const orNull = (s: string | null | undefined): string | null => (s ? s : null);

/** The public fields of a library entry (domain.md section 1); nothing internal. */
export const publicEntry = (i: Ingredient__Output) => ({
  n: i.inci,
  c: i.c,
  up: i.up ?? null,
  fn: i.fn,
  cas: orNull(i.cas),
  refs: i.refs,
  allergen: i.allergen,
  nano: i.nano,
});
export type PublicEntry = ReturnType<typeof publicEntry>;

export const submissionJson = (s: Submission__Output) => ({
  id: s.id,
  inci: s.inci,
  cas: orNull(s.cas),
  functions: s.functions,
  note: orNull(s.note),
  status: s.status,
  times: s.times,
  reason: orNull(s.reason),
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
});

export const metaJson = (m: Meta__Output) => ({
  source: m.source,
  cosingVintage: m.cosingVintage,
  annexVintage: orNull(m.annexVintage),
  dataVersion: m.dataVersion,
  overlayVersion: m.overlayVersion,
  categoryMapVersion: m.categoryMapVersion,
  ingredients: m.ingredients,
  names: m.names,
  loadedAt: m.loadedAt,
});
