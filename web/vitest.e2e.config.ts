import { defineConfig } from 'vitest/config';

// Browser tests: each file starts the real `litstack` binary on a free port with a fresh data
// directory and drives Debian's chromium through playwright-core. They share one machine, so
// files run one after another.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
