import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { seed } from './app-harness';

describe('promotions schema and seed', () => {
  beforeAll(() => seed());

  it('seeds every demo coupon and seller code of the contract', async () => {
    const { results } = await env.DB.prepare('SELECT code, kind, gift_product_item_id FROM coupons ORDER BY id').all<{
      code: string;
      kind: string;
      gift_product_item_id: number | null;
    }>();
    expect(results.map((r) => r.code)).toEqual([
      'BEMVINDO10',
      'FRETEGRATIS',
      'FRETEEXPRESSA',
      'BRINDEVERAO',
      'CLIENTEVIP',
      'PRAIA15',
      'ESGOTADO',
      'EXPIRADO',
      'VERAO10',
    ]);
    expect(results.find((r) => r.code === 'BRINDEVERAO')?.gift_product_item_id).toBeGreaterThan(0);
    const sellers = await env.DB.prepare('SELECT code FROM sellers ORDER BY id').all<{ code: string }>();
    expect(sellers.results.map((s) => s.code)).toEqual(['MARIANA10', 'JOAO10']);
  });

  it('looks codes up case-insensitively and keeps them unique', async () => {
    expect(await env.DB.prepare('SELECT id FROM coupons WHERE code = ?').bind('bemvindo10').first()).not.toBeNull();
    await expect(
      env.DB.prepare("INSERT INTO coupons (code, kind, value) VALUES ('bemVindo10', 'percentage', 5)").run(),
    ).rejects.toThrow(/UNIQUE/);
  });

  it('refuses a use past the usage limit (the guard checkout relies on)', async () => {
    await expect(env.DB.prepare("UPDATE coupons SET used = used + 1 WHERE code = 'ESGOTADO'").run()).rejects.toThrow(
      /CHECK/,
    );
    const row = await env.DB.prepare("SELECT used, usage_limit FROM coupons WHERE code = 'ESGOTADO'").first<{
      used: number;
      usage_limit: number;
    }>();
    expect(row).toEqual({ used: 100, usage_limit: 100 });
  });

  it('re-seeds over existing carts with reservations', async () => {
    await env.DB.batch([
      env.DB.prepare("INSERT INTO carts (id, request_token) VALUES ('seedcart00000000001', 'x')"),
      env.DB.prepare(
        "INSERT INTO coupon_reservations (cart_id, coupon_id, expires_at) VALUES ('seedcart00000000001', 1, '2999-01-01T00:00:00.000Z')",
      ),
    ]);
    await seed();
    expect(await env.DB.prepare('SELECT count(*) AS n FROM coupon_reservations').first('n')).toBe(0);
  });

  it('rejects ledger entries of the wrong sign and invalid shipping selections', async () => {
    const c = await env.DB.prepare(
      "INSERT INTO customers (email, cpf, name) VALUES ('ledger@example.com', '52998224725', 'L') RETURNING id",
    ).first<{ id: number }>();
    await expect(
      env.DB.prepare("INSERT INTO cashback_entries (customer_id, amount_cents, kind) VALUES (?, -5, 'accrual')")
        .bind(c!.id)
        .run(),
    ).rejects.toThrow(/CHECK/);
    await expect(
      env.DB.prepare(
        "INSERT INTO carts (id, request_token, shipping_selection) VALUES ('seedcart00000000002', 'x', 'not json')",
      ).run(),
    ).rejects.toThrow(/CHECK/);
  });
});
