export interface FavoriteRow {
  id: number;
  product_item_id: number;
  slug: string;
  name: string;
  size: string;
  color_name: string;
  sale_price_cents: number;
  list_price_cents: number;
  photo: string | null;
  stock: number;
}

/** Favorites SQL: every statement is scoped by customer id. */
export function favoritesRepo(db: D1Database) {
  return {
    list: (customerId: number) =>
      db
        .prepare(
          `SELECT f.id, f.product_item_id, p.slug, p.name, i.size, i.color_name, i.sale_price_cents, i.list_price_cents,
                  (SELECT ph.file FROM product_photos ph WHERE ph.product_id = p.id AND ph.color_slug = i.color_slug
                    ORDER BY ph.position LIMIT 1) AS photo,
                  COALESCE((SELECT sum(s.quantity) FROM stock s WHERE s.product_item_id = i.id), 0) AS stock
             FROM favorites f JOIN product_items i ON i.id = f.product_item_id JOIN products p ON p.id = i.product_id
            WHERE f.customer_id = ? ORDER BY f.id DESC`,
        )
        .bind(customerId)
        .all<FavoriteRow>()
        .then((r) => r.results),
    ids: (customerId: number) =>
      db
        .prepare('SELECT product_item_id FROM favorites WHERE customer_id = ? ORDER BY id DESC')
        .bind(customerId)
        .all<{ product_item_id: number }>()
        .then((r) => r.results.map((row) => row.product_item_id)),
    /** Idempotent (one row per item); a gift or unknown item inserts nothing. */
    add: (customerId: number, productItemId: number) =>
      db
        .prepare(
          `INSERT INTO favorites (customer_id, product_item_id)
           SELECT ?, i.id FROM product_items i JOIN products p ON p.id = i.product_id WHERE i.id = ? AND p.gift = 0
           ON CONFLICT (customer_id, product_item_id) DO NOTHING`,
        )
        .bind(customerId, productItemId)
        .run(),
    /** By product item id (what the spec's favorites cookie and the hearts know). */
    remove: (customerId: number, productItemId: number) =>
      db
        .prepare('DELETE FROM favorites WHERE customer_id = ? AND product_item_id = ?')
        .bind(customerId, productItemId)
        .run(),
  };
}
export type FavoritesRepo = ReturnType<typeof favoritesRepo>;
