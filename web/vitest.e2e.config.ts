import { fileURLToPath, URL } from 'node:url';

import { defineConfig } from 'vitest/config';

// Browser tests: each file starts the real `litstack` binary on a free port with a fresh data
// directory and drives Debian's chromium through playwright-core. A file spends most of its time
// waiting on the screen, not on a core, so two run at once (a test's own firm, mailbox address
// and data directory keep them apart); the benchmarks (`*.bench.e2e.ts`) run after them, one at
// a time, so their timings are not shared (`npm run e2e`). `@` resolves as in the app, so a test
// can read the screen registry (app/screens.ts) instead of keeping its own list of screens.
export default defineConfig({
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
