import { fileURLToPath, URL } from 'node:url';

import { defineConfig } from 'vitest/config';

// Browser tests: each file starts the real `litstack` binary on a free port with a fresh data
// directory and drives Debian's chromium through playwright-core. They share one machine, so
// files run one after another. `@` resolves as in the app, so a test can read the screen
// registry (app/screens.ts) instead of keeping its own list of screens.
export default defineConfig({
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
