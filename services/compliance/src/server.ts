/** gRPC handlers of the compliance service: validate, call the ledger, encode; nothing else. */
import { GrpcServer, SvcError, complianceRefusals, unary, type Logger, type OutboxRelay, type Sql } from '@svc/kit';
import { QUALIFIED, proto } from '@svc/protos';
import type { LiftRequest__Output } from '@svc/protos/gen/svc/v1/LiftRequest';
import type { ListRefusalsRequest__Output } from '@svc/protos/gen/svc/v1/ListRefusalsRequest';
import type { ListRefusalsResponse } from '@svc/protos/gen/svc/v1/ListRefusalsResponse';
import type { RecordRefusalRequest__Output } from '@svc/protos/gen/svc/v1/RecordRefusalRequest';
import type { RefusalOutcome } from '@svc/protos/gen/svc/v1/RefusalOutcome';
import type { ScreenRequest__Output } from '@svc/protos/gen/svc/v1/ScreenRequest';
import type { ScreenResponse } from '@svc/protos/gen/svc/v1/ScreenResponse';
import type { Standing } from '@svc/protos/gen/svc/v1/Standing';
import type { StandingRequest__Output } from '@svc/protos/gen/svc/v1/StandingRequest';
import { Classifier, subjectOf } from '@svc/screening';
import { TELL_YOUR_USER } from './messages';
import * as store from './store';

const SHA256_HEX = /^[0-9a-f]{64}$/;
const RULE = /^(screen|probe)\.[a-z_]{1,40}$/;
const SUBJECT = /^[A-Za-z0-9_.:-]{1,64}(\/[A-Za-z0-9._:-]{1,128})?$/;

const toProto = (v: store.StandingView): Standing => ({ state: v.state, until: v.until, strikesToday: v.strikesToday, subject: v.subject, level: v.level, version: v.version });

export interface ComplianceDeps {
  sql: Sql;
  log: Logger;
  outbox?: OutboxRelay;
  now?: () => number;
}

export function complianceServer(deps: ComplianceDeps): GrpcServer {
  const { sql, log } = deps;
  const now = deps.now ?? (() => Date.now());
  const server = new GrpcServer('compliance', log);
  const classifier = new Classifier();

  /**
   * The ledger is read directly (a primary-key read, off the hot path: a gateway asks once per
   * subject it does not know, and events keep it current). A Redis copy was tried and dropped: two
   * concurrent refusals could write their copies in the other order than they committed, so the
   * copy went backwards (the model test caught it); the ledger has no such window.
   */
  const standing = async (subject: string): Promise<store.StandingView> => {
    const l = await store.getLadder(sql, subject);
    return store.viewOf(l.subject, l.accountId, l.state, now(), l.version);
  };

  const callerOf = (c: { accountId: string; endUser: string; plan: string; requestId: string } | null | undefined) => {
    if (!c?.accountId) throw SvcError.invalid('caller.accountId: is required', [{ field: 'caller.accountId', message: 'is required' }]);
    return c;
  };

  server.add(QUALIFIED.compliance, proto.compliance.service, {
    Screen: unary<ScreenRequest__Output, ScreenResponse>(log, async (req) => {
      const caller = callerOf(req.caller);
      const v = classifier.classifyAll(req.texts);
      return { decision: v.decision, rule: v.rule, tellYourUser: v.decision === 'refuse' ? TELL_YOUR_USER : '', standing: toProto(await standing(subjectOf(caller))) };
    }),

    GetStanding: unary<StandingRequest__Output, Standing>(log, async (req) => toProto(await standing(subjectOf(callerOf(req.caller))))),

    RecordRefusal: unary<RecordRefusalRequest__Output, RefusalOutcome>(log, async (req) => {
      const caller = callerOf(req.caller);
      if (!caller.requestId) throw SvcError.invalid('caller.requestId: is required', [{ field: 'caller.requestId', message: 'is required' }]);
      if (req.channel !== 'rest' && req.channel !== 'mcp') throw SvcError.invalid('channel: must be rest or mcp', [{ field: 'channel', message: 'must be rest or mcp' }]);
      if (!RULE.test(req.rule)) throw SvcError.invalid('rule: must be a screen.* or probe.* rule id', [{ field: 'rule', message: 'must be a screen.* or probe.* rule id' }]);
      if (!SHA256_HEX.test(req.requestHash)) throw SvcError.invalid('requestHash: must be a SHA-256 in hex', [{ field: 'requestHash', message: 'must be a SHA-256 in hex' }]);
      const r = await store.recordRefusal(sql, { caller, channel: req.channel, rule: req.rule, requestHash: req.requestHash, now: now() });
      // Published now rather than at the next relay pass: the other gateways learn of a suspension within the request.
      void deps.outbox?.flush();
      if (!r.duplicate) complianceRefusals.inc({ outcome: r.outcome });
      if (!r.duplicate) log.warn({ subject: r.standing.subject, channel: req.channel, rule: req.rule, requestHash: req.requestHash, outcome: r.outcome }, 'protected_ip refusal');
      return { standing: toProto(r.standing), outcome: r.outcome, duplicate: r.duplicate };
    }),

    ListRefusals: unary<ListRefusalsRequest__Output, ListRefusalsResponse>(log, async (req) => {
      if (req.cursor && !/^\d{1,18}$/.test(req.cursor)) throw SvcError.invalid('cursor: must be the nextCursor of an earlier page', [{ field: 'cursor', message: 'must be the nextCursor of an earlier page' }]);
      if (req.limit < 0 || req.limit > 500) throw SvcError.invalid('limit: must be 1 to 500', [{ field: 'limit', message: 'must be 1 to 500' }]);
      return store.listRefusals(sql, { subject: req.subject, accountId: req.accountId, limit: req.limit, cursor: req.cursor });
    }),

    Lift: unary<LiftRequest__Output, Standing>(log, async (req) => {
      if (!SUBJECT.test(req.subject)) throw SvcError.invalid('subject: must be an account id, or account id/end user', [{ field: 'subject', message: 'must be an account id, or account id/end user' }]);
      if (!req.reason.trim()) throw SvcError.invalid('reason: is required', [{ field: 'reason', message: 'is required' }]);
      const lifted = await store.lift(sql, req.subject, req.reason.trim(), now());
      if (!lifted) throw SvcError.notFound(`subject: ${req.subject} has no standing on record, so there is nothing to lift (an end user is named account id/end user)`);
      const { standing: v } = lifted;
      void deps.outbox?.flush();
      log.info({ subject: v.subject, reason: req.reason.trim(), state: v.state }, 'standing lifted by an operator');
      return toProto(v);
    }),
  });
  return server;
}
