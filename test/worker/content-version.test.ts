import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { seed } from './app-harness';

/** What a cached page is checked against (migration 0016; products and SKUs: migration 0024). */
async function version(): Promise<number> {
  return (await env.DB.prepare('SELECT version FROM content_version WHERE id = 1').first<{ version: number }>())!
    .version;
}

async function bumps(sql: string, ...params: unknown[]): Promise<number> {
  const before = await version();
  const { meta } = await env.DB.prepare(sql)
    .bind(...params)
    .run();
  // (D1 counts the trigger's own write too.)
  expect(meta.changes).toBeGreaterThanOrEqual(1);
  return (await version()) - before;
}

/** The update triggers 0016 had for products and SKUs before it was trimmed (a database migrated then has them). */
const TRIMMED_FROM_0016 = [
  'CREATE TRIGGER products_content_update AFTER UPDATE OF slug, name, description, details, department_slug, department_name, category_slug, category_name, pre_sale, gift, price_cents, list_price_cents, discount_pct, popularity, created_at ON products BEGIN UPDATE content_version SET version = version + 1 WHERE id = 1; END',
  'CREATE TRIGGER products_content_available AFTER UPDATE OF available ON products WHEN OLD.available IS NOT NEW.available BEGIN UPDATE content_version SET version = version + 1 WHERE id = 1; END',
  'CREATE TRIGGER product_items_content_update AFTER UPDATE OF product_id, sku, color_slug, color_name, color_hex, size, size_order, list_price_cents, sale_price_cents, gift_coupon ON product_items BEGIN UPDATE content_version SET version = version + 1 WHERE id = 1; END',
  'CREATE TRIGGER product_items_content_available AFTER UPDATE OF available ON product_items WHEN OLD.available IS NOT NEW.available BEGIN UPDATE content_version SET version = version + 1 WHERE id = 1; END',
];

async function triggers(): Promise<{ name: string; sql: string }[]> {
  const { results } = await env.DB.prepare(
    "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('products', 'product_items') ORDER BY name",
  ).all<{ name: string; sql: string }>();
  return results;
}

describe('content version on product and SKU updates (migration 0024)', () => {
  it('is bumped by a change of any shown value, the stock flag included, and kept by a save that changes nothing', async () => {
    await seed();
    const sku = (await env.DB.prepare(
      'SELECT id, product_id FROM product_items WHERE gift_coupon IS NULL LIMIT 1',
    ).first<{ id: number; product_id: number }>())!;
    // Saved unchanged: every cached page stays.
    expect(
      await bumps(
        'UPDATE products SET name = name, price_cents = price_cents, available = available WHERE id = ?',
        sku.product_id,
      ),
    ).toBe(0);
    expect(
      await bumps(
        'UPDATE product_items SET sale_price_cents = sale_price_cents, available = available WHERE id = ?',
        sku.id,
      ),
    ).toBe(0);
    // Each shown value: once per change.
    expect(await bumps("UPDATE products SET name = name || ' novo' WHERE id = ?", sku.product_id)).toBe(1);
    expect(await bumps('UPDATE products SET popularity = popularity + 1 WHERE id = ?', sku.product_id)).toBe(1);
    expect(await bumps('UPDATE products SET available = 1 - available WHERE id = ?', sku.product_id)).toBe(1);
    expect(await bumps('UPDATE product_items SET list_price_cents = list_price_cents + 100 WHERE id = ?', sku.id)).toBe(
      1,
    );
    // NULL to a value is a change (IS NOT, not <>).
    expect(await bumps("UPDATE product_items SET gift_coupon = 'BRINDE' WHERE id = ?", sku.id)).toBe(1);
    // The GTIN the feed and the page's JSON-LD publish (migration 0026).
    expect(
      await bumps(
        "UPDATE product_items SET gtin = '7891000100103' WHERE id = ? AND gtin IS NOT '7891000100103'",
        sku.id,
      ),
    ).toBe(1);
    // (The SKU's flag can flip its product's too, migration 0011: a second bump.)
    expect(
      await bumps('UPDATE product_items SET available = 1 - available WHERE id = ?', sku.id),
    ).toBeGreaterThanOrEqual(1);
  });

  it('leaves a database that applied 0016 before it was trimmed with the same triggers as one migrated from empty', async () => {
    const fresh = await triggers();
    expect(fresh.map((t) => t.name)).toEqual(
      expect.arrayContaining(['product_items_content_change', 'products_content_change']),
    );
    // That database: the old update triggers, not 0024's.
    await env.DB.batch([
      env.DB.prepare('DROP TRIGGER products_content_change'),
      env.DB.prepare('DROP TRIGGER product_items_content_change'),
      ...TRIMMED_FROM_0016.map((sql) => env.DB.prepare(sql)),
    ]);
    expect((await triggers()).map((t) => t.name)).toContain('products_content_available');
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0024_'))!;
    await env.DB.batch(migration.queries.map((sql) => env.DB.prepare(sql)));
    // Then the triggers later migrations replaced (0026: the SKU trigger with the GTIN; 0034: the product trigger with
    // `published`), as that database goes on to apply them.
    const later = env.TEST_MIGRATIONS.filter((m) => m.name >= '0025').flatMap((m) =>
      m.queries.filter((sql) => /TRIGGER (IF EXISTS )?products?(_items)?_content_change\b/i.test(sql)),
    );
    expect(later).toHaveLength(4);
    await env.DB.batch(later.map((sql) => env.DB.prepare(sql)));
    expect(await triggers()).toEqual(fresh);
  });
});
