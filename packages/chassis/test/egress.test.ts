import * as grpc from '@grpc/grpc-js';
import { describe, expect, it } from 'vitest';
import { createLogger, SvcError } from '@svc/kit';
import { DEFAULT_CHASSIS_FILE, loadChassis, releaseOrWithhold } from '../src/index';

const chassis = loadChassis(DEFAULT_CHASSIS_FILE);
const lines: string[] = [];
const log = createLogger('test', 'info', { write: (l: string) => void lines.push(l) });

describe('releaseOrWithhold', () => {
  it('lets a clean answer through unchanged', () => {
    const out = { ordered: ['AQUA', 'GLYCERIN'], tail: ['SQUALANE'] };
    expect(releaseOrWithhold(out, chassis, log, 'label', 'req_1')).toBe(out);
  });

  it('withholds an answer with a chassis name beside a number, and logs nothing of it', () => {
    const leaky = { advice: ['SQUALANE 2.0 % of the base'] };
    const err = (() => {
      try {
        releaseOrWithhold(leaky, chassis, log, 'preservation', 'req_2');
        return null;
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(SvcError);
    expect((err as SvcError).grpcCode).toBe(grpc.status.INTERNAL);
    expect((err as SvcError).body.code).toBe('internal_error');
    const logged = lines.join('\n');
    expect(logged).toContain('withheld');
    expect(logged).not.toContain('2.0');
  });

  it('withholds an answer carrying a canary token', () => {
    expect(() => releaseOrWithhold({ note: `see ${chassis.canaries[0]}` }, chassis, log, 'label', undefined)).toThrow(SvcError);
  });
});
