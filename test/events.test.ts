/** Shared events are validated when published and again when received: a malformed one is skipped and reported. */
import { describe, expect, it } from 'vitest';
import { memoryBus } from '@svc/kit';
import { publishEvent, subscribeEvent } from '@svc/protos';

const HASH = 'a'.repeat(64);

describe('event contracts', () => {
  it('delivers a valid event and reports a malformed one without calling the handler', async () => {
    const bus = memoryBus();
    const got: unknown[] = [];
    const bad: string[] = [];
    // Both messages heard, each by its handler: the test waits for that, not for a while.
    let heard!: () => void;
    const both = new Promise<void>((r) => (heard = r));
    const count = () => void (got.length + bad.length === 2 && heard());
    const sub = await subscribeEvent(bus, 'account.key_replaced', (e) => void (got.push(e), count()), (i) => void (bad.push(i.problem), count()));
    await publishEvent(bus, 'account.key_replaced', { accountId: 'acct_1', oldHashes: [HASH] }, { id: 'e1' });
    // Someone else's message on the subject, not through publishEvent.
    await bus.publish('account.key_replaced', { accountId: 'acct_1', oldHashes: ['not-a-hash'] }, { id: 'e2' });
    await both;
    expect(got).toEqual([{ accountId: 'acct_1', oldHashes: [HASH] }]);
    expect(bad).toHaveLength(1);
    expect(bad[0]).toMatch(/^oldHashes\.0:/);
    await sub.stop();
    await bus.close();
  });

  it('refuses to publish an event that breaks its contract', async () => {
    const bus = memoryBus();
    await expect(publishEvent(bus, 'library.updated', { reason: 'because' } as never, { id: 'x' })).rejects.toThrow();
    await bus.close();
  });
});
