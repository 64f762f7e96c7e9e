import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The repo's own lint config (eslint.config.js ONE_PLACE): a second copy of the order total's pieces or of the
// finish-order body fails the lint.
const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });
async function onePlace(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'one/one-place').map((m) => m.message);
}

describe('one place for the order total and the finish-order body (eslint.config.js)', () => {
  // Loading the config and the TypeScript parser is the slow part: once, outside the cases' time limit.
  beforeAll(() => onePlace('src/lib/x.ts', 'export {};\n'), 120_000);
  it('goods minus cashback only in src/lib/checkout/order-total.ts', async () => {
    const code = 'export const f = (c: { goods: number; cashback_value: number }) => c.goods - c.cashback_value;\n';
    expect(await onePlace('client/stores/checkout/state.ts', code)).toEqual([expect.stringContaining('goodsTotal')]);
    expect(await onePlace('src/commerce/cart/pricing.ts', code)).toHaveLength(1);
    expect(await onePlace('src/lib/checkout/order-total.ts', code)).toEqual([]);
  });
  it("a free package's shipping only in src/lib/checkout/order-total.ts", async () => {
    const code =
      'declare function shipsFree(o: unknown): boolean;\nexport const f = (o: { price: number }) => (shipsFree(o) ? 0 : o.price);\n';
    expect(await onePlace('src/pages/checkout-finish.ts', code)).toEqual([expect.stringContaining('shippingCharge')]);
    expect(await onePlace('src/lib/checkout/order-total.ts', code)).toEqual([]);
  });
  it('a finish-order body only in src/lib/checkout/finish-order-body.ts', async () => {
    const code = 'export const body = { anonymousConsumer: { name: "x" }, items: [] };\n';
    expect(await onePlace('client/stores/checkout/finish.ts', code)).toEqual([
      expect.stringContaining('finishOrderBody'),
    ]);
    expect(await onePlace('src/lib/checkout/finish-order-body.ts', code)).toEqual([]);
    expect(await onePlace('src/contracts/checkout.ts', code)).toEqual([]);
  });
});
