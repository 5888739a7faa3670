/** gRPC handlers of the library service: translate, call the store, encode. */
import type { IngredientFacts } from '@svc/formula';
import { GrpcServer, SvcError, callerGone, unary, type Bus, type Logger, type Sql } from '@svc/kit';
import { QUALIFIED, factsToProto, proto, resolutionToProto, publishEvent } from '@svc/protos';
import type { DecideRequest__Output } from '@svc/protos/gen/svc/v1/DecideRequest';
import type { Ingredient } from '@svc/protos/gen/svc/v1/Ingredient';
import type { ListSubmissionsRequest__Output } from '@svc/protos/gen/svc/v1/ListSubmissionsRequest';
import type { ListSubmissionsResponse } from '@svc/protos/gen/svc/v1/ListSubmissionsResponse';
import type { Meta } from '@svc/protos/gen/svc/v1/Meta';
import type { ResolveRequest__Output } from '@svc/protos/gen/svc/v1/ResolveRequest';
import type { ResolveResponse } from '@svc/protos/gen/svc/v1/ResolveResponse';
import type { SearchRequest__Output } from '@svc/protos/gen/svc/v1/SearchRequest';
import type { SearchResponse } from '@svc/protos/gen/svc/v1/SearchResponse';
import type { Submission } from '@svc/protos/gen/svc/v1/Submission';
import type { SubmitRequest__Output } from '@svc/protos/gen/svc/v1/SubmitRequest';
import * as store from './store';

/** Names per Resolve call: a formula has at most 200 lines of at most 50 components. */
const MAX_RESOLVE = 2_000;

const resultToProto = (r: store.SearchResult): Ingredient => ({
  inci: r.n,
  c: r.c,
  ...(r.up === null ? {} : { up: r.up }),
  fn: r.fn,
  cas: r.cas ?? '',
  refs: r.refs,
  allergen: r.allergen,
  nano: r.nano,
});

const submissionToProto = (s: store.StoredSubmission, extra: Partial<Submission> = {}): Submission => ({
  id: String(s.id),
  inci: s.inci,
  cas: s.cas ?? '',
  functions: s.functions,
  note: s.note ?? '',
  status: s.status,
  times: s.count,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
  reason: s.reason ?? '',
  accountId: s.accountId,
  ...extra,
});

export function libraryServer(deps: { sql: Sql; bus: Bus; log: Logger }): GrpcServer {
  const { sql, bus, log } = deps;
  const server = new GrpcServer('library', log);
  server.add(QUALIFIED.library, proto.library.service, {
    Search: unary<SearchRequest__Output, SearchResponse>(log, async (req) => {
      const page = await store.search(sql, req.q);
      return { total: page.total, results: page.results.map(resultToProto) };
    }),

    Resolve: unary<ResolveRequest__Output, ResolveResponse>(log, async (req) => {
      if (req.names.length > MAX_RESOLVE) throw SvcError.invalid(`names: at most ${MAX_RESOLVE} per call`);
      const map = await store.resolve(sql, req.names);
      return { resolutions: [...map.values()].map(resolutionToProto) };
    }),

    Submit: unary<SubmitRequest__Output, Submission>(log, async (req, call) => {
      const accountId = req.caller?.accountId;
      if (!accountId) throw SvcError.invalid('caller: the account is required');
      const input: Record<string, unknown> = { inci: req.inci };
      if (req.cas) input.cas = req.cas;
      if (req.functions.length) input.functions = req.functions;
      if (req.note) input.note = req.note;
      const r = await store.submit(sql, accountId, input, req.idempotencyKey || undefined, () => callerGone(call));
      return submissionToProto(r.submission, { merged: r.merged, existing: r.existing ?? "" });
    }),

    ListSubmissions: unary<ListSubmissionsRequest__Output, ListSubmissionsResponse>(log, async (req) => {
      const status = req.status || undefined;
      if (status && !['pending', 'approved', 'rejected'].includes(status)) throw SvcError.invalid('status: must be pending, approved or rejected');
      const page = await store.submissionPage(sql, {
        status: status as store.ListOptions['status'],
        accountId: req.accountId || undefined,
        ...(req.limit ? { limit: req.limit } : {}),
        ...(req.cursor ? { cursor: req.cursor } : {}),
      });
      return { submissions: page.submissions.map((s) => submissionToProto(s)), total: page.total, nextCursor: page.next ?? '' };
    }),

    Decide: unary<DecideRequest__Output, Submission>(log, async (req) => {
      const id = Number(req.id);
      if (!Number.isSafeInteger(id) || id <= 0) throw SvcError.invalid('id: must be a submission id');
      if (req.decision !== 'approve' && req.decision !== 'reject') throw SvcError.invalid('decision: must be approve or reject');
      const r = await store.decideSubmission(sql, id, req.decision, req.reason || undefined);
      // Compute services drop their resolution caches on this; the id makes a retried publish one event.
      if (r.added) await publishEvent(bus, 'library.updated', { reason: 'submission_approved', inci: r.submission.inci }, { id: `library.updated:submission:${id}` });
      return submissionToProto(r.submission, { added: r.added });
    }),

    GetMeta: unary<unknown, Meta>(log, async () => {
      const m = await store.getMeta(sql);
      if (!m) throw SvcError.notFound('the catalogue is not loaded');
      return {
        cosingVintage: m.cosingVintage,
        dataVersion: m.dataVersion,
        overlayVersion: m.overlayVersion,
        ingredients: m.ingredients,
        source: m.source,
        annexVintage: m.annexVintage ?? '',
        categoryMapVersion: m.categoryMapVersion,
        names: m.names,
        loadedAt: m.loadedAt,
      };
    }),
  });
  return server;
}

export type { IngredientFacts };
export { factsToProto };
