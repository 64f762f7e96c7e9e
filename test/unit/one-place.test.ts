import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import rule from '../../eslint-rules/one-place.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser as never } });
const options = [
  [
    {
      selector: "CallExpression[callee.property.name='toFixed'][arguments.0.value=2]",
      allow: ['src/lib/format/money.ts'],
      message: 'Cents become a decimal string in src/lib/format/money.ts.',
    },
    { selector: "Literal[value='Pedido não encontrado.']", allow: ['src/lib/messages.ts'], message: 'catalogue' },
  ],
];

tester.run('one-place', rule, {
  valid: [
    {
      code: 'export const f = (c: number) => (c / 100).toFixed(2);',
      filename: '/repo/src/lib/format/money.ts',
      options,
    },
    { code: 'export const f = (c: number) => c.toFixed(1);', filename: '/repo/src/pages/x.ts', options },
    { code: "export const m = 'Pedido não encontrado.';", filename: '/repo/src/lib/messages.ts', options },
    { code: 'export const f = (c: number) => (c / 100).toFixed(2);', filename: '/repo/src/pages/x.ts' },
  ],
  invalid: [
    {
      code: 'export const f = (c: number) => (c / 100).toFixed(2);',
      filename: '/repo/src/pages/x.ts',
      options,
      errors: [{ message: 'Cents become a decimal string in src/lib/format/money.ts.' }],
    },
    {
      code: "export const m = 'Pedido não encontrado.'; export const n = (c: number) => c.toFixed(2);",
      filename: '/repo/src/lib/other-money.ts',
      options,
      errors: [{ message: 'catalogue' }, { message: 'Cents become a decimal string in src/lib/format/money.ts.' }],
    },
  ],
});
