import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts'],
    environment: 'node',
    // Pure logic: files share their thread's loaded modules instead of each loading them again (no unit test mocks a
    // module or leaves a global changed; they pass in shuffled order too: `--sequence.shuffle`).
    pool: 'threads',
    isolate: false,
  },
});
