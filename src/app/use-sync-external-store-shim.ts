/**
 * Stands in for `use-sync-external-store/shim` in the browser build (vite.config.ts): the package's
 * shim exports React's own useSyncExternalStore whenever React has one, as React 19 does.
 */
export { useSyncExternalStore } from 'react';
