// The menu specs' fixtures are the shared ones (no prefetch, settle before a page goes away).
export { expect, hydrated, test } from './fixtures';
