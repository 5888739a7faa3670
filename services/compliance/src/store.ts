/**
 * The strike ledger in the compliance schema: one row of standing per subject (locked while a
 * refusal is applied to it) and one row per refusal, with the events that announce each change
 * written in the same transaction (the outbox).
 */
import { enqueue, type Sql, type SqlTx } from '@svc/kit';
import { EVENTS } from '@svc/protos';
import { subjectOf } from '@svc/screening';
import { FRESH, applyRefusal, lifted, standingOf, type LadderState, type Outcome } from './engine/ladder';
import { SCHEMA } from './migrations';

export interface CallerLike {
  accountId: string;
  endUser: string;
  plan: string;
  requestId: string;
}

export interface StandingView {
  subject: string;
  accountId: string;
  state: 'active' | 'suspended' | 'banned';
  until: string;
  strikesToday: number;
  level: number;
  version: number;
}

interface Row {
  subject: string;
  account_id: string;
  day: string;
  strikes_today: number;
  level: number;
  suspended_until: Date | string | null;
  version: number;
}

const stateOf = (r: Row | undefined): LadderState =>
  r ? { day: r.day, strikesToday: Number(r.strikes_today), level: Number(r.level) as LadderState['level'], suspendedUntil: r.suspended_until === null ? null : new Date(r.suspended_until).getTime() } : { ...FRESH };

export function viewOf(subject: string, accountId: string, s: LadderState, now: number, version: number): StandingView {
  const st = standingOf(s, now);
  return { subject, accountId, state: st.state, until: st.until === null ? '' : new Date(st.until).toISOString(), strikesToday: st.strikesToday, level: s.level, version };
}

const accountOfSubject = (subject: string): string => subject.split('/')[0] ?? subject;

async function lockedState(tx: SqlTx, subject: string, accountId: string): Promise<{ state: LadderState; version: number }> {
  await tx.query(`INSERT INTO ${SCHEMA}.standing (subject, account_id) VALUES ($1, $2) ON CONFLICT (subject) DO NOTHING`, [subject, accountId]);
  const r = await tx.query<Row>(`SELECT subject, account_id, day, strikes_today, level, suspended_until, version FROM ${SCHEMA}.standing WHERE subject = $1 FOR UPDATE`, [subject]);
  return { state: stateOf(r.rows[0]), version: Number(r.rows[0]?.version ?? 0) };
}

/** Saves the new state; returns its version. */
async function save(tx: SqlTx, subject: string, s: LadderState, now: number): Promise<number> {
  const r = await tx.query<{ version: number }>(`UPDATE ${SCHEMA}.standing SET day = $2, strikes_today = $3, level = $4, suspended_until = $5, updated_at = $6, version = version + 1 WHERE subject = $1 RETURNING version`, [
    subject,
    s.day,
    s.strikesToday,
    s.level,
    s.suspendedUntil === null ? null : new Date(s.suspendedUntil).toISOString(),
    new Date(now).toISOString(),
  ]);
  return Number(r.rows[0]?.version ?? 0);
}

const announce = (tx: SqlTx, v: StandingView) => enqueue(tx, SCHEMA, 'compliance.standing_changed', EVENTS['compliance.standing_changed'].parse(v));

/** A subject's ladder state as the ledger holds it (what the Redis copy caches; the view depends on the time). */
export interface Ledgered {
  subject: string;
  accountId: string;
  state: LadderState;
  version: number;
}

export async function getLadder(sql: Sql, subject: string): Promise<Ledgered> {
  const r = await sql.query<Row>(`SELECT subject, account_id, day, strikes_today, level, suspended_until, version FROM ${SCHEMA}.standing WHERE subject = $1`, [subject]);
  return { subject, accountId: r.rows[0]?.account_id ?? accountOfSubject(subject), state: stateOf(r.rows[0]), version: Number(r.rows[0]?.version ?? 0) };
}

export interface Recorded {
  ledgered: Ledgered;
  standing: StandingView;
  outcome: Outcome;
  duplicate: boolean;
}

