// The cart's SQL: the cart, its lines and the retry's restore; the login merge's is merge-repo.ts.
export interface CartRow {
  id: string;
  customer_id: number | null;
  status: string;
  email: string | null;
  coupon_code: string | null;
  seller_code: string | null;
  cashback_cents: number;
  cashback_evaluate: number;
  request_token: string;
  shipping_selection: string | null;
  shipping_zip: string | null;
}

export interface CartLineRow {
  id: number;
  product_item_id: number;
  amount: number;
  gift: number;
  gift_coupon: string | null;
  list_price_cents: number;
  sale_price_cents: number;
  color_name: string;
  color_slug: string;
  size: string;
  product_id: number;
  slug: string;
  name: string;
  description: string;
  details: string;
  pre_sale: number;
  photo: string | null;
  stock: number;
}

export interface SkuRow {
  id: number;
  product_id: number;
  gift: number;
  gift_coupon: string | null;
  stock: number;
}

export interface AddLine {
  cartId: string;
  productItemId: number;
  amount: number;
  gift: boolean;
  giftCoupon: string | null;
  insertedLink: string | null;
}

/**
 * What a cart may hold of a SKU: the most any ONE store holds. A line ships whole from one store (one package
 * per store, inventory/allocate.ts), so units spread over stores could be added but never quoted or ordered.
 */
export const STOCK_OF = (sku: string) =>
  `(SELECT coalesce(max(quantity), 0) FROM stock WHERE product_item_id = ${sku})`;

export interface CartRepo {
  find(id: string): Promise<CartRow | null>;
  lines(id: string): Promise<CartLineRow[]>;
  sku(productItemId: number): Promise<SkuRow | null>;
  line(cartId: string, itemId: number): Promise<{ amount: number; product_item_id: number } | null>;
  /** Creates the cart when new and adds the line, in one batch; the line is guarded by stock and the limit. */
  /** `create.customerId`: the signed-in shopper creating the cart owns it from this very batch. */
  add(
    line: AddLine,
    create: { requestToken: string; customerId: number | null } | null,
    maxAmount: number,
  ): Promise<boolean>;
  /**
   * Statements for another domain's batch (the orders' retry): lines back into `cartId` (created when `create`),
   * each as much as the limit and the stock allow (never below what the cart already holds), all of them only
   * while `guard(n)` holds (an SQL condition whose one value, `guardValue`, is bound as ?n).
   */
  restoreStatements(
    cartId: string,
    lines: { productItemId: number; amount: number }[],
    create: { requestToken: string; customerId: number | null } | null,
    maxAmount: number,
    guard: { sql: (n: number) => string; value: string },
  ): D1PreparedStatement[];
  setAmount(cartId: string, itemId: number, amount: number, maxAmount: number): Promise<boolean>;
  remove(cartId: string, itemId: number): Promise<boolean>;
  setEmail(cartId: string, email: string): Promise<boolean>;
  /** The request token of an open cart not bound to a customer other than `customerId`, or null. */
  requestToken(cartId: string, customerId: number | null): Promise<string | null>;
}

