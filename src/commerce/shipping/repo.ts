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
  /** The product's name (a bag line's name). */
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
