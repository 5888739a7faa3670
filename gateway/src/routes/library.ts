/** Ingredient library routes: translate HTTP to the library service and back. */
import type { Ingredient__Output } from '@svc/protos/gen/svc/v1/Ingredient';
import type { Meta__Output } from '@svc/protos/gen/svc/v1/Meta';
import type { SearchResponse__Output } from '@svc/protos/gen/svc/v1/SearchResponse';
import type { Submission__Output } from '@svc/protos/gen/svc/v1/Submission';
import type { ListSubmissionsResponse__Output } from '@svc/protos/gen/svc/v1/ListSubmissionsResponse';
import { LONE_SURROGATE, normaliseName, SubmissionSchema } from '@svc/formula';
import { TtlCache } from '../cache';
import type { UsageCache } from '../usage';
import { Router } from 'express';
import { rpc, type Clients } from '../clients';
import { invalid } from '../errors';
import { bodyOf, callerOf, orNull, queryString } from './util';

export const Q_MIN = 2;
export const Q_MAX = 100;

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

const submissionJson = (s: Submission__Output) => ({
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

/** Search answers, shared by every account (they are public), dropped on svc.library.updated. */
export type SearchCache = TtlCache<{ total: number; results: ReturnType<typeof publicEntry>[] }>;
export const newSearchCache = (): SearchCache => new TtlCache(60_000, 10_000);

export function libraryRoutes(clients: Clients, searches: SearchCache, usage: UsageCache): Router {
  const r = Router();
  r.get('/lib/search', async (req, res) => {
    const raw = queryString(req, 'q');
    const q = (raw ?? '').trim();
    // The length counts what is searched: accents fold away, so "a" with 99 combining marks is one letter.
    const key = normaliseName(q);
    const problem =
      raw === undefined ? 'is required: the text to search for (2 to 100 characters)'
      : q.length > Q_MAX ? `must be at most ${Q_MAX} characters`
      : key.length < Q_MIN ? `must be at least ${Q_MIN} characters`
      : /[\u0000-\u001f\u007f]/.test(q) ? 'must not contain control characters'
      : LONE_SURROGATE.test(q) ? 'must be valid Unicode text'
      : null;
    if (problem) throw invalid([{ field: 'q', message: problem }]);
    // The library folds case and accents the same way, so one entry serves every spelling of q.
    let page = searches.get(key);
    const u = usage.get(req.account!.id, req.id);
    if (!page) {
      const out = await rpc<SearchResponse__Output>(clients, 'library', 'Search', { q, caller: callerOf(req) }, { idempotent: true, requestId: req.id });
      page = { total: out.total, results: out.results.map(publicEntry) };
      searches.set(key, page);
    }
    res.json({ ...page, usage: await u });
  });

  r.post('/lib/submissions', async (req, res) => {
    const body = bodyOf(req, SubmissionSchema);
    const s = await rpc<Submission__Output>(clients, 'library', 'Submit', { caller: callerOf(req), inci: body.inci, cas: body.cas ?? '', functions: body.functions ?? [], note: body.note ?? '' }, { requestId: req.id });
    res.status(s.merged ? 200 : 201).json({ ...submissionJson(s), merged: s.merged, existing: orNull(s.existing), usage: await usage.get(req.account!.id, req.id) });
  });

  r.get('/lib/submissions', async (req, res) => {
    const out = await rpc<ListSubmissionsResponse__Output>(clients, 'library', 'ListSubmissions', { accountId: req.account!.id }, { idempotent: true, requestId: req.id });
    res.json({ submissions: out.submissions.map(submissionJson), usage: await usage.get(req.account!.id, req.id) });
  });

  r.get('/lib/meta', async (req, res) => {
    const m = await rpc<Meta__Output>(clients, 'library', 'GetMeta', {}, { idempotent: true, requestId: req.id });
    res.json({ source: m.source, cosingVintage: m.cosingVintage, annexVintage: orNull(m.annexVintage), dataVersion: m.dataVersion, overlayVersion: m.overlayVersion, categoryMapVersion: m.categoryMapVersion, ingredients: m.ingredients, names: m.names, loadedAt: m.loadedAt });
  });
  return r;
}
