export interface FavoriteRow {
  id: number;
  product_item_id: number;
  slug: string;
  name: string;
  size: string;
  /** 0: saved before a size was chosen (the item only names the colour). */
  size_chosen: number;
  /** How many sizes the item's colour comes in (one: that size is the only choice). */
  sizes: number;
  color_name: string;
  color_slug: string;
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
          `SELECT f.id, f.product_item_id, p.slug, p.name, i.size, f.size_chosen, i.color_name, i.color_slug,
                  i.sale_price_cents, i.list_price_cents,
                  (SELECT count(*) FROM product_items j WHERE j.product_id = i.product_id AND j.color_slug = i.color_slug) AS sizes,
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
    /** Idempotent (one row per item; saving it again records whether a size was chosen); a gift or unknown item inserts nothing. */
    add: (customerId: number, productItemId: number, sizeChosen: boolean) =>
      db
        .prepare(
          `INSERT INTO favorites (customer_id, product_item_id, size_chosen)
           SELECT ?, i.id, ? FROM product_items i JOIN products p ON p.id = i.product_id WHERE i.id = ? AND p.gift = 0
           ON CONFLICT (customer_id, product_item_id) DO UPDATE SET size_chosen = excluded.size_chosen`,
        )
        .bind(customerId, sizeChosen ? 1 : 0, productItemId)
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