/** One refusal into the ledger: exactly once per (subject, request id, request hash). */
export async function recordRefusal(sql: Sql, r: { caller: CallerLike; channel: 'rest' | 'mcp'; rule: string; requestHash: string; now: number }): Promise<Recorded> {
  const subject = subjectOf(r.caller);
  const accountId = r.caller.accountId;
  return sql.transaction(async (tx) => {
    const { state: before, version: was } = await lockedState(tx, subject, accountId);
    const at = new Date(r.now).toISOString();
    const ins = await tx.query<{ id: number }>(
      `INSERT INTO ${SCHEMA}.refusals (subject, account_id, end_user, channel, rule, request_id, request_hash, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (subject, request_id, request_hash) DO NOTHING RETURNING id`,
      [subject, accountId, r.caller.endUser, r.channel, r.rule, r.caller.requestId, r.requestHash, at],
    );
    const id = ins.rows[0]?.id;
    if (id === undefined) {
      const prior = await tx.query<{ outcome: string }>(`SELECT outcome FROM ${SCHEMA}.refusals WHERE subject = $1 AND request_id = $2 AND request_hash = $3`, [subject, r.caller.requestId, r.requestHash]);
      return { ledgered: { subject, accountId, state: before, version: was }, standing: viewOf(subject, accountId, before, r.now, was), outcome: (prior.rows[0]?.outcome || 'warning') as Outcome, duplicate: true };
    }
    const { state, outcome } = applyRefusal(before, r.now);
    const version = await save(tx, subject, state, r.now);
    await tx.query(`UPDATE ${SCHEMA}.refusals SET outcome = $2 WHERE id = $1`, [id, outcome]);
    const view = viewOf(subject, accountId, state, r.now, version);
    await announce(tx, view);
    await enqueue(tx, SCHEMA, 'compliance.refused', EVENTS['compliance.refused'].parse({ subject, accountId, channel: r.channel, rule: r.rule, requestHash: r.requestHash, at, outcome }));
    return { ledgered: { subject, accountId, state, version }, standing: view, outcome, duplicate: false };
  });
}

/**
 * An operator lifts a suspension or a ban: the subject starts again with a clean slate. Null when the
 * ledger has never held the subject: a bare end-user id, or a typo, would otherwise answer "lifted"
 * and leave the real subject (`account/end user`) suspended.
 */
export async function lift(sql: Sql, subject: string, reason: string, now: number): Promise<{ ledgered: Ledgered; standing: StandingView } | null> {
  const accountId = accountOfSubject(subject);
  return sql.transaction(async (tx) => {
    const known = await tx.query(`SELECT 1 FROM ${SCHEMA}.standing WHERE subject = $1 FOR UPDATE`, [subject]);
    if (!known.rows.length) return null;
    const state = lifted();
    const version = await save(tx, subject, state, now);
    await tx.query(`INSERT INTO ${SCHEMA}.lifts (subject, reason, at) VALUES ($1, $2, $3)`, [subject, reason, new Date(now).toISOString()]);
    const view = viewOf(subject, accountId, state, now, version);
    await announce(tx, view);
    return { ledgered: { subject, accountId, state, version }, standing: view };
  });
}

export interface RefusalRow {
  id: string;
  subject: string;
  accountId: string;
  endUser: string;
  channel: string;
  rule: string;
  requestId: string;
  requestHash: string;
  at: string;
  outcome: string;
}

/** The audit log, newest first, a page at a time (cursor: the last id seen). */
export async function listRefusals(sql: Sql, f: { subject: string; accountId: string; limit: number; cursor: string }): Promise<{ refusals: RefusalRow[]; nextCursor: string }> {
  const limit = Math.min(Math.max(f.limit || 50, 1), 500);
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.subject) where.push(`subject = $${params.push(f.subject)}`);
  if (f.accountId) where.push(`account_id = $${params.push(f.accountId)}`);
  if (f.cursor) where.push(`id < $${params.push(f.cursor)}`);
  const r = await sql.query<{ id: number; subject: string; account_id: string; end_user: string; channel: string; rule: string; request_id: string; request_hash: string; at: Date | string; outcome: string }>(
    `SELECT id, subject, account_id, end_user, channel, rule, request_id, request_hash, at, outcome FROM ${SCHEMA}.refusals ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ${limit + 1}`,
    params,
  );
  const rows = r.rows.slice(0, limit).map((x) => ({
    id: String(x.id),
    subject: x.subject,
    accountId: x.account_id,
    endUser: x.end_user,
    channel: x.channel,
    rule: x.rule,
    requestId: x.request_id,
    requestHash: x.request_hash,
    at: new Date(x.at).toISOString(),
    outcome: x.outcome,
  }));
  return { refusals: rows, nextCursor: r.rows.length > limit ? rows[rows.length - 1]!.id : '' };
}
