import { env } from 'cloudflare:workers';

let seq = 0;
const SHIPPING_OPTION = JSON.stringify({ type: 'normal', carrier: 'Correios', carrierId: 1, price: 0, deadline: 5 });

/**
 * An order of `customerId` written straight into D1 (payment, order, lines) in `status`, delivered at
 * `deliveredAt` when delivered; one line per entry of `amounts`. Returns the order id and its line ids.
 */
export async function insertOrder(
  customerId: number,
  opts: { status?: string; deliveredAt?: Date; amounts?: number[] } = {},
): Promise<{ orderId: number; itemIds: number[] }> {
  seq += 1;
  const key = `exchange-test-${Date.now()}-${seq}-${Math.random().toString(36).slice(2)}`;
  const status = opts.status ?? 'delivered';
  const amounts = opts.amounts ?? [2, 1];
  const item = await env.DB.prepare(
    `SELECT i.id, i.product_id, i.sku, i.color_name, p.slug, p.name FROM product_items i JOIN products p ON p.id = i.product_id
      ORDER BY i.id LIMIT 1`,
  ).first<{ id: number; product_id: number; sku: string; color_name: string; slug: string; name: string }>();
  const store = await env.DB.prepare('SELECT id, key FROM stores ORDER BY id LIMIT 1').first<{
    id: number;
    key: string;
  }>();
  const total = amounts.reduce((s, a) => s + a * 1000, 0);
  const payment = await env.DB.prepare(
    `INSERT INTO payments (idempotency_key, method_id, provider, status, amount_cents, charged_cents)
     VALUES (?, 1, 'rede', 'paid', ?, ?) RETURNING id`,
  )
    .bind(key, total, total)
    .first<{ id: number }>();
  const delivered = status === 'delivered' ? (opts.deliveredAt ?? new Date()).toISOString() : null;
  const order = await env.DB.prepare(
    `INSERT INTO orders (payment_id, idempotency_key, customer_id, email, name, cpf, cart_id, store, store_id, status,
                         payment_method_id, subtotal_cents, total_cents, shipping_option_json, delivered_at)
     VALUES (?, ?, ?, 'cliente@example.com.br', 'Cliente Teste', '12345678909', 'cart', ?, ?, ?, 1, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(payment!.id, key, customerId, store!.key, store!.id, status, total, total, SHIPPING_OPTION, delivered)
    .first<{ id: number }>();
  const itemIds: number[] = [];
  for (const [index, amount] of amounts.entries()) {
    const line = await env.DB.prepare(
      `INSERT INTO order_items (order_id, product_item_id, stock_store_id, product_id, sku, slug, name, size, color_name,
                                amount, list_price_cents, unit_price_cents, total_cents)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1000, 1000, ?) RETURNING id`,
    )
      .bind(
        order!.id,
        item!.id,
        store!.id,
        item!.product_id,
        item!.sku,
        item!.slug,
        `${item!.name} ${index + 1}`,
        'M',
        item!.color_name,
        amount,
        amount * 1000,
      )
      .first<{ id: number }>();
    itemIds.push(line!.id);
  }
  return { orderId: order!.id, itemIds };
}
