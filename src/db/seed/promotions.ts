import { DAY_MS } from '../../lib/format/dates';
import type { SeedStatement } from './index';

/** The gift SKU the summer coupon puts in the cart (seeded by the catalog with gift_coupon = code). */
const GIFT_ITEM = "(SELECT id FROM product_items WHERE gift_coupon = 'BRINDEVERAO' ORDER BY id LIMIT 1)";

interface SeedCoupon {
  id: number;
  code: string;
  kind: string;
  value?: number;
  min?: number;
  startsAt?: string | null;
  endsAt?: string | null;
  limit?: number | null;
  used?: number;
  perCustomer?: number | null;
  login?: boolean;
  gift?: { title: string; message: string };
}

/** The demo codes of contracts.md (other helpers' e2e tests rely on these exact codes and rules). */
function demoCoupons(now: Date): SeedCoupon[] {
  return [
    { id: 1, code: 'BEMVINDO10', kind: 'percentage', value: 10 },
    // The header's promotion bar advertises it (parameter coupon_code_promotion, seed/index.ts).
    { id: 9, code: 'VERAO10', kind: 'percentage', value: 10 },
    { id: 2, code: 'FRETEGRATIS', kind: 'free_normal_shipping' },
    { id: 3, code: 'FRETEEXPRESSA', kind: 'free_express_shipping' },
    {
      id: 4,
      code: 'BRINDEVERAO',
      kind: 'gift',
      gift: {
        title: 'Você ganhou um brinde!',
        message: 'A Necessaire Brinde Verão foi adicionada à sua sacola, por nossa conta.',
      },
    },
    { id: 5, code: 'CLIENTEVIP', kind: 'fixed', value: 5000, min: 30_000, login: true, perCustomer: 1 },
    { id: 6, code: 'PRAIA15', kind: 'percentage', value: 15 },
    { id: 7, code: 'ESGOTADO', kind: 'percentage', value: 20, limit: 100, used: 100 },
    {
      id: 8,
      code: 'EXPIRADO',
      kind: 'percentage',
      value: 10,
      startsAt: new Date(now.getTime() - 30 * DAY_MS).toISOString(),
      endsAt: new Date(now.getTime() - DAY_MS).toISOString(),
    },
  ];
}

/** Coupons, their restrictions and seller codes. Replaces what was there (reservations go with the carts). */
export function promotionStatements(now: Date): SeedStatement[] {
  const coupons = demoCoupons(now).map((c): SeedStatement => ({
    sql: `INSERT INTO coupons (id, code, kind, value, min_subtotal_cents, starts_at, ends_at, usage_limit, used,
              per_customer_limit, requires_login, gift_product_item_id, modal_gift_title, modal_gift_message)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ${c.gift ? GIFT_ITEM : 'NULL'}, ?, ?)`,
    params: [
      c.id,
      c.code,
      c.kind,
      c.value ?? 0,
      c.min ?? 0,
      c.startsAt ?? null,
      c.endsAt ?? null,
      c.limit ?? null,
      c.used ?? 0,
      c.perCustomer ?? null,
      c.login ? 1 : 0,
      c.gift?.title ?? null,
      c.gift?.message ?? null,
    ],
  }));
  return [
    { sql: 'DELETE FROM coupon_uses', params: [] },
    { sql: 'DELETE FROM coupon_restrictions', params: [] },
    { sql: 'DELETE FROM coupons', params: [] },
    { sql: 'DELETE FROM sellers', params: [] },
    ...coupons,
    { sql: 'INSERT INTO coupon_restrictions (coupon_id, listing_slug) VALUES (?, ?)', params: [6, 'moda-praia'] },
    {
      sql: 'INSERT INTO sellers (id, code, name, discount_pct, free_normal_shipping, free_express_shipping) VALUES (?, ?, ?, ?, ?, ?)',
      params: [1, 'MARIANA10', 'Mariana Alves', 10, 1, 0],
    },
    {
      sql: 'INSERT INTO sellers (id, code, name, discount_pct, free_normal_shipping, free_express_shipping) VALUES (?, ?, ?, ?, ?, ?)',
      params: [2, 'JOAO10', 'João Ribeiro', 10, 0, 0],
    },
  ];
}
