/**
 * Seats at the gateway: the end-user ids of POST /account/users checked as x-svc-user is (so a
 * bad one is `invalid_end_user` naming its field), and the seat rule for formula calls as far as
 * the gateway can tell from the authenticated account. Metering holds the truth (which ids are
 * enrolled); this only turns away what is certain without a hop.
 */
import { endUserProblem, type Bus, type Subscription } from '@svc/kit';
import { subscribeEvent } from '@svc/protos';
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
export function seatCheck(account: AuthAccount | undefined, endUser: string | undefined, watch?: SeatWatch): void {
  if (!account || endUser) return;
  if (!(watch?.hasEnrolled(account) ?? account.hasEnrolled)) return;
  throw new HttpError(403, 'seat_required', 'this account has enrolled end users: send the enrolled end user\'s id in the x-svc-user header', { field: 'x-svc-user' });
}

/**
 * Keeps `has_enrolled` fresh between key lookups: the authenticated account says what metering
 * knew when the key was looked up (cached up to 30 s); every `account.seats_changed` event since
 * says what is true now. A replica that missed an event falls back to the key lookup's answer.
 */
export class SeatWatch {
  private readonly latest = new Map<string, boolean>();
  private sub: Subscription | undefined;

  async listen(bus: Bus, invalid: (info: { subject: string; id: string; problem: string }) => void = () => {}): Promise<void> {
    this.sub = await subscribeEvent(bus, 'account.seats_changed', (e) => void this.latest.set(e.accountId, e.seatsUsed > 0), invalid);
  }

  /** Seats on a plan without them are dormant, whatever the events said. */
  hasEnrolled(account: AuthAccount): boolean {
    if (!account.seatsEnabled) return false;
    return this.latest.get(account.id) ?? account.hasEnrolled;
  }

  async stop(): Promise<void> {
    await this.sub?.stop();
  }
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
