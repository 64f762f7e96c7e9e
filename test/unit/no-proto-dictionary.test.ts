import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import rule from '../../eslint-rules/no-proto-dictionary.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser as never } });
// A file of this repo that exports a dict() table and one literal table is what an imported name resolves to.
const here = new URL('./', import.meta.url).pathname;

tester.run('no-proto-dictionary', rule, {
  valid: [
    "import { dict } from '../src/lib/security/dict'; const T = dict({ a: 1 }); export const f = (k: string) => T[k];",
    'const T = Object.create(null); export const f = (k: string) => T[k];',
    'const T = new Map<string, number>(); export const f = (k: string) => T.get(k);',
    "const T = { a: 1 }; export const f = () => T['a'] + T.a;",
    'const out: Record<string, number> = {}; export const set = (k: string) => { out[k] = 1; };',
    'const list = [1, 2]; export const f = (i: number) => list[i];',
    {
      code: "import { ALTERNATE_SPELLINGS } from '../../src/lib/catalog/search-terms'; export const f = (k: string) => ALTERNATE_SPELLINGS[k];",
      filename: `${here}x.ts`,
    },
  ],
  invalid: [
    { code: 'const T = { a: 1 }; export const f = (k: string) => T[k];', errors: [{ messageId: 'lookup' }] },
    { code: 'const T = { a: 1 } as const; export const f = (k: string) => k in T;', errors: [{ messageId: 'lookup' }] },
    {
      code: 'const T: Record<string, string> = {}; export const f = (k: string) => T[k] ?? null;',
      errors: [{ messageId: 'lookup' }],
    },
    {
      code: 'const T = Object.freeze({ a: 1 }); export const f = (k: string) => T[k as "a"];',
      errors: [{ messageId: 'lookup' }],
    },
    {
      code: "const T = Object.fromEntries([['a', 1]]); export const f = (k: string) => T[k];",
      errors: [{ messageId: 'lookup' }],
    },
    // An object literal exported by another file of the repo (resolved and parsed): CARRIERS was one before dict().
    {
      code: "import { LEAD_RATE } from '../../src/commerce/leads/service'; export const f = (k: 'limit') => LEAD_RATE[k];",
      filename: `${here}x.ts`,
      errors: [{ messageId: 'lookup' }],
    },
  ],
});
