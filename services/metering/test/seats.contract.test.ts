/**
 * The seat store on PGlite, the embedded start's database (test/e2e.seats.contract.test.ts runs the same
 * rules on the real PostgreSQL): arrays as parameters, byte order, the outbox rows.
 */
import { describe, expect, it } from 'vitest';
import { migrate, pgliteSql, SvcError } from '@svc/kit';
import { accounts, migrations, SCHEMA } from '../src/service';
import { changeSeats, cursorOf, hasEnrolled, seatsOf, listSeats, seatsUsed, validUsers } from '../src/seats';

describe('seat store (PGlite)', () => {
  it('enrols, lists in byte order a page at a time, unenrols, and writes one event per change', async () => {
    const sql = await pgliteSql();
    try {
      await migrate(sql, SCHEMA, migrations);
      const { account } = await accounts.createAccount(sql, { company: 'A', plan: 'scale' });
      expect(await hasEnrolled(sql, account.id)).toBe(false);
      expect(await seatsOf(sql, account.id, 'a')).toEqual({ enforced: false, enrolled: false });
      const first = await changeSeats(sql, account.id, 'enroll', ['b', 'B', 'a', 'c:1']);
      expect(first).toEqual({ changed: ['b', 'B', 'a', 'c:1'], unchanged: [], seatsUsed: 4 });
      expect(await changeSeats(sql, account.id, 'enroll', ['a', 'd'])).toEqual({ changed: ['d'], unchanged: ['a'], seatsUsed: 5 });
      const page1 = await listSeats(sql, account.id, '', 3);
      expect(page1).toEqual({ users: ['B', 'a', 'b'], more: true });
      expect(await listSeats(sql, account.id, 'b', 3)).toEqual({ users: ['c:1', 'd'], more: false });
      expect((await seatsOf(sql, account.id, 'B')).enrolled).toBe(true);
      expect(await seatsOf(sql, account.id, 'e')).toEqual({ enforced: true, enrolled: false });
      expect(await hasEnrolled(sql, account.id)).toBe(true);
      expect(await changeSeats(sql, account.id, 'unenroll', ['B', 'zz'])).toEqual({ changed: ['B'], unchanged: ['zz'], seatsUsed: 4 });
      expect(await changeSeats(sql, account.id, 'unenroll', ['zz'])).toEqual({ changed: [], unchanged: ['zz'], seatsUsed: 4 });
      expect(await seatsUsed(sql, account.id)).toBe(4);
      const events = await sql.query<{ subject: string; data: { users: string[]; seatsUsed: number } }>('SELECT subject, data FROM metering.outbox ORDER BY id');
      expect(events.rows.map((r) => [r.subject, r.data.users, r.data.seatsUsed])).toEqual([
        ['account.seats_changed', ['b', 'B', 'a', 'c:1'], 4],
        ['account.seats_changed', ['d'], 5],
        ['account.seats_changed', ['B'], 4],
      ]);
    } finally {
      await sql.close();
    }
  });

  it('checks ids as x-svc-user is checked, naming users[i], and counts repeats once', () => {
    expect(validUsers(['a', 'b', 'a'])).toEqual(['a', 'b']);
    const refused = (users: string[]) => {
      try {
        validUsers(users);
      } catch (err) {
        return (err as SvcError).body;
      }
      throw new Error('not refused');
    };
    expect(refused(['ok', 'x@y.z'])).toMatchObject({ code: 'invalid_end_user', fields: [{ field: 'users[1]' }] });
    expect(refused([])).toMatchObject({ code: 'invalid_request', fields: [{ field: 'users' }] });
    expect(refused(Array.from({ length: 501 }, (_, i) => `u${i}`))).toMatchObject({ code: 'invalid_request', fields: [{ field: 'users' }] });
    expect(cursorOf('user:0001')).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});
