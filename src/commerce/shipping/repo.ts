import { changedRows } from '../d1';

export interface StoreStockRow {
  key: string;
  name: string;
  address: string;
  city: string;
  state: string;
  allows_pickup: number;
  quantity: number;
}

export interface SkuStock {
  productItemId: number;
  /** The product's name (a cart line's name). */
  name: string;
  priceCents: number;
  /** Every store, with this SKU's quantity there (0 when it holds none). */
  stores: (StoreStockRow & { id: number })[];
}

export interface ShippingRepo {
  skuStock(sku: string): Promise<SkuStock | null>;
}

export function shippingRepo(db: D1Database): ShippingRepo {
  return {
    async skuStock(sku) {
      const item = await db
        .prepare(
          `SELECT i.id, p.name, CASE WHEN i.sale_price_cents > 0 THEN i.sale_price_cents ELSE i.list_price_cents END AS price
             FROM product_items i JOIN products p ON p.id = i.product_id
            WHERE i.sku = ? AND p.gift = 0`,
        )
        .bind(sku)
        .first<{ id: number; name: string; price: number }>();
      if (!item) return null;
      const { results } = await db
        .prepare(
          `SELECT st.id, st.key, st.name, st.address, st.city, st.state, st.allows_pickup, coalesce(s.quantity, 0) AS quantity
             FROM stores st LEFT JOIN stock s ON s.store_id = st.id AND s.product_item_id = ?
            ORDER BY st.id`,
        )
        .bind(item.id)
        .all<StoreStockRow & { id: number }>();
      return { productItemId: item.id, name: item.name, priceCents: item.price, stores: results };
    },
  };
}

/** The cart's shipping (shipping/cart.ts): its lines' stock per store, its CEP and its validated selection. */
export interface CartLineStock {
  productItemId: number;
  amount: number;
  name: string;
  stores: (StoreStockRow & { id: number })[];
}

export interface CartShippingRepo {
  /** Every line of the cart (gifts included: they ship too) with each store's quantity of its SKU. */
  lineStock(cartId: string): Promise<CartLineStock[]>;
  /** Remembers the CEP the cart was last quoted for (validate-shipping re-quotes it). */
  setZip(cartId: string, zip: string): Promise<void>;
  /** Stores the validated selection (prices from the server's quote), or clears it (null). */
  setSelection(cartId: string, zip: string | null, selection: string | null): Promise<boolean>;
}

export function cartShippingRepo(db: D1Database): CartShippingRepo {
  return {
    async lineStock(cartId) {
      const { results } = await db
        .prepare(
          `SELECT ci.id AS line_id, ci.product_item_id, ci.amount, p.name AS line_name, st.id, st.key, st.name, st.address, st.city, st.state, st.allows_pickup,
                  coalesce(s.quantity, 0) AS quantity
             FROM cart_items ci JOIN product_items i ON i.id = ci.product_item_id JOIN products p ON p.id = i.product_id
             CROSS JOIN stores st
             LEFT JOIN stock s ON s.store_id = st.id AND s.product_item_id = ci.product_item_id
            WHERE ci.cart_id = ?
            ORDER BY ci.id, st.id`,
        )
        .bind(cartId)
        .all<
          StoreStockRow & { id: number; line_id: number; product_item_id: number; amount: number; line_name: string }
        >();
      const lines = new Map<number, CartLineStock>();
      for (const { line_id, product_item_id, amount, line_name, ...store } of results) {
        const line = lines.get(line_id) ?? { productItemId: product_item_id, amount, name: line_name, stores: [] };
        line.stores.push(store);
        lines.set(line_id, line);
      }
      return [...lines.values()];
    },
    async setZip(cartId, zip) {
      await db.prepare("UPDATE carts SET shipping_zip = ? WHERE id = ? AND status = 'open'").bind(zip, cartId).run();
    },
    async setSelection(cartId, zip, selection) {
      return changedRows(
        db
          .prepare(
            "UPDATE carts SET shipping_selection = ?, shipping_zip = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ? AND status = 'open'",
          )
          .bind(selection, zip, cartId),
      );
    },
  };
}
