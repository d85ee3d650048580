import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The Rust server (`litstack serve`) listens on 127.0.0.1:8080 by default; in development Vite
// serves the app and forwards the API to it, so the session cookie stays same-origin.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Everything the first screen loads in one file (rolldown otherwise splits the modules the
        // entry shares with on-demand chunks into files of their own: rolldown#9963, #10731), so
        // it is compressed as one: 2 kB less gzip than five files.
        codeSplitting: { groups: [{ name: 'first-screen', tags: ['$initial'] }] },
      },
    },
  },
  test: {
    // One worker per core, in threads: a file spends much of its time setting up its DOM and
    // waiting, so the default (a core left free, forked workers) left this 2-core machine half
    // idle (183 s; 110 s so).
    pool: 'threads',
    maxWorkers: availableParallelism(),
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
  },
});
