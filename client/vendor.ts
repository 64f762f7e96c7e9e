/**
 * The React runtime as one chunk of its own (issue 16), an entry the build adds beside client/main.ts: the page
 * preloads it (`<link rel="modulepreload">`: fetched and compiled, not run), so the shopper's first interaction
 * only fetches the app's own code (client/app.tsx) before the islands hydrate.
 */
export * from 'react';
export * from 'react/jsx-runtime';
export * from 'react-dom/client';
export * from '@preact/signals-core';
export * from '@preact/signals-react/runtime';
