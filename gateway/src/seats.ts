/**
 * Seats at the gateway: the end-user ids of POST /account/users checked as x-svc-user is (so a
 * bad one is `invalid_end_user` naming its field), and the seat rule for formula calls as far as
 * the gateway can tell from the authenticated account. Metering holds the truth (which ids are
 * enrolled); this only turns away what is certain without a hop.
 */
import { endUserProblem } from '@svc/kit';
import type { AuthAccount } from './context';
import { HttpError } from './errors';

/** The ids of a seat change, in the order sent: `user` or `users[i]` names a bad one. */
export function seatUsers(body: { user?: string | undefined; users?: readonly string[] | undefined }): string[] {
  const [ids, fieldOf]: [readonly string[], (i: number) => string] = body.users !== undefined ? [body.users, (i) => `users[${i}]`] : [[body.user ?? ''], () => 'user'];
  ids.forEach((id, i) => {
    const problem = endUserProblem(id);
    if (problem) throw new HttpError(400, 'invalid_end_user', `${fieldOf(i)} ${problem}`, { field: fieldOf(i) });
  });
  return [...ids];
}

/**
 * A formula call of an account with enrolled users must name its end user in x-svc-user. Whether
 * that user holds a seat is metering's answer (403 `seat_required` from Meter); a missing header
 * is refused here already.
 */
export function seatCheck(account: AuthAccount | undefined, endUser: string | undefined): void {
  if (!account?.hasEnrolled || endUser) return;
  throw new HttpError(403, 'seat_required', 'this account has enrolled end users: send the enrolled end user\'s id in the x-svc-user header', { field: 'x-svc-user' });
}

interface SeatsAnswer {
  users: string[];
  unchanged: string[];
  seatsUsed: number;
  seatsFree: number;
  seatLimit: number;
  nextCursor: string;
}

/** GET /account/users: one page of enrolled ids, in byte order, and the account's seat counts. */
export const seatListJson = (r: SeatsAnswer) => ({ users: r.users, seatsUsed: r.seatsUsed, seatsFree: r.seatsFree, seatLimit: r.seatLimit, nextCursor: r.nextCursor || null });

/** POST /account/users: what changed and what already was so, each in the order sent. */
export const seatChangeJson = (action: 'enroll' | 'unenroll', r: SeatsAnswer) => ({
  action,
  ...(action === 'enroll' ? { enrolled: r.users, alreadyEnrolled: r.unchanged } : { unenrolled: r.users, notEnrolled: r.unchanged }),
  seatsUsed: r.seatsUsed,
  seatsFree: r.seatsFree,
  seatLimit: r.seatLimit,
});
