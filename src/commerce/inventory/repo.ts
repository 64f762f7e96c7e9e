/** Stock per store (inventory): what checkout reads to allocate, decrements in its batch, and what a lapsed order gives back. */
export interface StockRow {
  productItemId: number;
  storeId: number;
  storeKey: string;
  quantity: number;
  sku: string;
  productId: number;
}

export interface StoreRow {
  id: number;
  key: string;
  name: string;
  allows_pickup: number;
  cep: string;
  state: string;
}

export interface InventoryRepo {
  stores(): Promise<StoreRow[]>;
  /** Every store's stock of the cart's lines. */
  stockForCart(cartId: string): Promise<StockRow[]>;
  /** Order batch: takes an order line's amount from its stock store (CHECK quantity >= 0 aborts the batch). */
  decrementStatement(line: { productItemId: number; storeId: number; amount: number }): D1PreparedStatement;
  /** Order batch: gives back the stock of the orders matching `where` (alias o), before their status moves. */
  releaseStatements(where: string, params: unknown[]): D1PreparedStatement[];
}

export function inventoryRepo(db: D1Database): InventoryRepo {
  return {
    async stores() {
      return (
        await db.prepare('SELECT id, key, name, allows_pickup, cep, state FROM stores ORDER BY id').all<StoreRow>()
      ).results;
    },
    async stockForCart(cartId) {
      const { results } = await db
        .prepare(
          `SELECT s.product_item_id AS productItemId, s.store_id AS storeId, st.key AS storeKey, s.quantity,
                  i.sku, i.product_id AS productId
             FROM stock s JOIN stores st ON st.id = s.store_id JOIN product_items i ON i.id = s.product_item_id
            WHERE s.product_item_id IN (SELECT product_item_id FROM cart_items WHERE cart_id = ?) ORDER BY s.store_id`,
        )
        .bind(cartId)
        .all<StockRow>();
      return results;
    },
    decrementStatement(line) {
      return db
        .prepare('UPDATE stock SET quantity = quantity - ? WHERE product_item_id = ? AND store_id = ?')
        .bind(line.amount, line.productItemId, line.storeId);
    },
    releaseStatements(where, params) {
      const lines = `FROM order_items oi JOIN orders o ON o.id = oi.order_id
        WHERE ${where} AND oi.product_item_id = stock.product_item_id AND oi.stock_store_id = stock.store_id`;
      return [
        db
          .prepare(
            `UPDATE stock SET quantity = quantity + (SELECT coalesce(sum(oi.amount), 0) ${lines}) WHERE EXISTS (SELECT 1 ${lines})`,
          )
          .bind(...params),
      ];
    },
  };
}
