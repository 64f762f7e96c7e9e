/**
 * The React runtime as one chunk of its own, an entry the build adds beside client/main.ts: it changes
 * only when React does, so a returning shopper has it cached across deploys. It loads with the app on the shopper's
 * first interaction (client/main.ts), never before: fetched beside the stylesheet and the first photos, its 70 KB
 * held back the first paint and the largest photo on a slow connection.
 */
// Imported for their chunk, not their names (React's typings are `export =`, which `export *` cannot re-export).
import 'react';
import 'react/jsx-runtime';
import 'react-dom/client';
import '@preact/signals-react/runtime';