export function cartRepo(db: D1Database): CartRepo {
  // Runs right after a line write in the same batch: only a write that changed a row touches the cart, so a
  // refused add/update/remove leaves the cart exactly as it was (changes() = the previous statement's count).
  const touch = (id: string) =>
    db
      .prepare("UPDATE carts SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ? AND changes() > 0")
      .bind(id);
  return {
    async find(id) {
      return db.prepare("SELECT * FROM carts WHERE id = ? AND status = 'open'").bind(id).first<CartRow>();
    },
    async lines(id) {
      const { results } = await db
        .prepare(
          `SELECT ci.id, ci.product_item_id, ci.amount, ci.gift, ci.gift_coupon,
                  i.list_price_cents, i.sale_price_cents, i.color_name, i.color_slug, i.size,
                  p.id AS product_id, p.slug, p.name, p.description, p.details, p.pre_sale,
                  (SELECT ph.file FROM product_photos ph WHERE ph.product_id = p.id AND ph.color_slug = i.color_slug
                    ORDER BY ph.position LIMIT 1) AS photo,
                  ${STOCK_OF('i.id')} AS stock
             FROM cart_items ci
             JOIN product_items i ON i.id = ci.product_item_id
             JOIN products p ON p.id = i.product_id
            WHERE ci.cart_id = ?
            ORDER BY ci.id`,
        )
        .bind(id)
        .all<CartLineRow>();
      return results;
    },
    async sku(productItemId) {
      return db
        .prepare(
          `SELECT i.id, i.product_id, p.gift, i.gift_coupon, ${STOCK_OF('i.id')} AS stock
             FROM product_items i JOIN products p ON p.id = i.product_id WHERE i.id = ?`,
        )
        .bind(productItemId)
        .first<SkuRow>();
    },
    async line(cartId, itemId) {
      return db
        .prepare('SELECT amount, product_item_id FROM cart_items WHERE id = ? AND cart_id = ?')
        .bind(itemId, cartId)
        .first();
    },
    async add(line, create, maxAmount) {
      // One statement decides and writes, so concurrent adds serialise in D1 and never lose an update.
      const upsert = db
        .prepare(
          `INSERT INTO cart_items (cart_id, product_item_id, amount, gift, gift_coupon, inserted_link)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6
            WHERE ?3 <= ?7 AND ?3 <= ${STOCK_OF('?2')}
              AND EXISTS (SELECT 1 FROM carts WHERE id = ?1 AND status = 'open')
           ON CONFLICT (cart_id, product_item_id, gift) DO UPDATE SET amount = cart_items.amount + excluded.amount
            WHERE cart_items.amount + excluded.amount <= ?7
              AND cart_items.amount + excluded.amount <= ${STOCK_OF('excluded.product_item_id')}`,
        )
        .bind(
          line.cartId,
          line.productItemId,
          line.amount,
          line.gift ? 1 : 0,
          line.giftCoupon,
          line.insertedLink,
          maxAmount,
        );
      const statements = create
        ? [
            db
              .prepare('INSERT INTO carts (id, request_token, customer_id) VALUES (?, ?, ?)')
              .bind(line.cartId, create.requestToken, create.customerId),
            upsert,
          ]
        : [upsert, touch(line.cartId)];
      const results = await db.batch(statements);
      return (results[create ? 1 : 0]?.meta.changes ?? 0) > 0;
    },
    restoreStatements(cartId, lines, create, maxAmount, guard) {
      const fits = `min(?3, ?4, ${STOCK_OF('?2')})`;
      return [
        ...(create
          ? [
              db
                .prepare(`INSERT INTO carts (id, request_token, customer_id) SELECT ?1, ?2, ?3 WHERE ${guard.sql(4)}`)
                .bind(cartId, create.requestToken, create.customerId, guard.value),
            ]
          : []),
        ...lines.map((line) =>
          db
            .prepare(
              `INSERT INTO cart_items (cart_id, product_item_id, amount, gift)
               SELECT ?1, ?2, ${fits}, 0
                WHERE ${fits} >= 1 AND ${guard.sql(5)} AND EXISTS (SELECT 1 FROM carts WHERE id = ?1 AND status = 'open')
               ON CONFLICT (cart_id, product_item_id, gift) DO UPDATE
                  SET amount = max(cart_items.amount, min(cart_items.amount + excluded.amount, ?4, ${STOCK_OF('excluded.product_item_id')}))`,
            )
            .bind(cartId, line.productItemId, line.amount, maxAmount, guard.value),
        ),
        touch(cartId),
      ];
    },
    async setAmount(cartId, itemId, amount, maxAmount) {
      const [result] = await db.batch([
        db
          .prepare(
            `UPDATE cart_items SET amount = ?3
              WHERE id = ?1 AND cart_id = ?2 AND gift = 0 AND ?3 <= ?4 AND ?3 <= ${STOCK_OF('cart_items.product_item_id')}
                AND EXISTS (SELECT 1 FROM carts WHERE id = ?2 AND status = 'open')`,
          )
          .bind(itemId, cartId, amount, maxAmount),
        touch(cartId),
      ]);
      return (result?.meta.changes ?? 0) > 0;
    },
    async remove(cartId, itemId) {
      // A refused removal writes nothing: the line must be in this open cart before the batch runs.
      const line = await db
        .prepare(
          "SELECT 1 FROM cart_items i JOIN carts c ON c.id = i.cart_id WHERE i.id = ? AND i.cart_id = ? AND c.status = 'open'",
        )
        .bind(itemId, cartId)
        .first();
      if (!line) return false;
      // One batch: the line (and the cart's updated_at, only if it went), then — once no paid line is left — the
      // coupon's gift lines and the shipping choice (a lone gift line used to keep the cart at count 1, total 0,
      // shipping R$ 15,90).
      const [result] = await db.batch([
        db
          .prepare(
            "DELETE FROM cart_items WHERE id = ? AND cart_id = ? AND EXISTS (SELECT 1 FROM carts WHERE id = ? AND status = 'open')",
          )
          .bind(itemId, cartId, cartId),
        touch(cartId),
        db
          .prepare(
            `DELETE FROM cart_items WHERE cart_id = ?1 AND gift = 1
               AND NOT EXISTS (SELECT 1 FROM cart_items WHERE cart_id = ?1 AND gift = 0)
               AND EXISTS (SELECT 1 FROM carts WHERE id = ?1 AND status = 'open')`,
          )
          .bind(cartId),
        db
          .prepare(
            `UPDATE carts SET shipping_selection = NULL WHERE id = ?1 AND status = 'open' AND shipping_selection IS NOT NULL
               AND NOT EXISTS (SELECT 1 FROM cart_items WHERE cart_id = ?1 AND gift = 0)`,
          )
          .bind(cartId),
      ]);
      return (result?.meta.changes ?? 0) > 0;
    },
    async setEmail(cartId, email) {
      const result = await db
        .prepare("UPDATE carts SET email = ? WHERE id = ? AND status = 'open'")
        .bind(email, cartId)
        .run();
      return result.meta.changes > 0;
    },
    async requestToken(cartId, customerId) {
      const row = await db
        .prepare(
          "SELECT request_token FROM carts WHERE id = ? AND status = 'open' AND (customer_id IS NULL OR customer_id = ?)",
        )
        .bind(cartId, customerId)
        .first<{ request_token: string }>();
      return row?.request_token ?? null;
    },
  };
}
