import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunningSystem } from '../scripts/system';
import { systemForSuite } from './support/system';
import { expectError, get, walk } from './walk';

describe('embedded start: the whole service in one process', () => {
  let sys: RunningSystem;
  const { dataDir } = systemForSuite('e2e', { logLevel: 'silent' }, (s) => (sys = s));

  it('writes the development key it prints', () => {
    expect(readFileSync(join(dataDir, 'dev-key'), 'utf8').trim()).toBe(sys.key);
  });

  it('serves the four skeleton endpoints and their errors over HTTP', async () => {
    await walk(sys);
  });

  it('answers 503 service_unavailable for routes whose service is down, and keeps the others', async () => {
    await sys.services.library.stop();
    const r = await get(sys, '/lib/search?q=niacinamide');
    expectError(r, 503, 'service_unavailable');
    // A search answered before the library went away is still served from the gateway's cache.
    expect((await get(sys, '/lib/search?q=glycerin')).status).toBe(200);
    expect(r.headers.get('retry-after')).toBe('1');
    expect((await get(sys, '/account')).status).toBe(200);
    // The primer does not need the library to answer.
    expect((await fetch(`${sys.url}/ai/primer`)).status).toBe(200);
  });
});
