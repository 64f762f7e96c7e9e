import tseslint from 'typescript-eslint';
import noProtoDictionary from './eslint-rules/no-proto-dictionary.js';
import onePlace from './eslint-rules/one-place.js';
import { messageEntries } from './eslint-rules/message-catalogues.js';

// Dependency direction (docs/architecture.md): lib, contracts → ui → client/stores → client/islands →
// client/main.ts, client/app.tsx and src/pages. Browser-side code never imports worker-only modules.
const WORKER_ONLY = [
  '**/src/app',
  '**/src/healthz',
  '**/src/html/**',
  '**/src/http/**',
  '**/src/edge-cache/**',
  '**/src/commerce/**',
  '**/src/db/**',
  '**/src/env',
];
const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

/** Any call of `fetch` (bare, window., globalThis., self.). */
const NO_FETCH = [
  "CallExpression[callee.name='fetch']",
  "CallExpression[callee.type='MemberExpression'][callee.property.name='fetch'][callee.object.name=/^(window|globalThis|self)$/]",
];

const BROWSER = [
  { group: [...WORKER_ONLY, '**/src/pages/**'], message: 'the browser bundle never imports worker-only code.' },
];
/** Stores and islands get their gateways injected; api() itself is the gateways' tool. */
const INJECTED = [
  {
    group: ['**/api', '**/client/api'],
    importNames: ['api'],
    message: 'Stores and islands reach /api through injected gateways (client/gateways/), never api() itself.',
  },
  {
    group: ['**/gateways', '**/gateways/*'],
    allowTypeImports: true,
    message: 'Gateways are injected (createStores → stores.gateways), not imported.',
  },
];

/**
 * One rule, one place: a second copy of a rule that has its own module is an error outside that module.
 * `allow` lists path suffixes (from the repo root) of the files that may hold it.
 * @type {{ selector: string, allow: string[], message: string }[]}
 */
const ONE_PLACE = [
  // money (src/lib/format/money.ts)
  {
    selector: "CallExpression[callee.property.name='toFixed'][arguments.0.value=2]",
    // These scripts print timings, load averages and Lighthouse scores with two decimals: not money.
    allow: ['src/lib/format/money.ts', 'scripts/bench.mjs', 'scripts/first-tap.mjs', 'scripts/lighthouse.mjs'],
    message: 'Cents become a decimal string ("123.45") in src/lib/format/money.ts: use centsToDecimal.',
  },
  {
    selector: "NewExpression[callee.property.name='NumberFormat']:has(Property[key.name='currency'])",
    allow: ['src/lib/format/money.ts'],
    message: 'Money is formatted for display in src/lib/format/money.ts: use formatBRL or formatAmount.',
  },
  // dates (src/lib/format/dates.ts)
  {
    // A regex (`.` for the slash, which esquery's regex syntax cannot escape): the zone inside a longer string counts too.
    selector: 'Literal[value=/America.Sao_Paulo/], TemplateElement[value.raw=/America.Sao_Paulo/]',
    allow: ['src/lib/format/dates.ts'],
    message: "São Paulo's time zone is named in src/lib/format/dates.ts: use its helpers or STORE_TIME_ZONE.",
  },
  {
    selector:
      'Literal[value=86400000], BinaryExpression[operator="*"][left.operator="*"][left.left.operator="*"][left.left.left.value=24][left.left.right.value=60][left.right.value=60][right.value=1000]',
    allow: ['src/lib/format/day.ts'],
    message: 'One day in ms is DAY_MS in src/lib/format/day.ts (dates.ts re-exports it).',
  },
  // CEP (src/lib/customer/cep.ts)
  {
    // An eight-digit check written as a regex literal (`/^\d{8}$/`, `/[0-9]{8}/`).
    selector: 'Literal[regex.pattern=/\\\\d\\{8\\}|\\[0-9\\]\\{8\\}/]',
    allow: ['src/lib/customer/cep.ts'],
    message:
      'The 8-digit CEP check lives in src/lib/customer/cep.ts: isCepDigits, isCompleteCep, or CEP_DIGITS in a zod schema.',
  },
  // messages (their catalogues)
  ...messageEntries(),
  // order total (src/lib/checkout/order-total.ts) and the finish-order body (src/lib/checkout/finish-order-body.ts)
  {
    selector: "BinaryExpression[operator='-'][right.property.name='cashback_value']",
    allow: ['src/lib/checkout/order-total.ts'],
    message: 'The goods after discounts and cashback are `goodsTotal` (src/lib/checkout/order-total.ts).',
  },
  {
    selector: "ConditionalExpression[test.callee.name='shipsFree'][consequent.value=0]",
    allow: ['src/lib/checkout/order-total.ts'],
    message: "A package's shipping as the shopper pays it is `shippingCharge` (src/lib/checkout/order-total.ts).",
  },
  {
    selector: "ObjectExpression > Property[key.name='anonymousConsumer']",
    allow: ['src/lib/checkout/finish-order-body.ts', 'src/contracts/checkout.ts'],
    message: 'A finish-order body is built by `finishOrderBody` (src/lib/checkout/finish-order-body.ts).',
  },
];

