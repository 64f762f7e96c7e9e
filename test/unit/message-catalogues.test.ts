import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { catalogueTexts, messageEntries } from '../../eslint-rules/message-catalogues.js';
import rule from '../../eslint-rules/one-place.js';
import { CART_MESSAGES } from '../../src/lib/messages/cart';
import { COMMON_MESSAGES } from '../../src/lib/messages/common';
import { ORDER_LOOKUP_MESSAGES } from '../../src/lib/messages/orders';
import { PRODUCT_MESSAGES } from '../../src/lib/messages/products';
import { PROMOTION_MESSAGES } from '../../src/lib/messages/promotions';

const CATALOGUES = {
  'src/lib/messages/cart.ts': CART_MESSAGES,
  'src/lib/messages/common.ts': COMMON_MESSAGES,
  'src/lib/messages/orders.ts': ORDER_LOOKUP_MESSAGES,
  'src/lib/messages/products.ts': PRODUCT_MESSAGES,
  'src/lib/messages/promotions.ts': PROMOTION_MESSAGES,
};

function lint(code: string, filename: string) {
  const linter = new Linter({ configType: 'flat' });
  return linter.verify(
    code,
    [
      {
        files: ['**/*.ts', '**/*.tsx'],
        languageOptions: {
          parser: tseslint.parser as never,
          parserOptions: { ecmaFeatures: { jsx: true } },
        },
        plugins: { one: { rules: { 'one-place': rule } } },
        rules: { 'one/one-place': ['error', messageEntries()] },
      },
    ],
    filename,
  );
}

describe('message catalogues (src/lib/messages)', () => {
  it('the lint reads every text the catalogues hold, each under its own name', () => {
    const read = catalogueTexts().map(({ file, text }) => `${file} ${text}`);
    const held = Object.entries(CATALOGUES).flatMap(([file, texts]) =>
      Object.values(texts).map((text) => `${file} ${text}`),
    );
    expect(read.sort()).toEqual(held.sort());
    expect(catalogueTexts().find((t) => t.text === 'Pedido não encontrado.')?.path).toBe(
      'ORDER_LOOKUP_MESSAGES.orderNotFound',
    );
  });

  it('holds each text once', () => {
    const texts = catalogueTexts().map((t) => t.text);
    expect(texts.filter((text, i) => texts.indexOf(text) !== i)).toEqual([]);
  });

  it('flags a copy outside its catalogue: a literal, a template and JSX text', () => {
    const code = [
      "export const a = 'Pedido não encontrado.';",
      'export const b = (n: number) => `${n} — Não é possível aplicá-lo!`;',
      'export const c = <p>Sua sacola está vazia.</p>;',
      "export const d = 'Pedido não encontrado';",
    ].join('\n');
    const messages = lint(code, 'src/pages/x.tsx').map((m) => `${m.line} ${m.message}`);
    expect(messages).toEqual([
      "1 'Pedido não encontrado.' is ORDER_LOOKUP_MESSAGES.orderNotFound (src/lib/messages/orders.ts): import it from its catalogue.",
      "2 'Não é possível aplicá-lo!' is PROMOTION_MESSAGES.restricted (src/lib/messages/promotions.ts): import it from its catalogue.",
      "3 'Sua sacola está vazia.' is CART_MESSAGES.empty (src/lib/messages/cart.ts): import it from its catalogue.",
    ]);
  });

  it('lets the catalogue hold its own text', () => {
    expect(lint("export const M = { orderNotFound: 'Pedido não encontrado.' };", 'src/lib/messages/orders.ts')).toEqual(
      [],
    );
  });
});
