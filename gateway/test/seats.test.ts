/** The gateway's part of seats: ids checked as x-svc-user is, naming the field, and the seat rule for formula calls. */
import { describe, expect, it } from 'vitest';
import { validateEndUser } from '../src/auth';
import type { AuthAccount } from '../src/context';
import { HttpError } from '../src/errors';
import { memoryBus } from '@svc/kit';
import { publishEvent } from '@svc/protos';
import { SeatWatch, seatCheck, seatUsers } from '../src/seats';

const account = (hasEnrolled: boolean) => ({ id: 'acct_1', company: 'A', plan: 'scale', tier: 'standard', status: 'active', keyId: 'k', seatsEnabled: true, hasEnrolled }) as AuthAccount;

const refusal = (fn: () => unknown): HttpError => {
  try {
    fn();
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error('not refused');
};

describe('seatUsers', () => {
  it('passes good ids through in the order sent', () => {
    expect(seatUsers({ users: ['a-1', 'B.2', 'tenant:7', 'x_y'] })).toEqual(['a-1', 'B.2', 'tenant:7', 'x_y']);
    expect(seatUsers({ user: 'solo' })).toEqual(['solo']);
  });

  it('refuses with invalid_end_user naming users[i] or user, with the same words as x-svc-user', () => {
    for (const [body, field] of [
      [{ users: ['ok', 'ok2', 'ok3', 'jane@example.com'] }, 'users[3]'],
      [{ users: ['192.168.1.20'] }, 'users[0]'],
      [{ user: '+1-555-0100-22' }, 'user'],
      [{ user: '5550100222' }, 'user'],
      [{ user: 'y'.repeat(129) }, 'user'],
      [{ user: 'ünïcode' }, 'user'],
    ] as const) {
      const e = refusal(() => seatUsers(body));
      expect(e.status).toBe(400);
      expect(e.code).toBe('invalid_end_user');
      expect(e.extra.field).toBe(field);
      expect(e.message.startsWith(`${field} must`)).toBe(true);
    }
    const header = refusal(() => validateEndUser('jane@example.com'));
    expect(header.message).toBe('x-svc-user must be a pseudonymous id, not an e-mail address');
    expect(refusal(() => seatUsers({ user: 'jane@example.com' })).message).toBe('user must be a pseudonymous id, not an e-mail address');
  });
});

describe('seatCheck', () => {
  it('lets calls through when the account has no enrolled users, or the call names its end user', () => {
    expect(() => seatCheck(account(false), undefined)).not.toThrow();
    expect(() => seatCheck(account(true), 'u-1')).not.toThrow();
    expect(() => seatCheck(undefined, undefined)).not.toThrow();
  });

  it('refuses 403 seat_required when the account has enrolled users and x-svc-user is missing', () => {
    const e = refusal(() => seatCheck(account(true), undefined));
    expect([e.status, e.code, e.extra.field]).toEqual([403, 'seat_required', 'x-svc-user']);
  });
});

describe('SeatWatch', () => {
  it('follows seats_changed events between key lookups, and ignores seats on a plan without them', async () => {
    const bus = memoryBus();
    const watch = new SeatWatch();
    await watch.listen(bus);
    try {
      const cached = account(false);
      expect(() => seatCheck(cached, undefined, watch)).not.toThrow();
      await publishEvent(bus, 'account.seats_changed', { accountId: 'acct_1', action: 'enroll', users: ['u-1'], seatsUsed: 1 }, { id: 'e1' });
      await new Promise((r) => setTimeout(r, 20));
      expect(refusal(() => seatCheck(cached, undefined, watch)).code).toBe('seat_required');
      expect(() => seatCheck(cached, 'u-1', watch)).not.toThrow();
      expect(() => seatCheck({ ...cached, seatsEnabled: false } as AuthAccount, undefined, watch)).not.toThrow();
      await publishEvent(bus, 'account.seats_changed', { accountId: 'acct_1', action: 'unenroll', users: ['u-1'], seatsUsed: 0 }, { id: 'e2' });
      await new Promise((r) => setTimeout(r, 20));
      expect(() => seatCheck(account(true), undefined, watch)).not.toThrow();
    } finally {
      await watch.stop();
      await bus.close();
    }
  });
});