export default tseslint.config(
  { ignores: ['node_modules', '.wrangler', 'public', 'src/generated', 'test-results', 'playwright-report'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // A lookup table read with a computed key never inherits Object.prototype: a key from input such as
  // 'constructor' must find nothing (src/lib/security/dict.ts, ADR 0012). Shipped code only; scripts read their own data.
  {
    files: ['src/**/*.ts', 'src/**/*.tsx', 'client/**/*.ts', 'client/**/*.tsx'],
    plugins: { local: { rules: { 'no-proto-dictionary': noProtoDictionary } } },
    rules: { 'local/no-proto-dictionary': 'error' },
  },
  {
    files: ['src/**/*.ts', 'src/**/*.tsx', 'client/**/*.ts', 'client/**/*.tsx', 'scripts/**/*.mjs'],
    plugins: { one: { rules: { 'one-place': onePlace } } },
    rules: { 'one/one-place': ['error', ONE_PLACE] },
  },
  {
    files: ['src/lib/**', 'src/contracts/**'],
    // The back office's permission table (src/commerce/staff/permissions.ts) is pure data (it imports only src/lib), defined once
    // for the guard, the contracts and the pages (ADR 0028).
    rules: restrict(
      [
        ...WORKER_ONLY,
        '!**/commerce/staff/permissions',
        '**/src/ui/**',
        '**/client/**',
        '**/src/pages/**',
        'react',
        'hono',
        'hono/*',
      ],
      'lib and contracts are pure and isomorphic.',
    ),
  },
  {
    files: ['src/ui/**'],
    rules: restrict([...WORKER_ONLY, '**/client/**', '**/src/pages/**'], 'ui is presentational: props in, JSX out.'),
  },
  // The edge cache (src/edge-cache) is request infrastructure under the pages: the app, the security headers and
  // the pages use it (the page wrapper, the content version); it never imports a page, the /api mounting or the app.
  {
    files: ['src/edge-cache/**'],
    rules: restrict(
      ['**/src/pages/**', '../pages/**', '**/src/commerce/routes', '../commerce/routes', '**/src/app', '../app'],
      'the edge cache is request infrastructure: pages use it, it never imports them.',
    ),
  },
  // Pages (SSR) import the commerce port and its error type, contracts, lib, ui, the request toolkit
  // (src/http), the edge cache (src/edge-cache) and the islands they render — never commerce internals, the database or the /api mounting.
  // The page deadline and the noindex header (src/http/middleware/availability, noindex) are still read here.
  {
    files: ['src/pages/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // The permission table (src/commerce/staff/permissions.ts, pure data) is the one other commerce module a page reads.
              group: [
                '**/commerce/**',
                '!**/commerce/port',
                '!**/commerce/domain-error',
                '!**/commerce/staff',
                '**/commerce/staff/*',
                '!**/commerce/staff/permissions',
              ],
              message:
                'Pages reach commerce through the port (c.var.commerce, src/commerce/port.ts); add a port method.',
            },
            {
              group: ['**/db/**', '**/src/healthz', '../healthz', '**/src/app', '../app'],
              message: 'Pages never import the database or the /api mounting.',
            },
            {
              group: ['**/middleware/**', '!**/middleware/availability', '!**/middleware/noindex'],
              message: 'Pages import only the port, contracts, lib, ui, src/http and src/edge-cache.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/stores/**'],
    rules: restrict(
      [...WORKER_ONLY, '**/client/islands/**', '**/src/pages/**'],
      'stores depend only on lib, contracts and ui.',
    ),
  },
  {
    files: ['client/**'],
    rules: restrict([...WORKER_ONLY, '**/src/pages/**'], 'the browser bundle never imports worker-only code.'),
  },
  // One client data layer, so every /api answer is read and its errors shaped the same way: `client/api.ts` is the
  // only `fetch` to /api; gateways (client/gateways/) are built on it and handed to the stores.
  // `client/navigation.ts` fetches HTML documents, not /api.
  {
    files: ['client/**'],
    ignores: ['client/api.ts', 'client/navigation.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...NO_FETCH.map((selector) => ({
          selector,
          message:
            'Call /api through a gateway on client/api.ts (client/gateways/), reached from a store action or stores.gateways.',
        })),
      ],
    },
  },
  {
    files: ['client/stores/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...BROWSER,
            { group: ['**/client/islands/**'], message: 'stores depend only on lib, contracts and ui.' },
            ...INJECTED,
          ],
        },
      ],
    },
  },
  {
    files: ['client/islands/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...BROWSER, ...INJECTED] }] },
  },
  // Repos own all SQL (docs/architecture.md, "The commerce side"): `.prepare(` only in a `*/repo.ts`, or in a
  // `*/<concern>-repo.ts` beside it when one domain's repo is split by concern.
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: [
      'src/**/repo.ts',
      'src/**/*-repo.ts',
      // The metering decorator of the D1 binding: its `prepare` forwards to the binding's own.
      'src/http/middleware/d1-meter.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='prepare']",
          message: "SQL lives in a repo: put this statement in the domain's repo.ts and call its method.",
        },
      ],
    },
  },
);
