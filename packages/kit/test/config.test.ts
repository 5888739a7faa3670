import { describe, expect, it } from 'vitest';
import { env, loadConfig } from '../src/index';

describe('a list of names from the environment (SVC_THREADS)', () => {
  const shape = { SVC_THREADS: env.list(['envelope', 'label', 'metering'] as const, ['envelope', 'metering']) };

  it('takes the default when unset or empty, none as the empty list, and names in their order', () => {
    expect(loadConfig(shape, {}).SVC_THREADS).toEqual(['envelope', 'metering']);
    expect(loadConfig(shape, { SVC_THREADS: '' }).SVC_THREADS).toEqual(['envelope', 'metering']);
    expect(loadConfig(shape, { SVC_THREADS: 'none' }).SVC_THREADS).toEqual([]);
    expect(loadConfig(shape, { SVC_THREADS: ' label , metering ' }).SVC_THREADS).toEqual(['label', 'metering']);
  });

  it('refuses a name it does not know, naming the variable and what it takes', () => {
    expect(() => loadConfig(shape, { SVC_THREADS: 'envelope,gateway' })).toThrow(/SVC_THREADS\.1: must be none, or a comma-separated list of: envelope, label, metering/);
    expect(() => loadConfig(shape, { SVC_THREADS: 'none,label' })).toThrow(/SVC_THREADS/);
  });
});

describe('one of a few words from the environment (SVC_MIGRATE)', () => {
  const shape = { SVC_MIGRATE: env.oneOf(['start', 'only', 'skip'] as const) };

  it('takes the first word when unset or empty, and any word of the list', () => {
    expect(loadConfig(shape, {}).SVC_MIGRATE).toBe('start');
    expect(loadConfig(shape, { SVC_MIGRATE: '' }).SVC_MIGRATE).toBe('start');
    expect(loadConfig(shape, { SVC_MIGRATE: 'skip' }).SVC_MIGRATE).toBe('skip');
  });

  it('refuses any other word, naming the variable and the words it takes', () => {
    expect(() => loadConfig(shape, { SVC_MIGRATE: 'Only' })).toThrow(/SVC_MIGRATE: must be one of: start, only, skip/);
  });
});

describe('a gRPC peer address from the environment (SVC_*_ADDR)', () => {
  const shape = { SVC_LIBRARY_ADDR: env.address('127.0.0.1:50051') };

  it('takes host:port (a cluster name, an IP) and a dns:// target naming its DNS server', () => {
    for (const a of ['library:50051', 'library.svc.cluster.local:50051', '10.0.0.7:50051', '[::1]:50051', 'dns:///library:50051', 'dns://10.96.0.10:53/library:50051']) {
      expect(loadConfig(shape, { SVC_LIBRARY_ADDR: a }).SVC_LIBRARY_ADDR).toBe(a);
    }
  });

  it('refuses anything else, naming the variable', () => {
    for (const a of ['library', 'http://library:50051', 'dns:/library:50051', 'library:port']) {
      expect(() => loadConfig(shape, { SVC_LIBRARY_ADDR: a }), a).toThrow(/SVC_LIBRARY_ADDR: must be host:port or dns:\/\/\[server\]\/host:port/);
    }
  });
});
