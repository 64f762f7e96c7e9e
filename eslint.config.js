import tseslint from 'typescript-eslint';

// Dependency direction (docs/architecture.md): lib, contracts → ui → client/stores → client/islands →
// client/main.tsx and src/pages. Browser-side code never imports worker-only modules.
const WORKER_ONLY = ['**/src/app', '**/src/middleware/**', '**/src/api/**', '**/src/commerce/**', '**/src/db/**', '**/src/env'];
const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

export default tseslint.config(
  { ignores: ['node_modules', '.wrangler', 'public', 'src/generated', 'test-results', 'playwright-report'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/lib/**', 'src/contracts/**'],
    rules: restrict([...WORKER_ONLY, '**/src/ui/**', '**/client/**', '**/src/pages/**', 'react', 'hono', 'hono/*'], 'lib and contracts are pure and isomorphic.'),
  },
  {
    files: ['src/ui/**'],
    rules: restrict([...WORKER_ONLY, '**/client/**', '**/src/pages/**'], 'ui is presentational: props in, JSX out.'),
  },
  {
    files: ['client/stores/**'],
    rules: restrict([...WORKER_ONLY, '**/client/islands/**', '**/src/pages/**'], 'stores depend only on lib, contracts and ui.'),
  },
  {
    files: ['client/**'],
    rules: restrict([...WORKER_ONLY, '**/src/pages/**'], 'the browser bundle never imports worker-only code.'),
  },
  // Repos own all SQL (docs/architecture.md, "The commerce side"): `.prepare(` only in a `*/repo.ts`.
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: [
      'src/**/repo.ts',
      // The metering decorator of the D1 binding: its `prepare` forwards to the binding's own.
      'src/middleware/d1-meter.ts',
      // Owned by the live payments work (feat/paywire); its SQL moves to payments/live/repo.ts there.
      'src/commerce/payments/live/events.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='prepare']",
          message: 'SQL lives in a repo: put this statement in the domain\'s repo.ts and call its method.',
        },
      ],
    },
  },
);
