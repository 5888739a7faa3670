/** The primer names only routes that exist, and says nothing about the chassis but its names and the published bands. */
import { describe, expect, it } from 'vitest';
import { DISCLOSURE_BANDS } from '@svc/disclosure';
import { primer } from '../src/content/primer';
import { operations } from '../src/operations/index';
import { OPERATION_DEPS } from './support/app';

const text = primer({ baseUrl: 'http://127.0.0.1:8080', cosingVintage: '2021-12-15', dataVersion: 'v' });
const OPS = operations(OPERATION_DEPS);

describe('the primer', () => {
  it('names only routes of the operation table, with their methods', () => {
    const named = [...text.matchAll(/\b(GET|POST) (\/[a-z/]+)/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(named.length).toBeGreaterThan(5);
    for (const r of named) expect(OPS.map((o) => `${o.method} ${o.path}`), r).toContain(r);
    // Paths named without a method exist too.
    for (const m of text.matchAll(/`(\/[a-z/]+)/g)) expect(OPS.map((o) => o.path.split('?')[0]), m[1]).toContain(m[1]!.replace(/\/$/, ''));
  });

  it('states the published bands, and no number that is not public', () => {
    for (const r of DISCLOSURE_BANDS.ranges) expect(text).toContain(`above ${r.above} % and up to ${r.upTo} %`);
    expect(text).toContain(DISCLOSURE_BANDS.version);
    expect(text).not.toMatch(/canary-/i);
  });
});
