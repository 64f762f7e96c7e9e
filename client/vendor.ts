/**
 * The React runtime as one chunk of its own (issue 16), an entry the build adds beside client/main.ts: the page
 * prefetches it once loaded (client/main.ts `prefetchApp`: fetched, not compiled or run), so the shopper's first
 * interaction only fetches the app's own code (client/app.tsx) before the islands hydrate.
 */
// Imported for their chunk, not their names (React's typings are `export =`, which `export *` cannot re-export).
import 'react';
import 'react/jsx-runtime';
import 'react-dom/client';
import '@preact/signals-react/runtime';
