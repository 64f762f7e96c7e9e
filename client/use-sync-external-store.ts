// The build aliases `use-sync-external-store/shim/index.js` (imported by @preact/signals-react for React < 18)
// to this file: React 19 has the hook built in.
export { useSyncExternalStore } from 'react';
