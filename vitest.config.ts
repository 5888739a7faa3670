import { defineConfig } from 'vitest/config';

// One configuration for every workspace: tests live next to the code they test.
export default defineConfig({
  test: {
    include: [
      'packages/*/test/**/*.test.ts',
      'services/*/test/**/*.test.ts',
      'gateway/test/**/*.test.ts',
      'test/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two files at a time: most of a file's time is its system starting (catalogue import, gRPC
    // servers) and waiting on the real servers, so two overlap well on two cores. Every file has
    // its own database, namespace, ports and data dir, so they do not see each other.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
