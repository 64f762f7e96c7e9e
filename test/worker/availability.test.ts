import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { ListingResultSchema } from '../../src/contracts/catalog';
import { CARD, FACTORY_ID, cartWith, finished, orderBody, paymentRef, sandbox, stockOf } from './checkout-helpers';
import { makeApp, seed } from './app-harness';

// The availability flags (migration 0011) that listings, search and facets read instead of probing `stock`
// must always say what `stock` says, whatever wrote it.

const app = makeApp();

/** SKUs and products whose flag disagrees with their stock (0 when in step). */
async function outOfStep(): Promise<number> {
  const row = await env.DB.prepare(
    `SELECT (SELECT count(*) FROM product_items i
              WHERE i.available != EXISTS (SELECT 1 FROM stock s WHERE s.product_item_id = i.id AND s.quantity > 0))
          + (SELECT count(*) FROM products p
              WHERE p.available != EXISTS (SELECT 1 FROM product_items i JOIN stock s ON s.product_item_id = i.id
                                            WHERE i.product_id = p.id AND s.quantity > 0)) AS n`,
  ).first<{ n: number }>();
  return row!.n;
}

const flags = async (sku: number) =>
  (await env.DB.prepare(
    'SELECT i.available AS item, p.available AS product FROM product_items i JOIN products p ON p.id = i.product_id WHERE i.id = ?',
  )
    .bind(sku)
    .first<{ item: number; product: number }>())!;

/** Every product id of a listing, page by page. */
async function listed(slug: string): Promise<{ ids: number[]; total: number }> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const res = await app.request(`/api/catalog/listing?slug=${slug}&pagina=${page}`);
    expect(res.status).toBe(200);
    const result = ListingResultSchema.parse(await res.json());
    ids.push(...result.products.map((p) => p.id));
    if (page >= result.pages) return { ids, total: result.total };
  }
}

describe('availability flags', () => {
  beforeAll(() => seed());

  it('the seed leaves every flag in step with stock, with both states present', async () => {
    expect(await outOfStep()).toBe(0);
    const states = await env.DB.prepare(
      'SELECT available, count(*) AS n FROM product_items GROUP BY available ORDER BY available',
    ).all<{ available: number; n: number }>();
    expect(states.results.map((r) => r.available)).toEqual([0, 1]);
  });

  it("an order taking a product's last unit hides it; cancelling the order gives the stock back and shows it again", async () => {
    // A listed product whose only stock is one unit of one SKU at the factory.
    const product = (await env.DB.prepare(
      `SELECT p.id, (SELECT slug FROM product_listings l WHERE l.product_id = p.id ORDER BY length(slug) DESC, slug LIMIT 1) AS slug
         FROM products p WHERE p.gift = 0 AND p.available = 1 ORDER BY p.id LIMIT 1 OFFSET 7`,
    ).first<{ id: number; slug: string }>())!;
    const sku = (await env.DB.prepare('SELECT id FROM product_items WHERE product_id = ? ORDER BY id LIMIT 1')
      .bind(product.id)
      .first<{ id: number }>())!.id;
    await env.DB.batch([
      env.DB.prepare(
        'UPDATE stock SET quantity = 0 WHERE product_item_id IN (SELECT id FROM product_items WHERE product_id = ?)',
      ).bind(product.id),
      env.DB.prepare('UPDATE stock SET quantity = 1 WHERE product_item_id = ? AND store_id = ?').bind(sku, FACTORY_ID),
    ]);
    expect(await flags(sku)).toEqual({ item: 1, product: 1 });
    const before = await listed(product.slug);
    expect(before.ids).toContain(product.id);

    // Debit with 3-D Secure: the order is created (stock taken) and waits for the code.
    const cartId = await cartWith([{ sku, amount: 1 }]);
    const result = await finished(
      app,
      orderBody(cartId, { paymentMethodId: 31, ...CARD, cardNumber: '4012001037141112' }),
    );
    expect(result.status).toBe('pending');
    expect(await stockOf(sku)).toBe(0);
    expect(await flags(sku)).toEqual({ item: 0, product: 0 });
    expect(await outOfStep()).toBe(0);
    const during = await listed(product.slug);
    expect(during.ids).not.toContain(product.id);
    expect(during.total).toBe(before.total - 1);

    // A wrong code cancels the order and releases its stock.
    const refused = await sandbox(app, {
      reference: await paymentRef(result.orderIds[0]!),
      action: 'challenge',
      code: '9999',
    });
    expect(refused.status).toBe(402);
    expect(await stockOf(sku)).toBe(1);
    expect(await flags(sku)).toEqual({ item: 1, product: 1 });
    expect(await outOfStep()).toBe(0);
    const after = await listed(product.slug);
    expect(after.ids).toContain(product.id);
    expect(after.total).toBe(before.total);
  });

  it('a paid order keeps the product hidden; stock written directly, added, replaced or deleted keeps the flags in step', async () => {
    const sku = (await env.DB.prepare(
      `SELECT i.id FROM product_items i JOIN products p ON p.id = i.product_id
        WHERE p.gift = 0 AND i.available = 1 AND i.id NOT IN (SELECT product_item_id FROM cart_items) ORDER BY i.id DESC LIMIT 1`,
    ).first<{ id: number }>())!.id;
    await env.DB.batch([
      env.DB.prepare('UPDATE stock SET quantity = 0 WHERE product_item_id = ?').bind(sku),
      env.DB.prepare('UPDATE stock SET quantity = 2 WHERE product_item_id = ? AND store_id = ?').bind(sku, FACTORY_ID),
    ]);
    const result = await finished(
      app,
      orderBody(await cartWith([{ sku, amount: 2 }]), { paymentMethodId: 1, installmentNumber: 1, ...CARD }),
    );
    expect(result.status).toBe('paid');
    expect((await flags(sku)).item).toBe(0);
    expect(await outOfStep()).toBe(0);

    await env.DB.prepare('DELETE FROM stock WHERE product_item_id = ? AND store_id = ?').bind(sku, FACTORY_ID).run();
    await env.DB.prepare('INSERT INTO stock (product_item_id, store_id, quantity) VALUES (?, ?, 5)')
      .bind(sku, FACTORY_ID)
      .run();
    expect((await flags(sku)).item).toBe(1);
    await env.DB.prepare('INSERT OR REPLACE INTO stock (product_item_id, store_id, quantity) VALUES (?, ?, 0)')
      .bind(sku, FACTORY_ID)
      .run();
    expect((await flags(sku)).item).toBe(0);
    await env.DB.prepare('INSERT OR REPLACE INTO stock (product_item_id, store_id, quantity) VALUES (?, ?, 4)')
      .bind(sku, FACTORY_ID)
      .run();
    expect((await flags(sku)).item).toBe(1);
    await env.DB.prepare('DELETE FROM stock WHERE product_item_id = ?').bind(sku).run();
    expect((await flags(sku)).item).toBe(0);
    expect(await outOfStep()).toBe(0);
  });
});
