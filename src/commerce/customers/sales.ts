import type { SalesReport } from '../../contracts/customers';

// Orders that count as sales (paid onwards); pending, cancelled and expired ones do not.
const SOLD = "('paid', 'invoiced', 'shipped', 'delivered')";

/** Sales attributed to the seller codes owned by this customer, totals by month (São Paulo time). */
export async function salesReport(db: D1Database, customerId: number): Promise<SalesReport> {
  const owned = 'SELECT code FROM sellers WHERE customer_id = ?';
  const [sellers, months, orders] = await db.batch([
    db.prepare('SELECT code, name FROM sellers WHERE customer_id = ? ORDER BY code').bind(customerId),
    db
      .prepare(
        `SELECT strftime('%Y-%m', created_at, '-3 hours') AS month, count(*) AS orders, sum(total_cents) AS total FROM orders
          WHERE seller_code COLLATE NOCASE IN (${owned}) AND status IN ${SOLD} GROUP BY month ORDER BY month DESC LIMIT 24`,
      )
      .bind(customerId),
    db
      .prepare(
        `SELECT id, created_at AS createdAt, status, seller_code AS sellerCode, total_cents AS total FROM orders
          WHERE seller_code COLLATE NOCASE IN (${owned}) ORDER BY created_at DESC, id DESC LIMIT 100`,
      )
      .bind(customerId),
  ]);
  return {
    sellers: sellers!.results as SalesReport['sellers'],
    months: months!.results as SalesReport['months'],
    orders: orders!.results as SalesReport['orders'],
  };
}
