/** The in-process bus's de-duplication window, on a fake clock: an id counts as seen for two minutes. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryBus } from '../src/adapters/bus-memory';
import { DEDUPE_WINDOW_MS } from '../src/adapters/bus';

afterEach(() => {
  vi.useRealTimers();
});

describe('the in-process bus', () => {
  it('forgets an id once its window is over, and only then, whatever came after it', async () => {
    vi.useFakeTimers({ now: new Date('2026-05-05T12:00:00Z'), toFake: ['Date'] });
    const bus = memoryBus();
    expect(await bus.publish('t.a', {}, { id: 'first' })).toEqual({ duplicate: false });
    vi.advanceTimersByTime(DEDUPE_WINDOW_MS / 2);
    expect(await bus.publish('t.a', {}, { id: 'second' })).toEqual({ duplicate: false });
    expect(await bus.publish('t.a', {}, { id: 'first' })).toEqual({ duplicate: true });
    vi.advanceTimersByTime(DEDUPE_WINDOW_MS / 2 + 1);
    // The first is past its window; the second, published after it, is not.
    expect(await bus.publish('t.a', {}, { id: 'first' })).toEqual({ duplicate: false });
    expect(await bus.publish('t.a', {}, { id: 'second' })).toEqual({ duplicate: true });
    vi.advanceTimersByTime(DEDUPE_WINDOW_MS / 2);
    expect(await bus.publish('t.a', {}, { id: 'second' })).toEqual({ duplicate: false });
    // Re-published, 'first' counts from then on.
    expect(await bus.publish('t.a', {}, { id: 'first' })).toEqual({ duplicate: true });
    await bus.close();
  });
});
