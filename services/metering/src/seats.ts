/**
 * Seats (Scale and Platform plans, spec section 4 rule 4): which end users of an account are
 * enrolled. Once an account has enrolled users, every formula call must carry an enrolled
 * `x-svc-user` (`seat_required`); run metering asks `seatsOf` for that.
 *
 * Store functions first, then the rules of the Seats RPC. Every change writes its event
 * (`account.seats_changed`) in the same transaction, through the outbox.
 */
import { SvcError, endUserProblem, enqueue, unary, type FieldProblem, type Logger, type OutboxRelay, type Sql, type SqlTx } from '@svc/kit';
import { EVENTS } from '@svc/protos';
import type { SeatsRequest__Output } from '@svc/protos/gen/svc/v1/SeatsRequest';
import type { SeatsResponse } from '@svc/protos/gen/svc/v1/SeatsResponse';
import { PLANS, planOf } from './engine/plans';
import * as store from './store';

/** Ids per enrolment request (spec section 8). */
export const MAX_USERS_PER_REQUEST = 500;
/**
 * Seats are billed per enrolled user; nothing is bought in blocks, so "free" is the room left under
 * this ceiling per account, which keeps a runaway enrolment loop from growing a bill without bound.
 */
export const SEAT_LIMIT = 5_000;
export const PAGE_DEFAULT = 100;
export const PAGE_MAX = 500;

const SEAT_PLANS = PLANS.filter((p) => p.seats).map((p) => p.id);

/**
 * For run metering, in one statement: whether seats are enforced for the account (see
 * `hasEnrolled`) and whether this end user holds one of them.
 */
export async function seatsOf(sql: SqlTx, accountId: string, user: string): Promise<{ enforced: boolean; enrolled: boolean }> {
  const r = await sql.query<{ enforced: boolean; enrolled: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM metering.seats s JOIN metering.accounts a ON a.id = s.account_id
                     WHERE s.account_id = $1 AND a.plan = ANY($2::text[])) AS enforced,
            EXISTS (SELECT 1 FROM metering.seats WHERE account_id = $1 AND end_user = $3) AS enrolled`,
    [accountId, SEAT_PLANS, user],
  );
  return { enforced: r.rows[0]?.enforced === true, enrolled: r.rows[0]?.enrolled === true };
}

/**
 * Whether seats are enforced for the account: it has enrolled users and its plan has seats. Seats
 * kept from a seat plan after a move to a plan without them are dormant (enforced again on a move back).
 */
export async function hasEnrolled(sql: SqlTx, accountId: string): Promise<boolean> {
  const r = await sql.query<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM metering.seats s JOIN metering.accounts a ON a.id = s.account_id
                     WHERE s.account_id = $1 AND a.plan = ANY($2::text[])) AS found`,
    [accountId, SEAT_PLANS],
  );
  return r.rows[0]?.found === true;
}

export async function seatsUsed(sql: SqlTx, accountId: string): Promise<number> {
  const r = await sql.query<{ n: number | string }>('SELECT count(*) AS n FROM metering.seats WHERE account_id = $1', [accountId]);
  return Number(r.rows[0]?.n ?? 0);
}

/** A page of enrolled ids in byte order, after `after` (exclusive). */
export async function listSeats(sql: SqlTx, accountId: string, after: string, limit: number): Promise<{ users: string[]; more: boolean }> {
  const r = await sql.query<{ end_user: string }>(
    'SELECT end_user FROM metering.seats WHERE account_id = $1 AND end_user > $2 ORDER BY end_user LIMIT $3',
    [accountId, after, limit + 1],
  );
  const users = r.rows.map((x) => x.end_user);
  return { users: users.slice(0, limit), more: users.length > limit };
}

export interface SeatChange {
  /** Ids whose seat changed (enrolled now, or unenrolled now). */
  changed: string[];
  /** Ids that were already in the asked state. */
  unchanged: string[];
  seatsUsed: number;
}

/**
 * Enrols or unenrols ids of one account. The account row is locked for the transaction, so two
 * concurrent enrolments cannot both pass the seat ceiling.
 */
