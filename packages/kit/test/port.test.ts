import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { portPeer } from '../src/adapters/port';

describe('calls across a port', () => {
  it('answers, keeps an error its code, and says why when a value cannot cross instead of waiting', async () => {
    const { port1, port2 } = new MessageChannel();
    portPeer(port1, {
      echo: (p) => p.value,
      refuse: () => Promise.reject(Object.assign(new Error('no'), { code: '40001' })),
      unclonable: () => () => 1,
    });
    const caller = portPeer(port2, {});
    try {
      expect(await caller.call('echo', { value: { a: [1, 2] } })).toEqual({ a: [1, 2] });
      await expect(caller.call('refuse')).rejects.toMatchObject({ message: 'no', code: '40001' });
      await expect(caller.call('unclonable')).rejects.toThrow(/could not be cloned/);
      await expect(caller.call('echo', { value: () => 1 })).rejects.toThrow(/could not be cloned/);
      await expect(caller.call('missing')).rejects.toThrow('unknown operation missing');
    } finally {
      caller.close();
    }
    await expect(caller.call('echo', { value: 1 })).rejects.toThrow('closed');
  });
});
