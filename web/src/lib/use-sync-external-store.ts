/**
 * What `use-sync-external-store/shim` resolves to (vite.config.ts): wouter and the signals'
 * React integration import that shim, written for React before 18, which on React 19 only hands
 * back React's own hook. This module hands it back without shipping the shim's fallback.
 */
export { useSyncExternalStore } from 'react';