export async function changeSeats(sql: Sql, accountId: string, action: 'enroll' | 'unenroll', users: readonly string[]): Promise<SeatChange> {
  return sql.transaction(async (tx) => {
    await tx.query('SELECT id FROM metering.accounts WHERE id = $1 FOR UPDATE', [accountId]);
    const before = await seatsUsed(tx, accountId);
    let changed: string[];
    if (action === 'enroll') {
      const held = await tx.query<{ end_user: string }>('SELECT end_user FROM metering.seats WHERE account_id = $1 AND end_user = ANY($2::text[])', [accountId, users]);
      const newcomers = users.length - held.rows.length;
      if (before + newcomers > SEAT_LIMIT) {
        throw SvcError.failed('seat_limit_reached', `enrolling ${newcomers} more users would pass the account's ${SEAT_LIMIT} seats (${before} used); unenrol users who left first`, {
          seatsUsed: before,
          seatLimit: SEAT_LIMIT,
        });
      }
      const ins = await tx.query<{ end_user: string }>(
        'INSERT INTO metering.seats (account_id, end_user) SELECT $1, u FROM unnest($2::text[]) AS u ON CONFLICT DO NOTHING RETURNING end_user',
        [accountId, users],
      );
      changed = ins.rows.map((r) => r.end_user);
    } else {
      const del = await tx.query<{ end_user: string }>('DELETE FROM metering.seats WHERE account_id = $1 AND end_user = ANY($2::text[]) RETURNING end_user', [accountId, users]);
      changed = del.rows.map((r) => r.end_user);
    }
    const after = action === 'enroll' ? before + changed.length : before - changed.length;
    if (changed.length > 0) {
      await enqueue(tx, 'metering', 'account.seats_changed', EVENTS['account.seats_changed'].parse({ accountId, action, users: changed, seatsUsed: after }));
    }
    const done = new Set(changed);
    // Answers keep the caller's order, so a client can match them to what it sent.
    return { changed: users.filter((u) => done.has(u)), unchanged: users.filter((u) => !done.has(u)), seatsUsed: after };
  });
}

/** The ids of a request, each checked like x-svc-user; duplicates count once. */
export function validUsers(users: readonly string[]): string[] {
  if (users.length === 0) throw SvcError.invalid('users: give at least one end-user id', [{ field: 'users', message: 'give at least one end-user id' }]);
  if (users.length > MAX_USERS_PER_REQUEST) {
    throw SvcError.invalid(`users: at most ${MAX_USERS_PER_REQUEST} ids per request`, [{ field: 'users', message: `at most ${MAX_USERS_PER_REQUEST} ids per request` }]);
  }
  const problems: FieldProblem[] = [];
  users.forEach((u, i) => {
    const p = endUserProblem(u);
    if (p) problems.push({ field: `users[${i}]`, message: p });
  });
  const first = problems[0];
  if (first) throw SvcError.invalid(`${first.field} ${first.message}`, problems, 'invalid_end_user');
  return [...new Set(users)];
}

/** The list cursor is the last id of the previous page, base64url-encoded so it reads as opaque. */
export const cursorOf = (lastId: string): string => Buffer.from(lastId, 'utf8').toString('base64url');

function afterOf(cursor: string): string {
  if (!cursor) return '';
  const id = /^[A-Za-z0-9_-]{1,200}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  if (endUserProblem(id) !== null) throw SvcError.invalid('cursor must be the nextCursor of an earlier page', [{ field: 'cursor', message: 'must be the nextCursor of an earlier page' }]);
  return id;
}

function pageSize(limit: number): number {
  if (limit === 0) return PAGE_DEFAULT;
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_MAX) throw SvcError.invalid(`limit must be 1 to ${PAGE_MAX}`, [{ field: 'limit', message: `must be a whole number from 1 to ${PAGE_MAX}` }]);
  return limit;
}

/** The Seats RPC: list, enroll, unenroll, for the calling account only. */
export function seatsHandler(deps: { sql: Sql; log: Logger; outbox?: OutboxRelay }) {
  const { sql, log } = deps;
  return unary<SeatsRequest__Output, SeatsResponse>(log, async (req) => {
    const accountId = req.caller?.accountId;
    const account = accountId ? await store.getAccount(sql, accountId) : null;
    if (!account) throw SvcError.notFound('account not found');
    const plan = planOf(account.plan);
    if (!plan.seats) {
      const seatPlans = PLANS.filter((p) => p.seats).map((p) => p.name);
      throw SvcError.forbidden('seats_not_in_plan', `the ${plan.name} plan has no end-user seats; seats come with the ${seatPlans.join(' and ')} plans`, {
        plan: plan.id,
        seatPlans: PLANS.filter((p) => p.seats).map((p) => p.id),
      });
    }
    if (req.action === 'list') {
      const limit = pageSize(req.limit);
      const [page, used] = await Promise.all([listSeats(sql, account.id, afterOf(req.cursor), limit), seatsUsed(sql, account.id)]);
      const last = page.users[page.users.length - 1];
      return {
        users: page.users,
        seatsUsed: used,
        seatsFree: Math.max(0, SEAT_LIMIT - used),
        seatLimit: SEAT_LIMIT,
        nextCursor: page.more && last ? cursorOf(last) : '',
      };
    }
    if (req.action !== 'enroll' && req.action !== 'unenroll') {
      throw SvcError.invalid('action must be "enroll", "unenroll" or "list"', [{ field: 'action', message: 'must be "enroll", "unenroll" or "list"' }]);
    }
    const change = await changeSeats(sql, account.id, req.action, validUsers(req.users));
    // Consumers hear of the change now rather than at the relay's next pass.
    if (change.changed.length > 0) void deps.outbox?.flush();
    return {
      users: change.changed,
      unchanged: change.unchanged,
      changed: change.changed.length,
      seatsUsed: change.seatsUsed,
      seatsFree: Math.max(0, SEAT_LIMIT - change.seatsUsed),
      seatLimit: SEAT_LIMIT,
    };
  });
}
